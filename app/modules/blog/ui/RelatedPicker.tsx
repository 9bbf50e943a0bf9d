import { useEffect, useId, useState } from 'react';
import { EditorField, editorStyles } from '#app/components/backoffice/editor.tsx';
import { useAsYouType } from '#app/components/ui/use-as-you-type.ts';
import { relatedChipLabel } from '../blog.rules.ts';

/*
 * The article editor's picker of related models or parts (ADR 100): without scripts, the text
 * field of ids it always was; with them, the chosen ones as chips (each removable by its button)
 * and a search field that finds catalogue models or parts by name or number as one types — a
 * combobox with a listbox, ArrowUp/ArrowDown to move, Enter to add, Escape to close. The chosen ids
 * travel in a hidden field of the same name, so the server reads the form the same way.
 */

interface Item { id: number; name: string; code: string }

export function RelatedPicker({ name, kind, label, value, names, error, hint }: {
  name: 'modelIds' | 'partIds'; kind: 'model' | 'part'; label: string; value: string;
  /** Names of the chosen ids already known (by id); an id naming nothing any more shows as '№ {id}'. */
  names: Record<string, string>; error?: string;
  /** The hint of the plain field (without scripts). */
  hint: string;
}) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const initial = value.split(/[\s,;]+/).filter(Boolean);
  const [chosen, setChosen] = useState<Array<{ id: string; name: string }>>(() => initial.map((id) => ({ id, name: names[id] ?? '' })));
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const base = useId();
  const state = useAsYouType<{ items: Item[] }>(enhanced && query.trim().length >= 2 ? `/admin/blog/find?kind=${kind}&q=${encodeURIComponent(query.trim())}` : null);
  if (!enhanced) return <EditorField name={name} label={label} value={value} error={error} hint={hint} />;

  const items = (state.status === 'ready' ? state.result.items : state.status === 'loading' ? state.previous?.items ?? [] : [])
    .filter((i) => !chosen.some((c) => c.id === String(i.id)));
  const add = (item: Item) => {
    setChosen((c) => [...c, { id: String(item.id), name: relatedChipLabel(item.name, item.code) }]);
    setQuery(''); setOpen(false); setActive(0);
  };
  const inputId = `field-${name}`;
  const listId = `${base}-list`;
  const expanded = open && items.length > 0;
  return (
    <div className={editorStyles.field} data-field={name} data-picker={kind}>
      <label className={editorStyles.label} htmlFor={inputId}>{label}</label>
      <input type="hidden" name={name} value={chosen.map((c) => c.id).join(', ')} />
      {chosen.length ? (
        <ul aria-label={`Выбрано: ${label.toLowerCase()}`} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 6 }}>
          {chosen.map((c) => (
            <li key={c.id} data-chip={c.id} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, padding: '2px 4px 2px 10px', borderRadius: 999, background: 'var(--color-brand-soft)', fontSize: 'var(--text-s)', maxWidth: '100%' }}>
              <span style={{ overflowWrap: 'anywhere' }}>{c.name || `№ ${c.id}`}</span>
              <button type="button" onClick={() => setChosen((all) => all.filter((x) => x.id !== c.id))} aria-label={`Убрать ${c.name || `№ ${c.id}`}`}
                style={{ border: 0, background: 'transparent', cursor: 'pointer', minWidth: 32, minHeight: 32, fontSize: 18, lineHeight: 1 }}>×</button>
            </li>
          ))}
        </ul>
      ) : null}
      <input id={inputId} type="text" role="combobox" autoComplete="off" className={editorStyles.input} value={query}
        aria-expanded={expanded} aria-controls={listId} aria-autocomplete="list" aria-describedby={`${inputId}-hint`}
        aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
        onChange={(e) => { setQuery(e.target.value); setOpen(true); setActive(0); }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') { e.preventDefault(); setOpen(true); setActive((a) => Math.min(a + 1, items.length - 1)); }
          else if (e.key === 'ArrowUp') { e.preventDefault(); setActive((a) => Math.max(a - 1, 0)); }
          else if (e.key === 'Enter') { if (expanded && items[active]) { e.preventDefault(); add(items[active]!); } else if (query) e.preventDefault(); }
          else if (e.key === 'Escape') setOpen(false);
        }} />
      <ul id={listId} role="listbox" aria-label={label} hidden={!expanded}
        style={{ listStyle: 'none', margin: 0, padding: 0, border: '1px solid var(--color-border)', borderRadius: 'var(--radius-m)', background: 'var(--color-bg)' }}>
        {items.map((item, i) => (
          <li key={item.id} id={`${listId}-${i}`} role="option" aria-selected={i === active} onMouseDown={(e) => { e.preventDefault(); add(item); }}
            style={{ padding: '8px 10px', cursor: 'pointer', background: i === active ? 'var(--color-surface)' : undefined, overflowWrap: 'anywhere' }}>
            {item.name} <span style={{ color: 'var(--color-muted)' }}>{item.code}</span>
          </li>
        ))}
      </ul>
      <span className={editorStyles.hint} id={`${inputId}-hint`} aria-live="polite">
        {state.status === 'error' ? state.message : query.trim().length >= 2 && state.status === 'ready' && items.length === 0 ? 'Ничего не найдено'
          : kind === 'model' ? 'Начните вводить название модели и выберите её из списка' : 'Начните вводить номер или название запчасти и выберите её из списка'}
      </span>
      {error ? <p className={editorStyles.fieldError}>{error}</p> : null}
    </div>
  );
}
