import { Form } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { QUERY_MAX_LENGTH } from '../search.constants.ts';
import type { SearchResult } from '../search.schema.ts';
import { Marked } from './Marked.tsx';
import styles from './SearchResults.module.css';

/**
 * The full results page (/search?q=): a form that works before hydration (GET), then the hits
 * grouped by kind in the fixed order, each group with its count, the matches marked.
 */
export function SearchResults({ query, result, error }: { query: string; result: SearchResult | null; error: string | null }) {
  const found = result?.groups.reduce((n, g) => n + g.total, 0) ?? 0;
  return (
    <div className={`container ${styles.page}`}>
      <h1>{query ? <>Поиск: «{query}»</> : 'Поиск'}</h1>
      <Form method="get" action="/search" role="search" className={styles.form}>
        <input
          type="search"
          name="q"
          defaultValue={query}
          key={query}
          maxLength={QUERY_MAX_LENGTH}
          aria-label="Искать в каталоге или на сайте"
          placeholder="Искать в каталоге или на сайте"
          className={styles.input}
        />
        <button type="submit" className="btn btn-brand">Найти</button>
      </Form>
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      {result && query ? (
        found ? (
          <>
            <p className={styles.summary}>
              Найдено: {result.groups.map((g, i) => <span key={g.kind}>{i ? ', ' : ''}<a href={`#search-${g.kind}`}>{g.title.toLowerCase()} — {g.total}</a></span>)}
            </p>
            {result.groups.map((group) => (
              <section key={group.kind} id={`search-${group.kind}`} className={styles.group} aria-labelledby={`search-${group.kind}-title`}>
                <h2 id={`search-${group.kind}-title`}>{group.title} <span className={styles.count}>{group.total}</span></h2>
                <ul className={group.kind === 'model' ? styles.cards : styles.list}>
                  {group.hits.map((hit) => (
                    <li key={hit.id}>
                      <Link to={hit.link} className={styles.hit}>
                        {hit.image ? <img src={hit.image.src} width={hit.image.width} height={hit.image.height} alt="" loading="lazy" className={styles.image} /> : null}
                        <span className={styles.title}><Marked text={hit.title} marks={hit.marks} /></span>
                        {hit.subtitle ? <small className={styles.subtitle}>{hit.subtitle}</small> : null}
                      </Link>
                    </li>
                  ))}
                </ul>
                {group.total > group.hits.length ? <p className={styles.more}>Показаны первые {group.hits.length} из {group.total}. Уточните запрос, чтобы увидеть остальные.</p> : null}
              </section>
            ))}
          </>
        ) : (
          <div className={styles.empty}>
            <p><strong>По запросу «{query}» ничего не найдено.</strong></p>
            {result.didYouMean ? <p>Возможно, вы искали «<Link to={`/search?q=${encodeURIComponent(result.didYouMean)}`}>{result.didYouMean}</Link>»?</p> : null}
            <p>Проверьте, нет ли опечатки, попробуйте другое слово или название производителя. Или позвоните нам — подберём технику и запчасти.</p>
            {result.suggestions.length ? (
              <>
                <p>Посмотрите разделы каталога:</p>
                <ul className={styles.suggestions}>
                  {result.suggestions.map((s) => <li key={s.link}><Link to={s.link}>{s.title}</Link></li>)}
                </ul>
              </>
            ) : null}
          </div>
        )
      ) : null}
      {!query && !error ? <p className={styles.hint}>Введите название техники, производителя, модели, артикул или раздел сайта.</p> : null}
    </div>
  );
}
