import { Link } from '#app/components/ui/Link.tsx';
import { plural } from '#app/lib/plural.ts';
import { VACANCIES_PATH } from '../vacancies.constants.ts';
import type { VacancyAliasPage } from '../vacancies.schema.ts';
import { ApplyForm } from './ApplyForm.tsx';
import { VacancyCard } from './VacancyCard.tsx';
import styles from './Vacancies.module.css';

export function aliasTitle(alias: VacancyAliasPage['alias']): string {
  return alias.kind === 'branch' ? `Вакансии филиала «${alias.name}»` : `Вакансии: ${alias.name}`;
}

/**
 * /vacancies/{alias}: a branch's or a direction's vacancies. With a vacancy opened
 * (/vacancies/{alias}/{slug}) the page is that vacancy — its text and the application form — with the
 * list's other vacancies beside it.
 */
export function VacancyAliasScreen({ data }: { data: VacancyAliasPage }) {
  const { alias, vacancies, active } = data;
  const showBranch = alias.kind === 'direction';
  if (!active) {
    return (
      <div className={`container ${styles.page}`}>
        <h1>{aliasTitle(alias)}</h1>
        <p className={styles.lead}>
          {vacancies.length ? `${vacancies.length} ${plural(vacancies.length, 'открытая вакансия', 'открытые вакансии', 'открытых вакансий')}. ` : null}
          <Link to={VACANCIES_PATH}>Все вакансии компании</Link>
        </p>
        {vacancies.length ? (
          <ul className={styles.list} data-testid="vacancies-list">
            {vacancies.map((v) => <li key={v.id}><VacancyCard vacancy={v} headingLevel={2} showBranch={showBranch} /></li>)}
          </ul>
        ) : (
          <div className={styles.empty} data-testid="vacancies-empty">
            <h2>Сейчас открытых вакансий нет</h2>
            <p>Загляните позже или посмотрите вакансии других филиалов.</p>
            <Link to={VACANCIES_PATH}>Все вакансии</Link>
          </div>
        )}
      </div>
    );
  }
  const others = vacancies.filter((v) => v.id !== active.id);
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.layout}>
        <article className={styles.vacancy} data-testid="vacancy">
          <h1>{active.title}</h1>
          <ul className={styles.facts}>
            <li>{active.city}, филиал «{active.branch.name}»</li>
            <li>{active.direction.name}</li>
            <li>{active.employment}</li>
            {active.schedule ? <li>График: {active.schedule}</li> : null}
          </ul>
          <p className={styles.bigSalary}>{active.salary ?? 'Зарплата по итогам собеседования'}</p>
          {active.lead ? <p className={styles.vacancyLead}>{active.lead}</p> : null}
          {([['Обязанности', active.duties], ['Требования', active.requirements], ['Условия', active.conditions]] as const).map(([title, items]) => (items.length ? (
            <section key={title} className={styles.section}>
              <h2>{title}</h2>
              <ul>{items.map((item, i) => <li key={i}>{item}</li>)}</ul>
            </section>
          ) : null))}
          <ApplyForm vacancyId={active.id} vacancyTitle={active.title} branchName={active.branch.name} />
        </article>
        <aside className={styles.aside} aria-label="Другие вакансии">
          <h2>{others.length ? aliasTitle(alias) : 'Другие вакансии'}</h2>
          {others.length ? (
            <ul className={styles.asideList}>
              {others.map((v) => <li key={v.id}><VacancyCard vacancy={v} headingLevel={3} showBranch={showBranch} /></li>)}
            </ul>
          ) : null}
          <Link to={VACANCIES_PATH}>Все вакансии компании</Link>
        </aside>
      </div>
    </div>
  );
}
