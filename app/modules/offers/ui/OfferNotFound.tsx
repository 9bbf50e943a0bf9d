import { CLIENT_OFFER_MESSAGES } from '../offer-view.schema.ts';
import { OFFER_PRINT_MESSAGES } from '../offer-print.rules.ts';
import styles from './offer-print-page.module.css';

/**
 * An offer link that opens nothing, on the print page and the slides, in Russian: unknown (404), or
 * one the offer had before it was sent again (410, ADR 087: said so, never where it went).
 */
export function OfferNotFound({ replaced = false }: { replaced?: boolean }) {
  return (
    <div className={styles.page}>
      <main className={`${styles.sheet} ${styles.missing}`}>
        <h1>{replaced ? 'Предложение обновлено' : OFFER_PRINT_MESSAGES.notFound}</h1>
        <p>{replaced ? CLIENT_OFFER_MESSAGES.replaced : OFFER_PRINT_MESSAGES.notFoundHint}</p>
        <p><a className="btn btn-brand" href="/">На главную</a></p>
      </main>
    </div>
  );
}
