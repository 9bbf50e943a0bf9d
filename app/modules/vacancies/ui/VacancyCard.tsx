import { Link } from '#app/components/ui/Link.tsx';
import type { VacancyCard as Card } from '../vacancies.schema.ts';
import styles from './Vacancies.module.css';

/** A vacancy in a list: its title (the whole card is the link), salary, direction, place and schedule. */
export function VacancyCard({ vacancy, headingLevel = 3, current = false, showBranch = false }: { vacancy: Card; headingLevel?: 2 | 3 | 4; current?: boolean; showBranch?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card} data-testid="vacancy-card" aria-current={current ? 'page' : undefined}>
      <p className={styles.meta}><span className={styles.direction}>{vacancy.direction.name}</span></p>
      <Heading className={styles.cardTitle}><Link to={vacancy.link}>{vacancy.title}</Link></Heading>
      <p className={styles.salary}>{vacancy.salary ?? <span className={styles.salaryNone}>Зарплата по итогам собеседования</span>}</p>
      <p className={styles.meta}>
        <span>{showBranch ? `${vacancy.city} · филиал «${vacancy.branch.name}»` : vacancy.city}</span>
        <span>{vacancy.employment}</span>
        {vacancy.schedule ? <span>{vacancy.schedule}</span> : null}
      </p>
    </article>
  );
}
