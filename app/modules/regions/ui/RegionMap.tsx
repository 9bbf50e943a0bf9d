/*
 * Loaded only through React.lazy from RegionModal: Leaflet touches `window` on import and its JS and
 * CSS weigh more than the rest of the header, so neither may reach the initial page bundle or SSR.
 */
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { RegionOption } from '#app/modules/regions/regions.schema.ts';
import styles from './RegionMap.module.css';

export interface RegionMapProps {
  regions: RegionOption[];
  selectedId: number | null;
  center: [number, number];
  zoom: number;
  tileUrl: string;
  attribution: string;
  onSelect: (id: number) => void;
}

// Leaflet paints SVG outside React, so it cannot read CSS custom properties through props; these are
// resolved from tokens.css at mount and fall back to the same values.
interface MarkerColours { brand: string; muted: string; bg: string }

function markerColours(el: HTMLElement): MarkerColours {
  const css = getComputedStyle(el);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return { brand: read('--color-brand', '#1d5a34'), muted: read('--color-muted', '#59645e'), bg: read('--color-bg', '#ffffff') };
}

function markerStyle(selected: boolean, c: MarkerColours): L.CircleMarkerOptions {
  return selected
    ? { radius: 10, color: c.bg, weight: 3, fillColor: c.brand, fillOpacity: 1 }
    : { radius: 6, color: c.bg, weight: 2, fillColor: c.muted, fillOpacity: 0.85 };
}

function tooltipContent(region: RegionOption): HTMLElement {
  // Built as DOM rather than an HTML string so a label can never inject markup.
  const root = document.createElement('div');
  const label = document.createElement('strong');
  label.textContent = region.label;
  const centre = document.createElement('div');
  centre.textContent = region.adminCenter;
  root.append(label, centre);
  return root;
}

export default function RegionMap({ regions, selectedId, center, zoom, tileUrl, attribution, onSelect }: RegionMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const markersRef = useRef(new Map<number, L.CircleMarker>());
  const coloursRef = useRef<MarkerColours | null>(null);
  // Markers are rebuilt only when the regions change; the latest callback and selection are read
  // through refs so a new parent closure does not tear every marker down.
  const onSelectRef = useRef(onSelect);
  const selectedRef = useRef(selectedId);
  useEffect(() => {
    onSelectRef.current = onSelect;
    selectedRef.current = selectedId;
  });

  // The map itself lives for the component's lifetime; view, tiles and markers are applied by the
  // effects below, which run after this one in declaration order.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    coloursRef.current = markerColours(container);
    // The map sits inside a scrolling dialog: wheel zoom would hijack the list scroll.
    const map = L.map(container, { scrollWheelZoom: false });
    map.attributionControl.setPrefix(false);
    mapRef.current = map;
    layerRef.current = L.layerGroup().addTo(map);
    // The container may be measured while the dialog is still opening or the viewport rotates.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    resize?.observe(container);
    const markers = markersRef.current;
    return () => {
      resize?.disconnect();
      map.remove();
      markers.clear();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, []);

  const [lat, lng] = center;
  useEffect(() => {
    mapRef.current?.setView([lat, lng], zoom);
  }, [lat, lng, zoom]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    // Tiles are configured by the server and may fail to load (offline, tests): markers do not depend on them.
    const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 18 }).addTo(map);
    return () => { tiles.remove(); };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const layer = layerRef.current;
    const colours = coloursRef.current;
    if (!layer || !colours) return;
    const markers = markersRef.current;
    layer.clearLayers();
    markers.clear();
    for (const region of regions) {
      const marker = L.circleMarker(region.center, {
        ...markerStyle(region.id === selectedRef.current, colours),
        className: styles.marker,
        bubblingMouseEvents: false,
      });
      marker.bindTooltip(tooltipContent(region), { direction: 'top', offset: [0, -8] });
      marker.on('click', () => onSelectRef.current(region.id));
      marker.addTo(layer);
      markers.set(region.id, marker);
      // Markers are pointer-only on purpose: the list under the map offers the same choice to keyboard
      // and screen-reader users, and 80+ tab stops on the map would bury it.
      marker.getElement()?.setAttribute('data-region-id', String(region.id));
    }
  }, [regions]);

  useEffect(() => {
    const colours = coloursRef.current;
    if (!colours) return;
    for (const [id, marker] of markersRef.current) {
      const selected = id === selectedId;
      marker.setStyle(markerStyle(selected, colours));
      marker.getElement()?.setAttribute('data-selected', String(selected));
      // The selected marker must not hide under its neighbours.
      if (selected) marker.bringToFront();
    }
  }, [selectedId, regions]);

  return (
    <div className={styles.frame}>
      <div ref={containerRef} className={styles.map} role="region" aria-label="Карта регионов: выбор также доступен в списке" />
    </div>
  );
}
