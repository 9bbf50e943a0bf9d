import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { DIALOG_LIMIT, QUERY_MAX_LENGTH } from '#app/modules/search/search.constants.ts';
import type { SearchHit } from '#app/modules/search/search.schema.ts';
import { Marked } from '#app/modules/search/ui/Marked.tsx';
import { hasEnoughLetters, useSearch } from '#app/modules/search/ui/use-search.ts';
import styles from './SearchDialog.module.css';

const EMPTY = 'Ничего не найдено. Попробуйте другое слово или позвоните нам — подберём технику и запчасти.';

const resultsPage = (query: string) => `/search?q=${encodeURIComponent(query.trim())}`;

/**
 * The main search modal (spec §2), opened from the read-only header field: searches the catalogue
 * and the site as you type (GET /api/search), grouped by kind with the matches marked. The field is
 * a combobox over a listbox of the results (grouped options, ARIA's combobox pattern): focus stays
 * in the field; ↓ and ↑ move the active option (aria-activedescendant, aria-selected), Enter opens
 * it, or the full results page when none is active; Escape leaves the active option first, then
 * closes. Loaded only when first opened.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const state = useSearch(query, DIALOG_LIMIT);
  const navigate = useNavigate();
  const idBase = useId();
  const field = useRef<HTMLInputElement>(null);
  const result = state.status === 'ready' ? state.result : state.status === 'loading' ? state.previous : null;
  const groups = hasEnoughLetters(query) ? result?.groups ?? [] : [];
  const hits: SearchHit[] = groups.flatMap((g) => g.hits);
  const optionId = (hit: SearchHit) => `${idBase}-${hit.kind}-${hit.id}`;
  const activeHit = active >= 0 ? hits[active] : undefined;

  const go = (to: string) => { onClose(); void navigate(to); };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!hits.length) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // Past the last result back to the field (-1), and round again.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? hits.length - 1 : next >= hits.length ? -1 : next;
      });
    } else if (e.key === 'Enter') {
      if (!hasEnoughLetters(query)) return;
      e.preventDefault();
      go(activeHit ? activeHit.link : resultsPage(query));
    } else if (e.key === 'Escape' && activeHit) {
      // Back to the field; the dialog's own Escape (which closes it) skips a handled key.
      e.preventDefault();
      setActive(-1);
    }
  };

  // The active option stays in sight when the results scroll (a phone's short window).
  useEffect(() => {
    if (activeHit) document.getElementById(optionId(activeHit))?.scrollIntoView({ block: 'nearest' });
  });

  const status = !hasEnoughLetters(query) ? null
    : state.status === 'error' ? state.message
    : state.status === 'loading' && !result ? 'Ищем…'
    : state.status === 'ready' && !groups.length ? EMPTY
    : null;

  return (
    // Anchored to the top: the results grow and shrink below the field, which stays where it is.
    <Dialog open={open} onClose={onClose} ariaLabel="Поиск по сайту" width="720px" id="main-search" placement="top">
      <input
        ref={field}
        className={styles.input}
        type="search"
        role="combobox"
        value={query}
        onChange={(e) => { setQuery(e.target.value); setActive(-1); }}
        onKeyDown={onKeyDown}
        placeholder="Искать в каталоге или на сайте"
        aria-label="Искать в каталоге или на сайте"
        aria-autocomplete="list"
        aria-expanded={hits.length > 0}
        aria-controls={`${idBase}-results`}
        aria-activedescendant={activeHit ? optionId(activeHit) : undefined}
        aria-describedby={`${idBase}-status`}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={QUERY_MAX_LENGTH}
      />
      <p id={`${idBase}-status`} className={status === EMPTY ? styles.empty : styles.hint} aria-live="polite" data-busy={state.status === 'loading' || undefined}>
        {hasEnoughLetters(query) ? status : 'Введите не менее двух букв: название техники, производителя, модели или раздела.'}
      </p>
      {state.status === 'ready' && !groups.length && state.result.didYouMean ? (
        <p className={styles.suggestions}>
          Возможно, вы искали «<Link
            to={resultsPage(state.result.didYouMean)}
            onClick={(e) => { e.preventDefault(); setQuery(state.result.didYouMean!); setActive(-1); field.current?.focus(); }}
          >{state.result.didYouMean}</Link>»?
        </p>
      ) : null}
      {state.status === 'ready' && !groups.length && state.result.suggestions.length ? (
        <p className={styles.suggestions}>
          Посмотрите разделы каталога:{' '}
          {state.result.suggestions.map((s, i) => (
            <span key={s.link}>{i ? ', ' : ''}<Link to={s.link} onClick={onClose}>{s.title}</Link></span>
          ))}
        </p>
      ) : null}
      {/* Options are the results' links (an <a> may be an option); each kind is a group named by its title (its count is for the eye). */}
      <div id={`${idBase}-results`} role="listbox" aria-label="Результаты поиска" className={styles.groups} aria-busy={state.status === 'loading'}>
        {groups.map((group) => (
          <div key={group.kind} role="group" className={styles.group} aria-label={group.title}>
            <div aria-hidden="true" className={styles.groupTitle}>{group.title} <span>{group.total}</span></div>
            <ul className={styles.results} role="presentation">
              {group.hits.map((hit) => (
                <li key={hit.id} role="presentation">
                  <Link
                    id={optionId(hit)}
                    to={hit.link}
                    onClick={onClose}
                    role="option"
                    aria-selected={hit === activeHit}
                    // The field keeps the focus; Tab leaves the results for 'Все результаты'.
                    tabIndex={-1}
                    className={styles.result}
                    data-active={hit === activeHit || undefined}
                  >
                    {hit.image ? <img src={hit.image.src} width={48} height={Math.round((48 * hit.image.height) / hit.image.width)} alt="" loading="lazy" /> : null}
                    <span className={styles.text}>
                      <span><Marked text={hit.title} marks={hit.marks} /></span>
                      {hit.subtitle ? <small>{hit.subtitle}</small> : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {groups.length ? (
        <Link to={resultsPage(query)} onClick={onClose} className={styles.all}>Все результаты по запросу «{query.trim()}»</Link>
      ) : null}
    </Dialog>
  );
}
