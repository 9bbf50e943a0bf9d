import { useId, useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { formStyles } from '#app/components/forms/form-kit.tsx';
import { useAsYouType } from '#app/components/ui/use-as-you-type.ts';
import { MODEL_CHOICES } from '../yard.constants.ts';
import type { ModelChoice } from '../yard.rules.ts';
import styles from './yard.module.css';

/** What the box reads of `GET /api/search`'s answer (spec §7 as this shop serves it). */
interface SearchAnswer { groups: Array<{ kind: string; hits: Array<{ id: string; title: string; subtitle: string | null }> }> }

export interface ModelComboboxProps {
  label: string;
  /** The text in the box (`modelQuery`). */
  value: string;
  error?: string;
  hint?: string;
  /** Typing: the chosen model is forgotten until another is chosen. */
  onType: (text: string) => void;
  onChoose: (choice: ModelChoice) => void;
  onBlur?: () => void;
  'data-field'?: string;
}

/**
 * The model box of the machine form: a text field named `modelQuery` that, once the page has its
 * scripts, suggests catalogue models as the user types (the site search's JSON endpoint,
 * `GET /api/search`, its model hits) in an ARIA combobox: arrows move, Enter chooses, Escape closes. Before the
 * scripts it is a plain text box and the server finds the model by the name typed.
 */
export function ModelCombobox({ label, value, error, hint, onType, onChoose, onBlur, ...rest }: ModelComboboxProps): ReactElement {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // Only what the user typed is searched: the edit form opens with the model's name already there.
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = typed.trim();
  const state = useAsYouType<SearchAnswer>(query.length >= 2 ? `/api/search?q=${encodeURIComponent(query)}&limit=${MODEL_CHOICES}` : null);
  const result = state.status === 'ready' ? state.result : state.status === 'loading' ? state.previous : null;
  const options: ModelChoice[] = (result?.groups.find((g) => g.kind === 'model')?.hits ?? [])
    .map((h) => ({ id: Number(h.id), title: h.title, subtitle: h.subtitle }));
  const shown = open && typed.trim().length >= 2;
  const status = !shown ? '' : state.status === 'error' ? state.message
    : state.status === 'loading' && !options.length ? 'Ищем модели…'
      : state.status === 'ready' && !options.length ? 'Такой модели не нашлось. Попробуйте название короче или код модели' : '';

  const choose = (choice: ModelChoice) => {
    onChoose(choice);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter' && shown && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${formStyles.field} ${styles.combo}`} data-field={rest['data-field']}>
      <label className={formStyles.label} htmlFor={id}>{label}</label>
      {/* The suggestions open right under the box, over what follows. */}
      <div className={styles.comboBox}>
        <input
          id={id}
          name="modelQuery"
          className={formStyles.input}
          value={value}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown && options.length > 0}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const text = event.currentTarget.value;
            onType(text);
            setTyped(text);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          // On a phone the suggestions open below the box: bring the box to the top of the screen
          // first, so they are not hidden behind the on-screen keyboard.
          onFocus={(event) => {
            if (window.matchMedia('(max-width: 767px)').matches) event.currentTarget.scrollIntoView({ block: 'start', inline: 'nearest' });
          }}
          onBlur={() => { setOpen(false); onBlur?.(); }}
        />
        <ul id={listId} role="listbox" aria-label="Подходящие модели" className={styles.options} hidden={!shown || !options.length}>
          {options.map((o, i) => (
            <li
              key={o.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={styles.option}
              // Keeps focus in the box: the click chooses, the box does not blur first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(o)}
            >
              <span className={styles.optionTitle}>{o.title}</span>
              {o.subtitle ? <span className={styles.optionSub}>{o.subtitle}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">{shown ? (status || `Моделей найдено: ${options.length}`) : ''}</p>
      {status ? <p className={styles.optionStatus} aria-hidden="true">{status}</p> : null}
      {hint ? <span id={hintId} className={styles.hint}>{hint}</span> : null}
      {error ? <span id={errorId} className={formStyles.error}>{error}</span> : null}
    </div>
  );
}
