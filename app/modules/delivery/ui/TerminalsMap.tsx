/*
 * Loaded only through React.lazy from DeliveryPanel, and only when the terminals method is open:
 * Leaflet touches `window` on import and weighs more than the rest of the panel, so neither it nor
 * its CSS may reach SSR or the cart's first bundle. Tiles come from the configured MAP_TILE_URL
 * (the journeys point it at the test server, so nothing is downloaded in tests).
 */
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { Carrier } from '../delivery.constants.ts';
import type { Coords } from '../delivery.rules.ts';
import type { TerminalView } from '../delivery.schema.ts';
import styles from './DeliveryPanel.module.css';

export interface TerminalsMapProps {
  terminals: TerminalView[];
  address: Coords;
  selectedId: number | null;
  tileUrl: string;
  attribution: string;
  onSelect: (terminal: TerminalView) => void;
}

/** One colour per company, so the map reads like the list's legend. */
export const CARRIER_COLOURS: Record<Carrier, string> = { cdek: '#1d8a3a', dellin: '#c2410c', pek: '#1d4ed8' };

function tooltip(t: TerminalView): HTMLElement {
  // DOM rather than an HTML string: an address can never inject markup.
  const root = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = t.carrierName;
  const line = document.createElement('div');
  line.textContent = `${t.city}, ${t.address}`;
  root.append(name, line);
  return root;
}

export default function TerminalsMap({ terminals, address, selectedId, tileUrl, attribution, onSelect }: TerminalsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const onSelectRef = useRef(onSelect);
  useEffect(() => { onSelectRef.current = onSelect; });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { scrollWheelZoom: false });
    map.attributionControl.setPrefix(false);
    mapRef.current = map;
    layerRef.current = L.layerGroup().addTo(map);
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    resize?.observe(container);
    return () => {
      resize?.disconnect();
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    // Tiles may fail to load (offline, tests): the markers do not depend on them.
    const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 18 }).addTo(map);
    return () => { tiles.remove(); };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    const home = L.circleMarker([address.lat, address.long], { radius: 7, color: '#ffffff', weight: 3, fillColor: '#1c2320', fillOpacity: 1 });
    home.bindTooltip('Ваш адрес', { direction: 'top', offset: [0, -8] });
    home.addTo(layer);
    for (const t of terminals) {
      const selected = t.id === selectedId;
      const marker = L.circleMarker([t.coords.lat, t.coords.long], {
        radius: selected ? 10 : 7, color: '#ffffff', weight: selected ? 3 : 2, fillColor: CARRIER_COLOURS[t.carrier], fillOpacity: selected ? 1 : 0.85,
        bubblingMouseEvents: false,
      });
      marker.bindTooltip(tooltip(t), { direction: 'top', offset: [0, -8] });
      marker.on('click', () => onSelectRef.current(t));
      marker.addTo(layer);
      // Pointer-only on purpose: the list beside the map offers the same choice to the keyboard.
      marker.getElement()?.setAttribute('data-terminal-id', String(t.id));
      if (selected) marker.bringToFront();
    }
  }, [terminals, address.lat, address.long, selectedId]);

  // Framed when the terminals or the address change, not when one is chosen: the view stays put.
  useEffect(() => {
    const points: L.LatLngExpression[] = [[address.lat, address.long], ...terminals.map((t): L.LatLngExpression => [t.coords.lat, t.coords.long])];
    mapRef.current?.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 13 });
  }, [terminals, address.lat, address.long]);

  return (
    <div className={styles.mapFrame}>
      <div ref={containerRef} className={styles.map} role="region" aria-label="Терминалы на карте: выбор также доступен в списке" />
    </div>
  );
}
