import { useId, useState } from 'react';
import { optionDisabled, visibleOptions } from './listing-ui.rules.ts';
import styles from './Filters.module.css';

export interface FilterListEntry {
  /** Unique within the list; also the form value. */
  value: string;
  label: string;
  count: number;
  checked: boolean;
  image?: string | null;
}

export interface FilterListProps {
  /** The list's id, unique on the page. By default one of `useId`. */
  id?: string;
  title: string;
  /** The query key (with `[]`) the entries go under when the form is sent without scripts. */
  name: string;
  entries: FilterListEntry[];
  /** Spec §9: 5 entries at first (models 3), then 'Показать все'. */
  limit: number;
  onToggle: (entry: FilterListEntry) => void;
  /** Spec §4 model lines: choosing one replaces the others. */
  single?: boolean;
  /** Entries the page did not send (a cut list): 'Показать все' asks for them with `onShowAll`. */
  hiddenCount?: number;
  onShowAll?: () => void;
  /** The whole list is on its way, or could not be had. */
  loadingAll?: boolean;
  loadError?: string | null;
}

/** A list filter (spec §3/§4): each entry with its count; entries giving nothing are disabled. */
export function FilterList({ id, title, name, entries, limit, onToggle, single = false, hiddenCount = 0, onShowAll, loadingAll = false, loadError = null }: FilterListProps) {
  const [expanded, setExpanded] = useState(false);
  const generated = useId();
  const listId = id ?? generated;
  const shown = visibleOptions(entries, limit, expanded);
  const chosen = entries.filter((e) => e.checked).length;
  const onMore = () => {
    if (!expanded && hiddenCount > 0) onShowAll?.();
    setExpanded(!expanded);
  };
  return (
    <fieldset className={styles.group} data-changed={chosen > 0 ? 'true' : undefined}>
      <legend className={styles.legend}>
        {title}
        {chosen > 0 ? <span className={styles.chosen}><span className="visually-hidden">, выбрано: </span>{chosen}</span> : null}
      </legend>
      <ul className={styles.options} id={listId}>
        {shown.map((e) => (
          <li key={e.value}>
            <label className={styles.option} data-disabled={optionDisabled(e) || undefined}>
              <input
                type="checkbox"
                name={name}
                value={e.value}
                checked={e.checked}
                disabled={optionDisabled(e)}
                onChange={() => onToggle(e)}
                className={single ? styles.radioLike : undefined}
              />
              {e.image !== undefined ? (
                e.image ? <img src={e.image} alt="" width={32} height={24} className={styles.thumb} loading="lazy" decoding="async" /> : <span className={styles.thumb} />
              ) : null}
              <span className={styles.label}>{e.label}</span>
              <span className={styles.count}>{e.count.toLocaleString('ru-RU')}</span>
            </label>
          </li>
        ))}
      </ul>
      {expanded && loadError ? <p className={styles.loadError} role="alert">{loadError}</p> : null}
      {entries.length > limit || hiddenCount > 0 ? (
        <button
          type="button"
          className={styles.more}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-busy={(expanded && loadingAll) || undefined}
          onClick={onMore}
        >
          {!expanded ? 'Показать все' : loadingAll && hiddenCount > 0 ? 'Загрузка…' : 'Свернуть'}
        </button>
      ) : null}
    </fieldset>
  );
}

/** One yes/no filter ("В наличии", "Только с ценой") with its count; unavailable at 0 unless chosen. */
export function FilterFlag({ label, name, count, checked, onToggle }: { label: string; name: string; count: number; checked: boolean; onToggle: () => void }) {
  const disabled = count === 0 && !checked;
  return (
    <label className={styles.option} data-disabled={disabled || undefined}>
      <input type="checkbox" name={name} value="1" checked={checked} disabled={disabled} onChange={onToggle} />
      <span className={styles.label}>{label}</span>
      <span className={styles.count}>{count.toLocaleString('ru-RU')}</span>
    </label>
  );
}
