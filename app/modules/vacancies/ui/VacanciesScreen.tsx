import { Form } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { plural } from '#app/lib/plural.ts';
import { VACANCIES_PATH, VACANCIES_TITLE } from '../vacancies.constants.ts';
import { aliasLink, vacanciesLink } from '../vacancies.rules.ts';
import type { VacanciesPage } from '../vacancies.schema.ts';
import { VacancyCard } from './VacancyCard.tsx';
import styles from './Vacancies.module.css';

/**
 * /vacancies: the open vacancies grouped by city, then by branch; the directions as chips and the
 * city as a choice (addresses: they work before the scripts load and each is one kept page); an
 * empty state that says what to do instead.
 */
export function VacanciesScreen({ data }: { data: VacanciesPage }) {
  const { filter } = data;
  const all = data.directions.reduce((n, d) => n + d.count, 0);
  return (
    <div className={`container ${styles.page}`}>
      <h1>{VACANCIES_TITLE}</h1>
      <p className={styles.lead}>
        Работа в «Агротехнике»: сервисные инженеры и механики, продажи техники и запчастей, склад и офис в филиалах России и Казахстана.
        Откликнитесь на вакансию и приложите резюме — специалист по персоналу филиала свяжется с вами.
      </p>

      <div className={styles.filters}>
        <ul className={styles.chips} aria-label="Направления">
          <li><Link to={vacanciesLink({ city: filter.city })} className={styles.chip} aria-current={filter.direction === null ? 'true' : undefined}>Все<span className={styles.count}>{all}</span></Link></li>
          {data.directions.map((d) => (
            <li key={d.id}>
              <Link to={vacanciesLink({ city: filter.city, direction: d.slug })} className={styles.chip} aria-current={d.slug === filter.direction ? 'true' : undefined}>
                {d.name}<span className={styles.count}>{d.count}</span>
              </Link>
            </li>
          ))}
        </ul>
        {data.cities.length > 1 ? (
          <Form method="get" action={VACANCIES_PATH} className={styles.cityFilter}>
            {filter.direction ? <input type="hidden" name="direction" value={filter.direction} /> : null}
            <label htmlFor="vacancies-city">Город</label>
            <select id="vacancies-city" name="city" defaultValue={filter.city ?? ''} key={filter.city ?? 'all'}>
              <option value="">Все города</option>
              {data.cities.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
            <button type="submit" className="btn">Показать</button>
          </Form>
        ) : null}
      </div>

      {filter.city || filter.direction ? (
        <p className={styles.active}>
          {filter.city ? <>Город: <strong>{filter.city}</strong></> : null}
          {filter.direction ? <>Направление: <strong>{data.directions.find((d) => d.slug === filter.direction)?.name}</strong></> : null}
          <Link to={VACANCIES_PATH}>Сбросить</Link>
        </p>
      ) : null}

      {data.total ? (
        <>
          <p className={styles.total}>{data.total} {plural(data.total, 'вакансия', 'вакансии', 'вакансий')}</p>
          <div data-testid="vacancies-list">
            {data.groups.map((g) => (
              <section key={g.city} className={styles.city} aria-labelledby={`city-${g.city}`}>
                <h2 id={`city-${g.city}`}>{g.city}</h2>
                {g.branches.map((b) => (
                  <div key={b.id} className={styles.branch}>
                    <div className={styles.branchHead}>
                      <h3>Филиал «{b.name}»</h3>
                      <Link to={aliasLink(b.alias)}>Все вакансии филиала</Link>
                    </div>
                    <ul className={styles.list}>
                      {b.vacancies.map((v) => <li key={v.id}><VacancyCard vacancy={v} headingLevel={4} /></li>)}
                    </ul>
                  </div>
                ))}
              </section>
            ))}
          </div>
        </>
      ) : (
        <div className={styles.empty} data-testid="vacancies-empty">
          <h2>{filter.city || filter.direction ? 'По этим условиям вакансий нет' : 'Сейчас открытых вакансий нет'}</h2>
          <p>Новые вакансии появляются часто. Загляните позже или позвоните в ближайший филиал — расскажем о работе в компании.</p>
          {filter.city || filter.direction ? <Link to={VACANCIES_PATH}>Все вакансии</Link> : <Link to="/contacts">Контакты филиалов</Link>}
        </div>
      )}
    </div>
  );
}
