import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { PanzoomObject } from '@panzoom/panzoom';
import { centredPan } from '../line.rules.ts';
import { PARTS_LINE_TEXTS, STOCK_TONE_LABELS, type CalloutView, type DrawingView, type StockTone } from '../line.schema.ts';
import { PartRows } from './PartRows.tsx';
import styles from './DrawingViewer.module.css';

/** Zoom bounds and steps of the viewer. */
const MIN_SCALE = 1;
const MAX_SCALE = 8;
const STEP = 0.35;
/** A found or chosen position is shown at least this large. */
const FOCUS_SCALE = 2.5;
/** Keyboard panning, in screen pixels per key press. */
const PAN_STEP_PX = 60;

const TONES: StockTone[] = ['here', 'elsewhere', 'order'];

type Mark = 'data-hover' | 'data-active';

/**
 * Back to the whole drawing, without animation: panzoom's reset animates by default, and with
 * `contain: 'outside'` a zoom asked for during that animation measures the stage at its passing
 * size (its transform is applied a frame later), so the next 'Вписать' could stop short of the fit.
 */
const fit = (instance: PanzoomObject) => instance.reset({ animate: false });

export interface DrawingWorkspaceProps {
  drawing: DrawingView;
  signedIn: boolean;
}

/**
 * The drawing with its callouts and the part rows (issue 9 point 3). Zoom and pan by wheel, pinch,
 * buttons and keys (`@panzoom/panzoom`, loaded with the viewer, not with the shell); a balloon and
 * its rows highlight each other on hover and click through data attributes set on the few elements
 * concerned, so an interaction never re-renders the list (ADR 032). Its ids come from the drawing
 * (one workspace on a page).
 */
export function DrawingWorkspace({ drawing, signedIn }: DrawingWorkspaceProps) {
  const root = useRef<HTMLDivElement>(null);
  const viewer = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const pz = useRef<PanzoomObject | null>(null);
  const [ready, setReady] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);
  const searchId = `drawing-${drawing.id}-position`;
  const hintId = `drawing-${drawing.id}-hint`;

  const mark = (attr: Mark, callout: number | null) => {
    const el = root.current;
    if (!el) return;
    for (const node of el.querySelectorAll(`[${attr}]`)) node.removeAttribute(attr);
    if (callout !== null) for (const node of el.querySelectorAll(`[data-callout="${callout}"]`)) node.setAttribute(attr, '');
  };

  /**
   * Centres a balloon in the frame, zoomed in at least to FOCUS_SCALE; one near the drawing's edge
   * goes as near the centre as the drawing still covering the frame allows.
   */
  const centre = (callout: number) => {
    const c = drawing.callouts.find((x) => x.callout === callout);
    const el = stage.current;
    const instance = pz.current;
    if (!c || !el || !instance) return;
    const w = el.offsetWidth;
    const h = el.offsetHeight;
    const scale = Math.max(instance.getScale(), FOCUS_SCALE);
    instance.zoom(scale, { animate: false });
    // Panzoom applies a transform a frame later, so its own containment would measure the stage at
    // the scale before this zoom and clamp the pan to the wrong bounds (an edge balloon then stayed
    // out of the frame): the bounds are computed here from the layout size, which no transform changes.
    const [x, y] = centredPan(c, drawing, w, h, scale);
    instance.pan(x, y, { animate: false, force: true, contain: undefined });
  };

  const behavior = (): ScrollBehavior => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
  /** Whether the drawing is pinned above the rows (≥ 992 px, the module's CSS): rows then pass under it. */
  const pinned = () => viewer.current !== null && getComputedStyle(viewer.current).position === 'sticky';

  const showRow = (callout: number) => {
    const row = root.current?.querySelector<HTMLElement>(`tr[data-callout="${callout}"]`);
    // Under a pinned drawing the middle of the window is behind it: the row goes to the bottom.
    row?.scrollIntoView({ block: pinned() ? 'end' : 'center', behavior: behavior() });
  };

  /** A row's 'Показать позицию N на чертеже' shows the drawing when it is off screen (a phone, a long list). */
  const showDrawing = () => {
    const box = frame.current?.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > innerHeight)) frame.current?.scrollIntoView({ block: 'center', behavior: behavior() });
  };

  const select = (callout: number, from: 'drawing' | 'row' | 'search') => {
    mark('data-active', callout);
    if (from !== 'drawing') centre(callout);
    if (from === 'row') showDrawing();
    else showRow(callout);
  };

  // A link to a position on this drawing ('#callout-7', from the parts list) selects it.
  const onReady = useEffectEvent(() => {
    const linked = /^#callout-(\d{1,4})$/.exec(location.hash);
    if (linked) select(Number(linked[1]), 'search');
  });

  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    void import('@panzoom/panzoom').then(({ default: Panzoom }) => {
      const el = stage.current;
      const box = frame.current;
      if (disposed || !el || !box) return;
      const instance = Panzoom(el, { minScale: MIN_SCALE, maxScale: MAX_SCALE, step: STEP, contain: 'outside', cursor: 'grab', animate: false, exclude: [] });
      const wheel = (e: WheelEvent) => { e.preventDefault(); instance.zoomWithWheel(e); };
      box.addEventListener('wheel', wheel, { passive: false });
      pz.current = instance;
      setReady(true);
      onReady();
      cleanup = () => { box.removeEventListener('wheel', wheel); instance.destroy(); pz.current = null; };
    });
    return () => { disposed = true; cleanup(); };
  }, [drawing.id]);

  const calloutOf = (target: EventTarget | null): number | null => {
    const el = (target as Element | null)?.closest?.('[data-callout]');
    const n = el ? Number(el.getAttribute('data-callout')) : NaN;
    return Number.isInteger(n) ? n : null;
  };

  // Hover and click anywhere in the workspace: one listener each, delegated.
  const onOver = (e: ReactPointerEvent<HTMLDivElement>) => mark('data-hover', calloutOf(e.target));
  const onLeave = () => mark('data-hover', null);

  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = String(new FormData(e.currentTarget).get('position') ?? '').trim();
    const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (drawing.callouts.some((c) => c.callout === n)) {
      setSearchError(null);
      select(n, 'search');
    } else {
      setSearchError(text ? PARTS_LINE_TEXTS.positionNotFound(text) : 'Введите номер позиции');
    }
  };

  const onFrameKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const instance = pz.current;
    if (!instance || e.altKey || e.ctrlKey || e.metaKey) return;
    const pan = (dx: number, dy: number) => instance.pan(dx / instance.getScale(), dy / instance.getScale(), { relative: true, animate: false });
    const actions: Record<string, () => void> = {
      '+': () => instance.zoomIn(), '=': () => instance.zoomIn(), '-': () => instance.zoomOut(), '0': () => fit(instance),
      ArrowLeft: () => pan(PAN_STEP_PX, 0), ArrowRight: () => pan(-PAN_STEP_PX, 0), ArrowUp: () => pan(0, PAN_STEP_PX), ArrowDown: () => pan(0, -PAN_STEP_PX),
    };
    const action = actions[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };

  const onCalloutKey = (e: KeyboardEvent<SVGGElement>, callout: number) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      select(callout, 'drawing');
    }
  };

  return (
    <div ref={root} className={styles.workspace} onPointerOver={onOver} onPointerLeave={onLeave} data-testid="drawing-workspace">
      <div ref={viewer} className={styles.viewer} data-testid="drawing-viewer">
        <div className={styles.toolbar}>
          <WorkspaceToolbar
            title={drawing.title} searchId={searchId} invalid={searchError !== null} ready={ready} onSearch={onSearch}
            onZoomIn={() => pz.current?.zoomIn()} onZoomOut={() => pz.current?.zoomOut()} onFit={() => { if (pz.current) fit(pz.current); }}
          />
        </div>
        {searchError ? <p id={`${searchId}-error`} className={styles.error} role="alert">{searchError}</p> : null}
        <div
          ref={frame}
          className={styles.frame}
          tabIndex={0}
          role="group"
          aria-label={`Чертёж «${drawing.title}»`}
          aria-describedby={hintId}
          onKeyDown={onFrameKey}
          data-testid="drawing-frame"
          // At most --drawing-height of the window (the module's CSS), so rows show below it; the width follows.
          style={{ width: `min(100%, calc(var(--drawing-height) * ${drawing.width} / ${drawing.height}))` }}
        >
          <div ref={stage} className={styles.stage} style={{ aspectRatio: `${drawing.width} / ${drawing.height}` }}>
            {/* The page's largest paint: React preloads it in the head. */}
            <img src={drawing.image} width={drawing.width} height={drawing.height} alt={`Схема узла «${drawing.title}»`} className={styles.image} draggable={false} />
            <svg className={styles.overlay} viewBox={`0 0 ${drawing.width} ${drawing.height}`} onClick={(e) => { const n = calloutOf(e.target); if (n !== null) select(n, 'drawing'); }}>
              <g><Callouts callouts={drawing.callouts} onCalloutKey={onCalloutKey} /></g>
            </svg>
          </div>
        </div>
        <p id={hintId} className={styles.hint}>Колесо мыши или щипок — масштаб, перетаскивание — сдвиг; клавиши + − 0 и стрелки.</p>
        <ul className={styles.legend} aria-label="Цвет позиций"><ToneLegend /></ul>
      </div>
      <PartRows rows={drawing.rows} signedIn={signedIn} onRowSelect={(n) => select(n, 'row')} />
    </div>
  );
}

/** The drawing's numbered balloons, coloured by stock at the branch; Enter or Space on one selects it. */
function Callouts({ callouts, onCalloutKey }: { callouts: CalloutView[]; onCalloutKey: (e: KeyboardEvent<SVGGElement>, callout: number) => void }) {
  return callouts.map((c) => (
    <g
      key={c.callout}
      data-callout={c.callout}
      data-tone={c.tone}
      className={styles.callout}
      transform={`translate(${c.x} ${c.y})`}
      role="button"
      tabIndex={0}
      aria-label={`Позиция ${c.callout}: ${STOCK_TONE_LABELS[c.tone].toLowerCase()}`}
      onKeyDown={(e) => onCalloutKey(e, c.callout)}
      data-testid={`callout-${c.callout}`}
    >
      <circle r={24} className={styles.hit} />
      <circle r={14} className={styles.balloon} />
      <text y={5}>{c.callout}</text>
    </g>
  ));
}

interface WorkspaceToolbarProps {
  title: string;
  /** The position field's id (the error below the toolbar is `${searchId}-error`). */
  searchId: string;
  invalid: boolean;
  /** Zooming works once the viewer's code has loaded. */
  ready: boolean;
  onSearch: (e: FormEvent<HTMLFormElement>) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
}

/** The drawing's title, the search by position and the zoom buttons. */
function WorkspaceToolbar({ title, searchId, invalid, ready, onSearch, onZoomIn, onZoomOut, onFit }: WorkspaceToolbarProps) {
  return (
    <>
      <h2 className={styles.title}>{title}</h2>
      <form className={styles.search} onSubmit={onSearch} role="search" aria-label="Поиск позиции на чертеже">
        <label htmlFor={searchId} className={styles.searchLabel}>Позиция №</label>
        <input id={searchId} name="position" inputMode="numeric" pattern="[0-9]*" maxLength={4} autoComplete="off" className={styles.searchInput}
          aria-invalid={invalid || undefined} aria-describedby={invalid ? `${searchId}-error` : undefined} />
        <button type="submit" className={styles.tool}>Найти</button>
      </form>
      <div className={styles.zoom} role="group" aria-label="Масштаб чертежа">
        <button type="button" className={styles.tool} onClick={onZoomIn} disabled={!ready} aria-label="Увеличить">+</button>
        <button type="button" className={styles.tool} onClick={onZoomOut} disabled={!ready} aria-label="Уменьшить">−</button>
        <button type="button" className={styles.tool} onClick={onFit} disabled={!ready}>Вписать</button>
      </div>
    </>
  );
}

/** What the balloons' colours mean. */
function ToneLegend() {
  return TONES.map((t) => <li key={t}><span className={styles.swatch} data-tone={t} aria-hidden="true" />{STOCK_TONE_LABELS[t]}</li>);
}
