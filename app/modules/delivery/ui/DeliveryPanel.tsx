import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { CARRIER_NAMES, DELIVERY_MESSAGES as M, DELIVERY_METHODS, METHOD_LABELS, type Carrier, type DeliveryMethod } from '../delivery.constants.ts';
import {
  addressLine, canRequestDeliveryPrice, deliveryAddressText, deliveryTransition, initialDeliveryState, offerMarks, reloadsCart,
  type CarrierOffer, type DeliveryEvent, type DeliveryState,
} from '../delivery.rules.ts';
import type { AddressSuggestion, TerminalView } from '../delivery.schema.ts';
import { AddressField } from './AddressField.tsx';
import { formatDays, formatKm, formatPrice, terminalsByCarrier } from './delivery-ui.rules.ts';
import { fetchDeliveryPrice, fetchLocatedAddress, fetchNearestTerminals, fetchSuggestions } from './use-delivery.ts';
import styles from './DeliveryPanel.module.css';

const TerminalsMap = lazy(() => import('./TerminalsMap.tsx'));

export interface DeliveryBranch { id: number; name: string; city: string; address: string }

/** The network the panel uses; tests hand in their own. */
export interface DeliveryClient {
  suggest: typeof fetchSuggestions;
  locate: typeof fetchLocatedAddress;
  nearestTerminals: typeof fetchNearestTerminals;
  price: typeof fetchDeliveryPrice;
}

const NETWORK: DeliveryClient = { suggest: fetchSuggestions, locate: fetchLocatedAddress, nearestTerminals: fetchNearestTerminals, price: fetchDeliveryPrice };

/**
 * What the cart page gives the panel and gets back. The panel owns the delivery state of spec §3;
 * the page keeps the last state it was given (for the order and the total) and reloads the cart
 * when `reloadCart` is true (spec §4: method, branch or terminal changed).
 */
export interface DeliveryPanelProps {
  branches: DeliveryBranch[];
  /** Where every method starts (the visitor's branch); null: the first branch. */
  currentBranchId: number | null;
  /** The checked cart lines (spec §5: what is shipped). */
  checkedLines: ReadonlyArray<{ partId: number; count: number }>;
  /** The total of the checked priced lines, in whole currency units. */
  checkedTotal: number;
  /** Checked lines that have a price (spec §5); by default all checked lines. */
  checkedPricedCount?: number;
  currencySign: string;
  /** Map tiles (root data `settings.mapTileUrl`, `settings.mapAttribution`). */
  tileUrl: string;
  attribution: string;
  /** A state to start from (e.g. kept by the page across reloads). */
  initialState?: DeliveryState;
  onChange: (state: DeliveryState, change: { reloadCart: boolean }) => void;
  /** The terminal the visitor chose, whole (the state keeps its id only): the order names its address. */
  onTerminal?: (terminal: TerminalView) => void;
  client?: DeliveryClient;
}

type PriceView = { status: 'idle' } | { status: 'loading' } | { status: 'done'; days: number | null; message?: string };
interface CarrierRow { offer: CarrierOffer | null; answer: PriceAnswer | null; terminalId: number | null; loading: boolean; message?: string }
type PriceAnswer = Awaited<ReturnType<typeof fetchDeliveryPrice>>;

export function DeliveryPanel(props: DeliveryPanelProps) {
  const { branches, currentBranchId, checkedLines, checkedTotal, currencySign, tileUrl, attribution, onChange } = props;
  // Read through a ref: a page that passes a new client object each render must not re-ask the server.
  const clientRef = useRef(props.client ?? NETWORK);
  useEffect(() => { clientRef.current = props.client ?? NETWORK; });
  const suggest = useCallback((q: string) => clientRef.current.suggest(q), []);
  const locate = useCallback((q: string) => clientRef.current.locate(q), []);
  const pricedCount = props.checkedPricedCount ?? checkedLines.length;
  const startBranch = currentBranchId ?? branches[0]?.id ?? null;
  const [state, setState] = useState<DeliveryState>(() => props.initialState ?? initialDeliveryState(startBranch, currencySign));
  const stateRef = useRef(state);
  const onChangeRef = useRef(onChange);
  useEffect(() => { onChangeRef.current = onChange; });

  const apply = useCallback((event: DeliveryEvent) => {
    const next = deliveryTransition(stateRef.current, event);
    stateRef.current = next;
    setState(next);
    onChangeRef.current(next, { reloadCart: reloadsCart(event) });
  }, []);

  const parts = checkedLines.map((l) => ({ id: l.partId, count: l.count }));
  const partsKey = JSON.stringify(parts);
  const nothingChecked = checkedLines.length === 0 || !(checkedTotal > 0) || pricedCount === 0;

  // Spec §4: unchecking all items clears the delivery price.
  useEffect(() => {
    if (nothingChecked) apply({ type: 'nothingChecked' });
  }, [nothingChecked, apply]);

  /* Доставка до адреса: asked again whenever the branch, the address or the checked lines change. */
  const [calcView, setCalcView] = useState<PriceView>({ status: 'idle' });
  const calcAsked = useRef(0);
  useEffect(() => {
    if (state.method !== 'calc' || state.branchIdForCalc === null) return;
    const ready = canRequestDeliveryPrice({ address: state.address, coords: state.coords, checkedTotal, checkedPricedItems: pricedCount });
    if (!ready) {
      // Spec §5: not asked, so the price is zero and the fail flag is set (the view shows what is missing).
      setCalcView({ status: 'idle' });
      const current = stateRef.current;
      if (!current.failCalcDelivery || current.calcDeliveryPrice !== 0) apply({ type: 'calcFailed' });
      return;
    }
    const n = ++calcAsked.current;
    setCalcView({ status: 'loading' });
    void clientRef.current.price({ branch: state.branchIdForCalc, coords: state.coords!, address: state.address, price: checkedTotal, parts: JSON.parse(partsKey), transportCompany: null, idTerminal: null })
      .then((answer) => {
        if (n !== calcAsked.current) return;
        if (answer.fail) {
          apply({ type: 'calcFailed' });
          setCalcView({ status: 'done', days: null, message: answer.message ?? M.failCalc });
        } else {
          apply({ type: 'calcPriced', price: answer.price, currencySign: answer.currencySign, carrierName: answer.carrier, distance: answer.distance ?? 0 });
          setCalcView({ status: 'done', days: answer.days });
        }
      });
  }, [state.method, state.branchIdForCalc, state.address, state.coords, checkedTotal, pricedCount, partsKey, apply]);

  /* До терминала ТК: the nearest terminals of the address, then each company's price side by side. */
  const [terminals, setTerminals] = useState<TerminalView[] | null>(null);
  const [rows, setRows] = useState<Partial<Record<Carrier, CarrierRow>>>({});
  // What each company's row was last asked for: choosing a terminal re-asks only its company, and
  // an answer for an older question is dropped.
  const rowAsked = useRef(new Map<Carrier, string>());
  const [terminalsStatus, setTerminalsStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const [terminalsError, setTerminalsError] = useState('');
  const terminalsAsked = useRef(0);
  const terminalsCoords = state.coordsOfAddressForTerminals;
  useEffect(() => {
    if (state.method !== 'terminals' || !terminalsCoords) return;
    const n = ++terminalsAsked.current;
    // The terminals of the previous address are not priced for the new one meanwhile.
    setTerminals(null);
    setRows({});
    rowAsked.current.clear();
    setTerminalsStatus('loading');
    void clientRef.current.nearestTerminals(stateRef.current.terminalAddress, terminalsCoords).then((answer) => {
      if (n !== terminalsAsked.current) return;
      if (answer.error_status !== 'success') {
        setTerminals(null);
        setTerminalsStatus('error');
        setTerminalsError(answer.message);
        apply({ type: 'terminalsFailed' });
        return;
      }
      setTerminals(answer.terminals);
      setTerminalsStatus('idle');
    });
  }, [state.method, terminalsCoords, apply]);

  useEffect(() => {
    if (state.method !== 'terminals' || !terminals || !terminalsCoords || state.branchIdForTerminals === null) return;
    const ready = canRequestDeliveryPrice({ address: state.terminalAddress, coords: terminalsCoords, checkedTotal, checkedPricedItems: pricedCount });
    if (!ready) {
      rowAsked.current.clear();
      setRows({});
      const current = stateRef.current;
      if (!current.failTerminalsDelivery || current.terminalsDeliveryPrice !== 0) apply({ type: 'terminalsFailed' });
      return;
    }
    const branch = state.branchIdForTerminals;
    const inputs = JSON.stringify([branch, terminalsCoords, state.terminalAddress, checkedTotal, pricedCount, partsKey, terminals.map((t) => t.id)]);
    const groups = terminalsByCarrier(terminals);
    for (const g of groups) {
      const terminalId = (state.transportCompany === g.carrier ? state.idTerminal : null) ?? g.terminals[0]?.id ?? null;
      if (terminalId === null) continue;
      const token = `${inputs}|${terminalId}`;
      if (rowAsked.current.get(g.carrier) === token) {
        // Already priced (the chosen terminal is the one the row shows): the state takes that price.
        const row = rows[g.carrier];
        const current = stateRef.current;
        if (row?.answer && !row.loading && current.transportCompany === g.carrier && current.idTerminal === terminalId && current.terminalsDeliveryPrice === 0 && !current.failTerminalsDelivery) {
          apply(row.answer.fail
            ? { type: 'terminalsFailed' }
            : { type: 'terminalsPriced', price: row.answer.price, currencySign: row.answer.currencySign, carrierName: row.answer.carrier, distance: row.answer.distance });
        }
        continue;
      }
      rowAsked.current.set(g.carrier, token);
      setRows((r) => ({ ...r, [g.carrier]: { offer: null, answer: null, terminalId, loading: true } }));
      void clientRef.current.price({
        branch, coords: terminalsCoords, address: state.terminalAddress, price: checkedTotal,
        parts: JSON.parse(partsKey), transportCompany: g.carrier, idTerminal: terminalId,
      }).then((answer) => {
        if (rowAsked.current.get(g.carrier) !== token) return;
        const offer: CarrierOffer = { carrier: g.carrier, ok: !answer.fail, price: answer.price, days: answer.days };
        setRows((r) => ({ ...r, [g.carrier]: { offer, answer, terminalId, loading: false, message: answer.fail ? (answer.message ?? M.failTerminals) : undefined } }));
        const current = stateRef.current;
        if (current.transportCompany === g.carrier && current.idTerminal === terminalId) {
          apply(answer.fail
            ? { type: 'terminalsFailed' }
            : { type: 'terminalsPriced', price: answer.price, currencySign: answer.currencySign, carrierName: answer.carrier, distance: answer.distance });
        }
      });
    }
  }, [state.method, terminals, terminalsCoords, state.branchIdForTerminals, state.terminalAddress, state.transportCompany, state.idTerminal, checkedTotal, pricedCount, partsKey, apply, rows]);

  const pickTerminal = (t: TerminalView) => {
    props.onTerminal?.(t);
    apply({ type: 'terminal', carrier: t.carrier, terminalId: t.id, carrierName: CARRIER_NAMES[t.carrier] });
  };
  // One address for both kinds of delivery: chosen in either field, it is the other's too.
  const onAddress = (s: AddressSuggestion, typed: string | null) => {
    if (!s.coords) return;
    apply({ type: 'address', address: s.address, coords: s.coords, typed });
  };
  const addressText = deliveryAddressText(state);
  // A typed address is priced to the nearest place the directory knows: the panel says which.
  const approximatePlace = state.typedAddress !== null ? addressLine(state.address) : null;

  const name = useId();
  const offers = Object.values(rows).map((r) => r?.offer).filter((o): o is CarrierOffer => !!o);
  const marks = offerMarks(offers);
  const conditionsHint = nothingChecked ? 'Отметьте товары с ценой — тогда рассчитаем доставку' : null;

  return (
    <section className={styles.panel} aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} className={styles.title}>Способ получения</h2>
      <div className={styles.methods} role="radiogroup" aria-label="Способ получения">
        {DELIVERY_METHODS.map((m) => (
          <label key={m} className={styles.method} data-checked={state.method === m}>
            <input type="radio" name={`${name}-method`} value={m} checked={state.method === m} onChange={() => apply({ type: 'method', method: m })} />
            <span>{METHOD_LABELS[m]}</span>
          </label>
        ))}
      </div>

      <BranchSelect method={state.method} branches={branches} state={state} onSelect={(branchId) => apply({ type: 'branch', method: state.method, branchId })} />

      {state.method === 'pickup' && (
        <p className={styles.note} data-testid="delivery-pickup">
          {pickupLine(branches, state.branchIdForPickup)} Бесплатно.
        </p>
      )}

      {state.method === 'calc' && (
        <div className={styles.block}>
          <AddressField label="Адрес доставки" value={addressText} onPick={onAddress} suggest={suggest} locate={locate} />
          <div className={styles.result} aria-live="polite" data-testid="delivery-calc-result">
            {conditionsHint ? <p className={styles.hint}>{conditionsHint}</p>
              : !state.coords ? <p className={styles.hint}>{M.conditionsNotMet}</p>
                : calcView.status === 'loading' ? <p className={styles.loading}>{M.loading}</p>
                  : state.failCalcDelivery ? <p className={styles.fail} role="alert">{calcView.status === 'done' && calcView.message ? calcView.message : M.failCalc}</p>
                    : calcView.status === 'done' ? (
                      <>
                        <dl className={styles.summary}>
                          <div><dt>Расстояние от филиала</dt><dd>{formatKm(state.distance ?? 0)}</dd></div>
                          <div><dt>Перевозчик</dt><dd>{state.calcCarrierName}</dd></div>
                          {calcView.days !== null && <div><dt>Срок</dt><dd>{formatDays(calcView.days)}</dd></div>}
                          <div className={styles.total}><dt>Доставка</dt><dd>{approximatePlace !== null ? '≈\u00a0' : ''}{formatPrice(state.calcDeliveryPrice, state.currencySign)}</dd></div>
                        </dl>
                        {approximatePlace !== null && <p className={styles.approximate} data-testid="delivery-approximate">{M.approximate(approximatePlace)}</p>}
                      </>
                    ) : null}
          </div>
        </div>
      )}

      {state.method === 'terminals' && (
        <div className={styles.block}>
          <AddressField label="Ваш адрес — найдём ближайшие терминалы" value={addressText} onPick={onAddress} suggest={suggest} locate={locate} />
          {approximatePlace !== null && terminalsCoords && <p className={styles.hint} data-testid="delivery-terminals-approximate">{M.approximateTerminals(approximatePlace)}</p>}
          {conditionsHint && <p className={styles.hint}>{conditionsHint}</p>}
          {terminalsStatus === 'loading' && <p className={styles.loading} aria-live="polite">{M.terminalsLoading}</p>}
          {terminalsStatus === 'error' && <p className={styles.fail} role="alert">{terminalsError || M.failTerminals}</p>}
          {terminals && terminals.length === 0 && <p className={styles.hint}>{M.noTerminals}</p>}
          {terminals && terminals.length > 0 && terminalsCoords && (
            <div className={styles.terminals}>
              <div className={styles.mapSlot}>
                <Suspense fallback={<div className={styles.mapPlaceholder}>Загружаем карту…</div>}>
                  <TerminalsMap terminals={terminals} address={terminalsCoords} selectedId={state.idTerminal} tileUrl={tileUrl} attribution={attribution} onSelect={pickTerminal} />
                </Suspense>
              </div>
              <ul className={styles.carriers} aria-label="Транспортные компании">
                {terminalsByCarrier(terminals).map((g) => {
                  const row = rows[g.carrier];
                  return (
                    <li key={g.carrier} className={styles.carrier} data-carrier={g.carrier} data-chosen={state.transportCompany === g.carrier}>
                      <div className={styles.carrierHead}>
                        <strong className={styles.carrierName}>{g.carrierName}</strong>
                        {marks.cheapest === g.carrier && <span className={styles.badge}>{M.cheapest}</span>}
                        {marks.fastest === g.carrier && <span className={`${styles.badge} ${styles.badgeFast}`}>{M.fastest}</span>}
                      </div>
                      <p className={styles.carrierPrice} aria-live="polite">
                        {!row ? '—'
                          : row.loading ? <span className={styles.loading}>Считаем…</span>
                            : row.offer?.ok ? <><strong>{formatPrice(row.offer.price, state.currencySign)}</strong>{row.offer.days !== null && <span> · {formatDays(row.offer.days)}</span>}</>
                              : <span className={styles.fail}>{row.message ?? M.failTerminals}</span>}
                      </p>
                      <fieldset className={styles.terminalList}>
                        <legend className="visually-hidden">Терминалы {g.carrierName}</legend>
                        {g.terminals.map((t) => (
                          <label key={t.id} className={styles.terminal}>
                            <input
                              type="radio"
                              name={`${name}-terminal`}
                              value={t.id}
                              checked={state.idTerminal === t.id}
                              onChange={() => pickTerminal(t)}
                            />
                            <span>{t.city}, {t.address}<span className={styles.distance}> · {formatKm(t.distanceKm)}</span></span>
                          </label>
                        ))}
                      </fieldset>
                    </li>
                  );
                })}
              </ul>
              <div className={styles.result} aria-live="polite" data-testid="delivery-terminals-result">
                {state.idTerminal === null ? <p className={styles.hint}>Выберите терминал — цена доставки до него войдёт в заказ</p>
                  : conditionsHint ? null
                  : state.failTerminalsDelivery ? <p className={styles.fail} role="alert">{M.failTerminals}</p>
                    : state.terminalsDeliveryPrice > 0 ? (
                      <dl className={styles.summary}>
                        <div><dt>Перевозчик</dt><dd>{state.terminalsCarrierName}</dd></div>
                        {state.distanceForTerminals !== null && <div><dt>Расстояние от филиала</dt><dd>{formatKm(state.distanceForTerminals)}</dd></div>}
                        <div className={styles.total}><dt>Доставка до терминала</dt><dd>{formatPrice(state.terminalsDeliveryPrice, state.currencySign)}</dd></div>
                      </dl>
                    ) : <p className={styles.loading}>{M.loading}</p>}
              </div>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

function pickupLine(branches: DeliveryBranch[], id: number | null): string {
  const b = branches.find((x) => x.id === id);
  return b ? `Заберите заказ в филиале ${b.name}: ${b.city}, ${b.address}.` : 'Выберите филиал, где заберёте заказ.';
}

function BranchSelect({ method, branches, state, onSelect }: { method: DeliveryMethod; branches: DeliveryBranch[]; state: DeliveryState; onSelect: (id: number) => void }) {
  const id = useId();
  const value = method === 'pickup' ? state.branchIdForPickup : method === 'calc' ? state.branchIdForCalc : state.branchIdForTerminals;
  const label = method === 'pickup' ? 'Филиал самовывоза' : 'Филиал отгрузки';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      <select id={id} className={styles.select} value={value ?? ''} onChange={(e) => onSelect(Number(e.target.value))} disabled={branches.length === 0}>
        {value === null && <option value="">Выберите филиал</option>}
        {branches.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
      </select>
    </div>
  );
}
