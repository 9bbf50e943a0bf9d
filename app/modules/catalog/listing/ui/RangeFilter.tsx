import { useEffect, useRef, useState } from 'react';
import { formatNumber, parseRangeInput, RANGE_APPLY_DELAY_MS } from './listing-ui.rules.ts';
import styles from './Filters.module.css';

export interface RangeFilterProps {
  title: string;
  unit: string | null;
  /** Bounds over the list without this range (placeholders). */
  min: number | null;
  max: number | null;
  from: number | null;
  to: number | null;
  onApply: (from: number | null, to: number | null) => void;
}

const asText = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));

/**
 * A number specification's range (spec §4): 'от' and 'до' with the unit, applied on blur, Enter or
 * a pause in typing; an emptied field removes its bound, both empty remove the range.
 */
export function RangeFilter({ title, unit, min, max, from, to, onApply }: RangeFilterProps) {
  const [fromText, setFromText] = useState(asText(from));
  const [toText, setToText] = useState(asText(to));
  /** Typed since the last apply: a page arriving meanwhile must not overwrite it. */
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A new page (Back, 'Сбросить', a shared link) brings its own range; what the visitor is still
  // typing wins.
  useEffect(() => {
    if (dirty.current) return;
    setFromText(asText(from));
    setToText(asText(to));
  }, [from, to]);

  const parsedFrom = parseRangeInput(fromText);
  const parsedTo = parseRangeInput(toText);

  const apply = (f = fromText, t = toText) => {
    clearTimeout(timer.current);
    const a = parseRangeInput(f);
    const b = parseRangeInput(t);
    if (a === undefined || b === undefined) return; // a typo is marked, not sent
    dirty.current = false;
    if (a === from && b === to) return;
    onApply(a, b);
  };

  const schedule = (f: string, t: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(f, t), RANGE_APPLY_DELAY_MS);
  };

  const unitText = unit ? `, ${unit}` : '';
  const field = (side: 'from' | 'to') => {
    const text = side === 'from' ? fromText : toText;
    const parsed = side === 'from' ? parsedFrom : parsedTo;
    const bound = side === 'from' ? min : max;
    const word = side === 'from' ? 'от' : 'до';
    return (
      <label className={styles.rangeField}>
        <span className={styles.rangeWord}>{word}</span>
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-label={`${title} ${word}${unitText}`}
          aria-invalid={parsed === undefined || undefined}
          placeholder={bound === null ? '' : formatNumber(bound)}
          value={text}
          onChange={(e) => {
            const value = e.target.value;
            dirty.current = true;
            if (side === 'from') { setFromText(value); schedule(value, toText); } else { setToText(value); schedule(fromText, value); }
          }}
          onBlur={() => apply()}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); apply(); } }}
        />
      </label>
    );
  };

  return (
    <fieldset className={styles.group} data-changed={from !== null || to !== null || undefined}>
      {/* One flex item: the legend's gap would stand between the title and its unit ('ширина , м'). */}
      <legend className={styles.legend}><span>{title}{unit ? <span className={styles.unit}>, {unit}</span> : null}</span></legend>
      <div className={styles.range}>
        {field('from')}
        <span aria-hidden="true" className={styles.dash}>–</span>
        {field('to')}
      </div>
      {parsedFrom === undefined || parsedTo === undefined ? <p className={styles.rangeError} role="alert">Введите число</p> : null}
    </fieldset>
  );
}
