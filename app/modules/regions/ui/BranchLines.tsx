import { IconClock } from '#app/components/ui/icons.tsx';
import { callTrackingClass, countryCodeOfBranch, telHref } from '#app/modules/regions/regions.rules.ts';
import type { CountryView, CurrentBranch } from '#app/modules/regions/regions.schema.ts';
import styles from './BranchLines.module.css';

type Lines = 'service' | 'branch' | 'country';

/**
 * The visitor's lines from the branch data, for pages whose text mentions them (/servis, /contacts):
 * 'service' — the branch's service line and the country's service hotline; 'branch' — the branch's
 * sales and service lines; 'country' — the country's free sales and service lines. A branch without
 * lines of its own already carries its country's (regions.server.ts); a line equal to the country's
 * is then shown once, as the free one. Kazakhstan's visitors get Kazakh lines (spec §4, country 115).
 */
export function BranchLines({ branch, country, lines, testId }: { branch: CurrentBranch; country: CountryView; lines: Lines; testId?: string }) {
  const code = countryCodeOfBranch(branch.countryId);
  const tracking = callTrackingClass(code);
  const free = `звонок по ${code === 'KZ' ? 'Казахстану' : 'России'} бесплатный`;
  const phone = (value: string, internal: string, note?: string) => (
    <dd>
      <a className={`${styles.phone} ${tracking}`} href={telHref(value)}>{value}</a>
      <span className={styles.internal}>{internal}</span>
      {note ? <span className={styles.note}>{note}</span> : null}
    </dd>
  );
  const place = [branch.city, branch.address].filter(Boolean).join(', ');
  const branchTitle = branch.id === null ? branch.name : `Филиал ${branch.name}`;
  return (
    <section className={styles.lines} data-testid={testId} data-country={code} aria-label={lines === 'country' ? `Бесплатные линии, ${country.name}` : branchTitle}>
      {lines === 'country' ? null : (<>
        <p className={styles.title}>{branchTitle}</p>
        {place ? <p className={styles.address}>{place}</p> : null}
      </>)}
      <dl className={styles.list}>
        {lines === 'service' ? (<>
          <dt>Сервис филиала</dt>
          {phone(branch.servicePhone, branch.servicePhoneInternal, branch.servicePhone === country.servicePhone ? `горячая линия, ${free}` : undefined)}
          {branch.servicePhone === country.servicePhone ? null : (<>
            <dt>Горячая линия сервиса</dt>
            {phone(country.servicePhone, country.servicePhoneInternal, free)}
          </>)}
        </>) : null}
        {lines === 'branch' ? (<>
          <dt>Отдел продаж</dt>
          {phone(branch.phone, branch.phoneInternal, branch.phone === country.salesPhone ? free : undefined)}
          <dt>Сервис</dt>
          {phone(branch.servicePhone, branch.servicePhoneInternal, branch.servicePhone === country.servicePhone ? free : undefined)}
        </>) : null}
        {lines === 'country' ? (<>
          <dt>Подбор запчастей и техники</dt>
          {phone(country.salesPhone, country.salesPhoneInternal, free)}
          <dt>Сервис, горячая линия</dt>
          {phone(country.servicePhone, country.servicePhoneInternal, free)}
        </>) : null}
      </dl>
      {lines === 'country' ? null : <p className={styles.hours}><IconClock size={16} /> <span>{branch.hours}</span></p>}
    </section>
  );
}
