import { useEffect, useState } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { callTrackingClass, countryCodeOfBranch, telHref } from '#app/modules/regions/regions.rules.ts';
import { FOOTER_REVEAL_MS } from './layout.rules.ts';
import { useRootData, useShopMenu } from '#app/components/page/root-data.ts';
import { TRANSPORT_PATH, TRANSPORT_TITLE } from '#app/modules/transport/transport.constants.ts';
import styles from './SiteFooter.module.css';

/**
 * Spec §9: the footer is revealed 2 s after page load. It is rendered from the start and only made
 * visible, so its space is already taken and nothing shifts when it appears.
 */
export function SiteFooter() {
  const { location } = useRootData();
  const menu = useShopMenu();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // Counted from the window's load event: it can come after hydration (fonts, images) or before
    // it (the scripts load after the first paint), and then part of the 2 s has already passed.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      const loadedAt = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd || performance.now();
      timer = setTimeout(() => setVisible(true), Math.max(0, loadedAt + FOOTER_REVEAL_MS - performance.now()));
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => { clearTimeout(timer); window.removeEventListener('load', start); };
  }, []);
  const branch = location.currentBranch;
  const place = [branch.city, branch.address].filter(Boolean).join(', ');
  const phone = location.country.salesPhone;
  const code = countryCodeOfBranch(branch.countryId);
  return (
    <footer className={`${styles.footer} no-print`} data-visible={visible ? 'true' : undefined} data-testid="site-footer">
      <div className={`container ${styles.grid}`}>
        <section>
          <h2 className={styles.heading}>Каталог техники</h2>
          <ul className={styles.list}>
            {menu.slice(0, 8).map((c) => <li key={c.id}><Link to={c.link}>{c.name}</Link></li>)}
          </ul>
        </section>
        <section>
          <h2 className={styles.heading}>Покупателям</h2>
          <ul className={styles.list}>
            <li><Link to="/zapchasti">Запчасти</Link></li>
            <li><Link to="/akcii">Акции</Link></li>
            <li><Link to="/finansirovanie">Финансирование</Link></li>
            <li><Link to="/dostavka-i-oplata">Доставка и оплата</Link></li>
            <li><Link to="/servis">Сервис</Link></li>
            <li><Link to={TRANSPORT_PATH}>{TRANSPORT_TITLE}</Link></li>
          </ul>
        </section>
        <section>
          <h2 className={styles.heading}>Компания</h2>
          <ul className={styles.list}>
            <li><Link to="/contacts">Филиалы и контакты</Link></li>
            <li><Link to="/blog">Агроновости</Link></li>
            <li><Link to="/vacancies">Вакансии</Link></li>
            <li><Link to="/documents/policy-privacy">Политика конфиденциальности</Link></li>
          </ul>
        </section>
        <section>
          <h2 className={styles.heading}>Филиал {branch.name}</h2>
          <p className={styles.text}>{place}</p>
          <p className={styles.text}>
            <a className={`${styles.phone} ${callTrackingClass(code)}`} href={telHref(phone)}>{phone}</a>
          </p>
          <p className={styles.text}>{branch.hours}</p>
        </section>
      </div>
      <div className={`container ${styles.bottom}`}>© {new Date().getFullYear()} ООО «Агротехника». Сельхозтехника и запчасти в России и Казахстане.</div>
    </footer>
  );
}
