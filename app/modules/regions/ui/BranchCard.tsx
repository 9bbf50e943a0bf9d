import { IconClock, IconMail, IconPin } from '#app/components/ui/icons.tsx';
import { callTrackingClass, countryCodeOfBranch, telHref } from '#app/modules/regions/regions.rules.ts';
import type { CountryView, CurrentBranch } from '#app/modules/regions/regions.schema.ts';
import styles from './BranchCard.module.css';

/** One branch's contacts: address, phones in both forms, service line, e-mail, hours. */
export function BranchCard({ branch, country, id, caption }: { branch: CurrentBranch; country?: CountryView; id?: string; caption?: string }) {
  const tracking = callTrackingClass(countryCodeOfBranch(branch.countryId));
  return (
    <article className={styles.card} id={id} data-testid="branch-card">
      {caption ? <p className={styles.caption}>{caption}</p> : null}
      <h3 className={styles.name}>{branch.name}</h3>
      <p className={styles.row}><IconPin size={18} /> <span>{[branch.city, branch.address].filter(Boolean).join(', ')}</span></p>
      <dl className={styles.phones}>
        <dt>Отдел продаж</dt>
        <dd><a className={tracking} href={telHref(branch.phone)}>{branch.phone}</a> <span className={styles.internal}>{branch.phoneInternal}</span></dd>
        <dt>Сервис</dt>
        <dd><a className={tracking} href={telHref(branch.servicePhone)}>{branch.servicePhone}</a> <span className={styles.internal}>{branch.servicePhoneInternal}</span></dd>
        {/* A branch without its own line already shows the country's (regions.server.ts). */}
        {country && country.salesPhone !== branch.phone ? (<>
          <dt>Бесплатно по стране</dt>
          <dd><a className={tracking} href={telHref(country.salesPhone)}>{country.salesPhone}</a></dd>
        </>) : null}
      </dl>
      {branch.email ? <p className={styles.row}><IconMail size={18} /> <a href={`mailto:${branch.email}`}>{branch.email}</a></p> : null}
      <p className={styles.row}><IconClock size={18} /> <span>{branch.hours}</span></p>
    </article>
  );
}
