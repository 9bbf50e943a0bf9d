import type { ReactElement } from 'react';
import styles from './DemoBanner.module.css';

/**
 * The strip every page shows in demo mode (DEMO=true, `npm start`): nothing is delivered, codes and
 * letters are on /__dev/outbox. Part of the server-rendered document, above the header, with a fixed
 * height from the first paint (no layout shift); hidden in print.
 */
export function DemoBanner(): ReactElement {
  return (
    <div className={`${styles.banner} no-print`} role="note" aria-label="Демонстрационный режим">
      <div className={`container ${styles.inner}`}>
        <span className={styles.badge}>Демо</span>
        <span className={styles.text}>
          <span className={styles.long}>Демонстрационный режим: письма и коды не отправляются, а показываются на странице </span>
          <span className={styles.short}>Письма и коды: </span>
          <a href="/__dev/outbox" className={styles.link}>/__dev/outbox</a>
        </span>
      </div>
    </div>
  );
}
