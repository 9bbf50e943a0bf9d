import { useEffect, useId, useRef, useState } from 'react';
import { DELIVERY_MESSAGES as M, SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_CHARS } from '../delivery.constants.ts';
import type { AddressSuggestion } from '../delivery.schema.ts';
import { comboboxKey, type ComboboxState } from './delivery-ui.rules.ts';
import { fetchSuggestions } from './use-delivery.ts';
import styles from './DeliveryPanel.module.css';

export interface AddressFieldProps {
  label: string;
  /** The chosen address as one line, shown in the field. */
  value: string;
  onPick: (suggestion: AddressSuggestion) => void;
  /** Stands in for the network in tests. */
  suggest?: typeof fetchSuggestions;
}

/**
 * The address with suggestions: an ARIA 1.2 combobox (input + listbox, aria-activedescendant), keys
 * by `comboboxKey`. Only a suggestion with coordinates can be chosen: the price needs the point.
 */
export function AddressField({ label, value, onPick, suggest = fetchSuggestions }: AddressFieldProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value);
  const [items, setItems] = useState<AddressSuggestion[]>([]);
  const [box, setBox] = useState<ComboboxState>({ open: false, active: -1 });
  const [status, setStatus] = useState<'idle' | 'loading' | 'empty' | 'error'>('idle');
  const [error, setError] = useState('');
  const asked = useRef(0);
  const typed = useRef(false);
  const suggestRef = useRef(suggest);
  useEffect(() => { suggestRef.current = suggest; });

  useEffect(() => { setText(value); }, [value]);

  useEffect(() => {
    if (!typed.current) return;
    const q = text.trim();
    if (q.length < SUGGEST_MIN_CHARS) {
      setItems([]);
      setBox({ open: false, active: -1 });
      setStatus('idle');
      return;
    }
    const n = ++asked.current;
    const timer = setTimeout(async () => {
      setStatus('loading');
      const answer = await suggestRef.current(q);
      if (n !== asked.current) return;
      if (answer.error_status !== 'success') {
        setItems([]);
        setStatus('error');
        setError(answer.message || M.suggestFailed);
        setBox({ open: false, active: -1 });
        return;
      }
      const usable = answer.suggestions.filter((s) => s.coords !== null);
      setItems(usable);
      setStatus(usable.length ? 'idle' : 'empty');
      setBox({ open: usable.length > 0, active: -1 });
    }, SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const choose = (i: number) => {
    const s = items[i];
    if (!s) return;
    typed.current = false;
    asked.current++;
    setText(s.value);
    setBox({ open: false, active: -1 });
    setItems([]);
    setStatus('idle');
    onPick(s);
  };

  const open = box.open && items.length > 0;
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      <div className={styles.combo}>
        <input
          id={id}
          className={styles.input}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          placeholder="Город, улица, дом"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && box.active >= 0 ? `${listId}-${box.active}` : undefined}
          aria-describedby={hintId}
          value={text}
          onChange={(e) => { typed.current = true; setText(e.target.value); }}
          onKeyDown={(e) => {
            const result = comboboxKey(e.key, box, items.length);
            if (!result.handled) return;
            e.preventDefault();
            setBox(result.state);
            if (result.choose !== undefined) choose(result.choose);
          }}
          onBlur={() => setBox((b) => ({ ...b, open: false }))}
        />
        <ul id={listId} role="listbox" aria-label="Подсказки адреса" className={styles.listbox} hidden={!open}>
          {items.map((s, i) => (
            <li
              key={`${s.value}-${i}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === box.active}
              className={styles.option}
              // mousedown, not click: the input's blur would close the list before the click lands.
              onMouseDown={(e) => { e.preventDefault(); choose(i); }}
            >
              {s.value}
            </li>
          ))}
        </ul>
      </div>
      <p id={hintId} className={status === 'error' ? styles.error : styles.hint} aria-live="polite">
        {status === 'loading' ? 'Ищем адрес…'
          : status === 'empty' ? M.noSuggestions
            : status === 'error' ? error
              : value && text === value ? 'Чтобы выбрать другой адрес, начните вводить его'
                : 'Начните вводить адрес и выберите его из подсказок'}
      </p>
    </div>
  );
}
