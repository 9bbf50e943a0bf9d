import { OFFER_PRINT_MESSAGES } from '../offer-print.rules.ts';
import styles from './offer-print-page.module.css';

/** An unknown or rotated offer link, on the print page and the slides (404), in Russian. */
export function OfferNotFound() {
  return (
    <div className={styles.page}>
      <main className={`${styles.sheet} ${styles.missing}`}>
        <h1>{OFFER_PRINT_MESSAGES.notFound}</h1>
        <p>{OFFER_PRINT_MESSAGES.notFoundHint}</p>
        <p><a className="btn btn-brand" href="/">На главную</a></p>
      </main>
    </div>
  );
}
