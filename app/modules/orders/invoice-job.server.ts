import { z } from 'zod';
import type { AppServices } from '#app/.server/context.ts';
import { fileStorage } from '#app/.server/files/files.ts';
import type { FileStorage } from '#app/.server/files/storage.ts';
import { enqueueJob } from '#app/.server/jobs/enqueue.ts';
import { defineJobKind } from '#app/.server/jobs/kinds.ts';
import { waitForJob } from '#app/.server/jobs/wait.ts';
import { PRINT_JOB_POLICY, documentStore, type DocumentStore } from '#app/.server/pdf/documents.ts';
import { invoiceForPrint } from './invoice.server.ts';
import { invoicePrintPath } from './invoice.rules.ts';
import type { InvoiceOutcome } from './invoice.schema.ts';

/*
 * The invoice's PDF is printed by a job (ADR 080), never in a request: one job per order version
 * (key `orders.invoice-pdf:{order id}:{version}`), which prints the print page with the process's
 * Chromium and keeps the file in the storage's `documents` area under `invoices/{order id}-{version}.pdf`.
 * The download serves that file; when it is not there yet it enqueues the job (the same key: one job
 * however many ask at once) and waits a few seconds for it. Any process with a job runner prints it:
 * the server, or `npm run worker` (both build the app the printer asks in-process, ADR 074).
 */

type ReadyInvoice = Extract<InvoiceOutcome, { ok: true }>;

const payload = z.object({
  orderId: z.number().int().positive(),
  number: z.string().min(1).max(40),
  /** The version the job prints (invoice.server.ts: a hash of everything printed). */
  version: z.string().regex(/^[0-9a-f]{16}$/),
});

export const invoicePdfJob = defineJobKind({
  kind: 'orders.invoice-pdf',
  label: 'Счёт в PDF',
  payload,
  ...PRINT_JOB_POLICY,
  async run(services, { orderId, number, version }) {
    const outcome = await invoiceForPrint(services, number);
    // The order changed since it was enqueued (the new version has its job) or has no invoice any
    // more: there is nothing of this version to print, and the print page would refuse it.
    if (!outcome.ok || outcome.orderId !== orderId || outcome.version !== version) return;
    // Kept already (a run again after a lost lease, or a job enqueued again): nothing is written.
    await storeOf(services).ensure(invoiceKey(orderId, version), () => services.pdf.print(invoicePrintPath(number, version)));
  },
});

/** Where an order version's invoice is kept in the `documents` area. */
export function invoiceKey(orderId: number, version: string): string {
  return `invoices/${orderId}-${version}.pdf`;
}

/** The job's key: one job per order version, whoever enqueues it. */
export function invoiceJobKey(orderId: number, version: string): string {
  return `${invoicePdfJob.kind}:${orderId}:${version}`;
}

const stores = new WeakMap<FileStorage, DocumentStore>();

function storeOf(services: AppServices): DocumentStore {
  const storage = fileStorage(services.config, 'documents');
  let store = stores.get(storage);
  if (!store) stores.set(storage, (store = documentStore(storage)));
  return store;
}

function enqueueInvoicePdf(services: AppServices, invoice: ReadyInvoice, rerunDone = false) {
  const { orderId, version } = invoice;
  return enqueueJob(services.db, invoicePdfJob, { orderId, number: invoice.invoice.number, version }, { key: invoiceJobKey(orderId, version), rerunDone });
}

export type InvoiceDownload =
  | { status: 'ready'; pdf: Uint8Array; number: string }
  /** Still printing (or waiting for a runner): ask again shortly. `lost`: the job says done, yet this process finds no file. */
  | { status: 'pending'; number: string; jobId: number; lost?: boolean }
  /** The job failed its last try (no Chromium, a print that keeps failing): kept at /admin/jobs. */
  | { status: 'failed'; number: string; jobId: number; error: string };

/**
 * The PDF of an invoice its owner may download (`ownInvoice` answered it): the kept file, or the one
 * its job prints within `waitMs` (DOCUMENT_WAIT_MS, 8 s unless configured). The wait ends as soon as this process's runner finishes the job
 * (another process's is seen by reading the job's row), or when `signal` aborts.
 */
export async function invoiceDownload(services: AppServices, invoice: ReadyInvoice, options: { waitMs?: number; signal?: AbortSignal } = {}): Promise<InvoiceDownload> {
  const { number } = invoice.invoice;
  const store = storeOf(services);
  const key = invoiceKey(invoice.orderId, invoice.version);
  const kept = await store.read(key);
  if (kept) return { status: 'ready', pdf: kept, number };
  const deadline = performance.now() + (options.waitMs ?? services.config.DOCUMENT_WAIT_MS);
  let job = await enqueueInvoicePdf(services, invoice);
  for (let round = 0; ; round += 1) {
    const end = await waitForJob(services.db, job.id, { timeoutMs: Math.max(0, deadline - performance.now()), signal: options.signal });
    if (end?.state === 'failed') return { status: 'failed', number, jobId: job.id, error: end.lastError ?? '' };
    if (end?.state !== 'done') return { status: 'pending', number, jobId: job.id };
    const pdf = await store.read(key);
    if (pdf) return { status: 'ready', pdf, number };
    // Done, yet no file: it was deleted, or a worker wrote it where this process does not look
    // (a DOCUMENTS_DIR not shared with it). Printed again once; a second miss is the deployment's.
    if (round > 0) return { status: 'pending', number, jobId: job.id, lost: true };
    job = await enqueueInvoicePdf(services, invoice, true);
  }
}

/**
 * Enqueues the printing of an order's current invoice, so it is ready before it is asked for (the
 * customer confirmed the prices the branch named). Nothing when the order has no invoice yet.
 */
export async function prepareInvoicePdf(services: AppServices, number: string): Promise<void> {
  const invoice = await invoiceForPrint(services, number);
  if (invoice.ok) await enqueueInvoicePdf(services, invoice);
}
