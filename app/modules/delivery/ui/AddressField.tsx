import { useEffect, useId, useRef, useState } from 'react';
import { DELIVERY_MESSAGES as M, SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_CHARS } from '../delivery.constants.ts';
import type { AddressSuggestion } from '../delivery.schema.ts';
import { comboboxKey, type ComboboxState } from './delivery-ui.rules.ts';
import { fetchLocatedAddress, fetchSuggestions } from './use-delivery.ts';
import styles from './DeliveryPanel.module.css';

export interface AddressFieldProps {
  label: string;
  /** The chosen address as one line (or as the visitor typed it), shown in the field. */
  value: string;
  /** `typed`: the visitor's own text when he used it rather than a suggestion (its point is approximate). */
  onPick: (suggestion: AddressSuggestion, typed: string | null) => void;
  /** Stand in for the network in tests. */
  suggest?: typeof fetchSuggestions;
  locate?: typeof fetchLocatedAddress;
}

/**
 * The address with suggestions: an ARIA 1.2 combobox (input + listbox, aria-activedescendant), keys
 * by `comboboxKey`. A suggestion with coordinates can be chosen; when none matches, the text as typed
 * can be used ('Использовать введённый адрес', or Enter with no suggestion active): the server places
 * it at the nearest point it knows, and the price to it is approximate (issue 28 §4 point 13).
 */
export function AddressField({ label, value, onPick, suggest = fetchSuggestions, locate = fetchLocatedAddress }: AddressFieldProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value);
  const [items, setItems] = useState<AddressSuggestion[]>([]);
  const [box, setBox] = useState<ComboboxState>({ open: false, active: -1 });
  const [status, setStatus] = useState<'idle' | 'loading' | 'empty' | 'error' | 'locating'>('idle');
  const [error, setError] = useState('');
  const asked = useRef(0);
  const typed = useRef(false);
  const suggestRef = useRef(suggest);
  const locateRef = useRef(locate);
  useEffect(() => { suggestRef.current = suggest; locateRef.current = locate; });

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
      // The typed text was used meanwhile: nothing to suggest for it.
      if (n !== asked.current) return;
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
    onPick(s, null);
  };

  // The text as typed can be used once it is long enough and is not what the field already holds.
  const typedText = text.replace(/\s+/g, ' ').trim();
  const canUseTyped = typedText.length >= SUGGEST_MIN_CHARS && typedText !== value && status !== 'locating';
  const takeTyped = async () => {
    if (!canUseTyped) return;
    const n = ++asked.current;
    setBox({ open: false, active: -1 });
    setStatus('locating');
    const answer = await locateRef.current(typedText);
    if (n !== asked.current) return;
    if (answer.error_status !== 'success') {
      setStatus('error');
      setError(answer.message || M.suggestFailed);
      return;
    }
    typed.current = false;
    setItems([]);
    setStatus('idle');
    setText(answer.suggestion.value);
    onPick(answer.suggestion, answer.suggestion.value);
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
            if (!result.handled && e.key === 'Enter' && canUseTyped) {
              // Enter with no suggestion active: the address as typed.
              e.preventDefault();
              void takeTyped();
              return;
            }
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
          : status === 'locating' ? M.locating
            : status === 'empty' ? M.noSuggestions
              : status === 'error' ? error
                : value && text === value ? 'Чтобы выбрать другой адрес, начните вводить его'
                  : 'Начните вводить адрес и выберите его из подсказок'}
      </p>
      {canUseTyped ? (
        // mousedown: the input's blur must not close anything before the press lands.
        <button type="button" className={styles.useTyped} onMouseDown={(e) => e.preventDefault()} onClick={() => void takeTyped()}>
          {M.useTyped}
        </button>
      ) : null}
    </div>
  );
}
