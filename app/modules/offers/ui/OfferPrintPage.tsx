import type { OfferDocumentView } from '../offer-print.rules.ts';
import { OfferDocument } from './OfferDocument.tsx';
import styles from './offer-print-page.module.css';

/**
 * The client's print page `/offer/pdf/{hash}` (spec §2: the offer laid out for PDF): the document on
 * a sheet, with the PDF's download and the slides above it on screen only. It has no scripts (the
 * browser's own print prints it; the download is a link), so it works before anything loads.
 */
export function OfferPrintPage({ doc, pdfHref, slidesHref }: { doc: OfferDocumentView; pdfHref: string; slidesHref: string }) {
  return (
    <div className={styles.page}>
      <nav className={styles.toolbar} aria-label="Действия с предложением">
        <a className="btn btn-primary" href={pdfHref}>Скачать PDF</a>
        <a className="btn btn-secondary" href={slidesHref}>Показать слайды</a>
      </nav>
      <main className={styles.sheet}>
        <OfferDocument doc={doc} />
      </main>
    </div>
  );
}
