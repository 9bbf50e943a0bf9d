import { z } from 'zod';
import type { AppServices } from '#app/.server/context.ts';
import { fileStorage } from '#app/.server/files/files.ts';
import type { FileStorage } from '#app/.server/files/storage.ts';
import { enqueueJob } from '#app/.server/jobs/enqueue.ts';
import { defineJobKind } from '#app/.server/jobs/kinds.ts';
import { waitForJob } from '#app/.server/jobs/wait.ts';
import { PRINT_JOB_POLICY, documentStore, type DocumentStore } from '#app/.server/pdf/documents.ts';
import { offerPrintAreaPath } from './offer-print.rules.ts';
import { printableOfferById, type PrintableOffer } from './offer-print.server.ts';

/*
 * An offer's PDF is printed by a job, as the invoice is (ADR 080, 085): one job per offer version and
 * document digest (key `offers.offer-pdf:{offer id}:{version}-{digest}`), which prints the print
 * area's page `/print/offer/{hash}?v={digest}` with the process's Chromium and keeps the file in the
 * storage's `documents` area under `offers/{offer id}-{version}-{digest}.pdf`. A new version of the
 * offer is a new key, so it is printed anew; the old version's file stays what it was.
 */

const payload = z.object({
  offerId: z.number().int().positive(),
  version: z.number().int().positive(),
  digest: z.string().regex(/^[0-9a-f]{16}$/),
});

export const offerPdfJob = defineJobKind({
  kind: 'offers.offer-pdf',
  label: 'Предложение в PDF',
  payload,
  ...PRINT_JOB_POLICY,
  async run(services, { offerId, version, digest }) {
    const offer = await printableOfferById(services, offerId);
    // A newer version (it has its own job) or another document since the enqueue: nothing of this
    // one to print, and the print page would refuse it.
    if (!offer || offer.version !== version || offer.digest !== digest) return;
    await storeOf(services).ensure(offerPdfKey(offer), () => services.pdf.print(offerPrintAreaPath(offer.hash, digest)));
  },
});

/** Where an offer version's PDF is kept in the `documents` area: the version is in its name. */
export function offerPdfKey(offer: Pick<PrintableOffer, 'offerId' | 'version' | 'digest'>): string {
  return `offers/${offer.offerId}-${offer.version}-${offer.digest}.pdf`;
}

/** The job's key: one job per offer version and digest, whoever asks. */
export function offerPdfJobKey(offer: Pick<PrintableOffer, 'offerId' | 'version' | 'digest'>): string {
  return `${offerPdfJob.kind}:${offer.offerId}:${offer.version}-${offer.digest}`;
}

const stores = new WeakMap<FileStorage, DocumentStore>();

function storeOf(services: AppServices): DocumentStore {
  const storage = fileStorage(services.config, 'documents');
  let store = stores.get(storage);
  if (!store) stores.set(storage, (store = documentStore(storage)));
  return store;
}

function enqueueOfferPdf(services: AppServices, offer: PrintableOffer, rerunDone = false) {
  const { offerId, version, digest } = offer;
  return enqueueJob(services.db, offerPdfJob, { offerId, version, digest }, { key: offerPdfJobKey(offer), rerunDone });
}

export type OfferPdfDownload =
  | { status: 'ready'; pdf: Uint8Array }
  /** Still printing (or no runner yet): ask again shortly. `lost`: the job says done, yet this process finds no file. */
  | { status: 'pending'; jobId: number; lost?: boolean }
  /** The job failed its last try (no Chromium): kept at /admin/jobs. */
  | { status: 'failed'; jobId: number; error: string };

/**
 * The offer's PDF: the kept file, or the one its job prints within `waitMs` (DOCUMENT_WAIT_MS unless
 * given); the wait ends when this process's runner finishes the job, or when `signal` aborts.
 */
export async function offerPdfDownload(services: AppServices, offer: PrintableOffer, options: { waitMs?: number; signal?: AbortSignal } = {}): Promise<OfferPdfDownload> {
  const store = storeOf(services);
  const key = offerPdfKey(offer);
  const kept = await store.read(key);
  if (kept) return { status: 'ready', pdf: kept };
  const deadline = performance.now() + (options.waitMs ?? services.config.DOCUMENT_WAIT_MS);
  let job = await enqueueOfferPdf(services, offer);
  for (let round = 0; ; round += 1) {
    const end = await waitForJob(services.db, job.id, { timeoutMs: Math.max(0, deadline - performance.now()), signal: options.signal });
    if (end?.state === 'failed') return { status: 'failed', jobId: job.id, error: end.lastError ?? '' };
    if (end?.state !== 'done') return { status: 'pending', jobId: job.id };
    const pdf = await store.read(key);
    if (pdf) return { status: 'ready', pdf };
    // Done, yet no file (deleted, or written where this process does not look): printed again once.
    if (round > 0) return { status: 'pending', jobId: job.id, lost: true };
    job = await enqueueOfferPdf(services, offer, true);
  }
}
