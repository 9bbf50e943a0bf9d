import type { FileStorage } from '../files/storage.ts';

/**
 * The job policy of a printed document (ADR 080): a browser that crashed is already tried again by
 * the printer; a missing Chromium fails all three tries within the download's wait (1 s, then 2 s),
 * so the visitor reads why at once, and the job waits at /admin/jobs for someone to install it and
 * press 'Повторить'. PDF_TIMEOUT_MS (30 s) bounds each step of a print, which may also wait for a
 * free page: the lease is three minutes.
 */
export const PRINT_JOB_POLICY = { maxAttempts: 3, retry: { baseMs: 1_000, maxMs: 5_000 }, leaseMs: 3 * 60_000 } as const;

/** A document's key: a folder and a file name of safe characters, e.g. 'invoices/12-3f9a….pdf'. */
const KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

function assertDocumentKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((s) => s.includes('..'))) throw new Error(`Bad document key: ${key}`);
}

/**
 * Printed documents kept in the file storage (area `documents`: DOCUMENTS_DIR on the local disk,
 * or `documents/` in the S3 bucket; ADR 074, 077) by key (the document and its version), so each
 * version is printed once. A key being made is made once per process: later callers wait for the
 * same print. The storage writes a whole object or none, so a reader never sees half a file; two
 * processes printing the same version at once both write the same bytes. Documents are printed by
 * jobs (ADR 080): the job calls `ensure`, the download `read`.
 */
export function documentStore(storage: FileStorage) {
  const making = new Map<string, Promise<Uint8Array>>();
  const ensuring = new Map<string, Promise<boolean>>();

  async function make(key: string, produce: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const bytes = await produce();
    await storage.put(key, bytes, { contentType: 'application/pdf' });
    return bytes;
  }

  return {
    /** The kept document, or the one `produce` makes now (kept for next time). */
    async get(key: string, produce: () => Promise<Uint8Array>): Promise<Uint8Array> {
      assertDocumentKey(key);
      // Asked while it is being read or made: the same answer, never a second print.
      let pending = making.get(key);
      if (!pending) {
        pending = storage.read(key).then((bytes) => bytes ?? make(key, produce)).finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
    /** The kept document's bytes, or null when it has not been made (yet). */
    async read(key: string): Promise<Uint8Array | null> {
      assertDocumentKey(key);
      return storage.read(key);
    },
    /**
     * Makes the document unless it is kept already, without reading it back: what a job calls, so a
     * job run again after a lost lease finds the file and writes nothing. Answers whether it printed.
     */
    async ensure(key: string, produce: () => Promise<Uint8Array>): Promise<boolean> {
      assertDocumentKey(key);
      let pending = ensuring.get(key);
      if (!pending) {
        pending = storage.size(key)
          .then(async (size) => {
            if (size !== null) return false;
            await make(key, produce);
            return true;
          })
          .finally(() => ensuring.delete(key));
        ensuring.set(key, pending);
      }
      return pending;
    },
  };
}

export type DocumentStore = ReturnType<typeof documentStore>;
