import { Link } from '#app/components/ui/Link.tsx';
import type { PartsCatalogData } from '../pages.schema.ts';
import { drawingsLabel, linesLabel, positionsLabel } from '../parts-catalog.rules.ts';
import styles from './parts-pages.module.css';

const makerHref = (slug: string) => `/parts-catalog?manufacturer=${encodeURIComponent(slug)}`;

/** /parts-catalog: machine maker → model line → model → drawing, each step a list of links. */
export function PartsCatalogView({ data }: { data: PartsCatalogData }) {
  const { maker, line, model } = data;
  const heading = model ? `${maker!.name} ${model.name}` : line ? `${maker!.name} ${line.name}` : maker ? maker.name : 'Каталоги запчастей';
  return (
    <div className={`container ${styles.page}`}>
      <nav aria-label="Шаги каталога">
        <ol className={styles.steps}>
          <li>{maker ? <Link to="/parts-catalog">Производители</Link> : <span aria-current="page">Производители</span>}</li>
          {maker ? <li>{line ? <Link to={makerHref(maker.slug)}>{maker.name}</Link> : <span aria-current="page">{maker.name}</span>}</li> : null}
          {line ? <li>{model ? <Link to={`${makerHref(maker!.slug)}&line=${encodeURIComponent(line.slug)}`}>{line.name}</Link> : <span aria-current="page">{line.name}</span>}</li> : null}
          {model ? <li><span aria-current="page">{model.name}</span></li> : null}
        </ol>
      </nav>
      <h1 className={styles.title}>{heading}</h1>
      {!maker ? (
        <>
          <p className={styles.lead}>Выберите производителя техники, модельный ряд и модель: откроются сборочные чертежи с номерами деталей.</p>
          {data.makers.length ? (
            <ul className={styles.grid} data-testid="catalog-step">
              {data.makers.map((m) => (
                <li key={m.id} className={styles.card}>
                  <h2 className={styles.cardTitle}><Link to={makerHref(m.slug)}>{m.name}</Link><span className={styles.count}>{linesLabel(m.lines.length)}</span></h2>
                </li>
              ))}
            </ul>
          ) : <p className={styles.empty}>Каталоги пока не загружены.</p>}
        </>
      ) : !line ? (
        <ul className={styles.grid} data-testid="catalog-step">
          {maker.lines.map((l) => (
            <li key={l.id} className={styles.card}>
              <h2 className={styles.cardTitle}><Link to={`${makerHref(maker.slug)}&line=${encodeURIComponent(l.slug)}`}>{l.name}</Link><span className={styles.count}>{drawingsLabel(l.drawings)}</span></h2>
            </li>
          ))}
        </ul>
      ) : (
        <>
          {!model ? (
            <section aria-labelledby="catalog-models">
              <h2 id="catalog-models" className={styles.sectionTitle}>Модели</h2>
              {data.models.length ? (
                <ul className={styles.grid} data-testid="catalog-step">
                  {data.models.map((m) => (
                    <li key={m.id} className={styles.card}>
                      <h3 className={styles.cardTitle}><Link to={m.link}>{m.name}</Link><span className={styles.count}>{drawingsLabel(m.drawings)}</span></h3>
                    </li>
                  ))}
                </ul>
              ) : <p className={styles.muted}>У ряда нет отдельных моделей: чертежи ниже.</p>}
            </section>
          ) : null}
          <section className={styles.section} aria-labelledby="catalog-drawings">
            <h2 id="catalog-drawings" className={styles.sectionTitle}>Сборочные чертежи</h2>
            <p><Link to={line.link}>Все запчасти {line.name}</Link></p>
            {data.drawings.length ? (
              <ul className={styles.grid} data-testid="catalog-drawings">
                {data.drawings.map((d) => (
                  <li key={d.id} className={styles.card}>
                    <h3 className={styles.cardTitle}><Link to={d.link}>{d.title}</Link><span className={styles.count}>{positionsLabel(d.positions)}</span></h3>
                    {d.category ? <p className={styles.muted}>{d.category}</p> : null}
                  </li>
                ))}
              </ul>
            ) : <p className={styles.empty}>Чертежей нет.</p>}
          </section>
        </>
      )}
    </div>
  );
}
