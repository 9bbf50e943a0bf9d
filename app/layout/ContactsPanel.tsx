import { callTrackingClass, countryCodeOfBranch, telHref } from '#app/modules/regions/regions.rules.ts';
import { IconClock, IconMail } from '#app/components/ui/icons.tsx';
import { countryDative } from './layout.rules.ts';
import { useLayoutUi } from '#app/components/page/layout-ui.tsx';
import { useRootData } from '#app/components/page/root-data.ts';
import styles from './ContactsPanel.module.css';

/**
 * Spec §2 Contacts dropdown: free-call lines of the branch's country (РФ or КЗ by country 115),
 * the branch's phones in international and internal forms, service phones, hours, 'write us'.
 */
export function ContactsPanel({ onWriteUs }: { onWriteUs?: () => void }) {
  const { location } = useRootData();
  const ui = useLayoutUi();
  const { country, currentBranch: branch } = location;
  const code = countryCodeOfBranch(branch.countryId);
  const tracking = callTrackingClass(code);
  return (
    <div className={styles.panel}>
      <section className={styles.group}>
        <h3 className={styles.heading}>Подбор запчастей и техники <span className={styles.badge} title={country.name}>{country.abbreviation}</span></h3>
        <a className={`${styles.phone} ${tracking}`} href={telHref(country.salesPhone)}>{country.salesPhone}</a>
        <span className={styles.internal}>{country.salesPhoneInternal}</span>
        <p className={styles.note}>Звонок по {countryDative(code)} бесплатный</p>
      </section>
      <section className={styles.group}>
        <h3 className={styles.heading}>Сервис, горячая линия</h3>
        <a className={`${styles.phone} ${tracking}`} href={telHref(country.servicePhone)}>{country.servicePhone}</a>
        <span className={styles.internal}>{country.servicePhoneInternal}</span>
      </section>
      <section className={styles.group}>
        <h3 className={styles.heading}>Филиал {branch.name}</h3>
        <p className={styles.address}>{branch.city}, {branch.address}</p>
        <a className={`${styles.phoneSmall} ${tracking}`} href={telHref(branch.phone)}>{branch.phone}</a>
        <span className={styles.internal}>{branch.phoneInternal}</span>
        <span className={styles.label}>Сервис:</span>{' '}
        <a className={`${styles.phoneSmall} ${tracking}`} href={telHref(branch.servicePhone)}>{branch.servicePhone}</a>
        <span className={styles.internal}>{branch.servicePhoneInternal}</span>
        <p className={styles.hours}><IconClock size={16} /> {branch.hours}</p>
      </section>
      <button type="button" className="btn btn-brand" onClick={() => { onWriteUs?.(); ui.openWriteUs(); }}>
        <IconMail size={18} /> Написать нам
      </button>
    </div>
  );
}
