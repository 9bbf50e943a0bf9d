import type { FileStorage } from '../files/storage.ts';

/** A document's key: a folder and a file name of safe characters, e.g. 'invoices/12-3f9a….pdf'. */
const KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

/**
 * Printed documents kept in the file storage (area `documents`: DOCUMENTS_DIR on the local disk,
 * or `documents/` in the S3 bucket; ADR 074, 077) by key (the document and its version), so each
 * version is printed once. A key being made is made once per process: later callers wait for the
 * same print. The storage writes a whole object or none, so a reader never sees half a file; two
 * processes printing the same version at once both write the same bytes.
 */
export function documentStore(storage: FileStorage) {
  const making = new Map<string, Promise<Uint8Array>>();

  async function make(key: string, produce: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const bytes = await produce();
    await storage.put(key, bytes, { contentType: 'application/pdf' });
    return bytes;
  }

  return {
    /** The kept document, or the one `produce` makes now (kept for next time). */
    async get(key: string, produce: () => Promise<Uint8Array>): Promise<Uint8Array> {
      if (!KEY.test(key) || key.split('/').some((s) => s.includes('..'))) throw new Error(`Bad document key: ${key}`);
      // Asked while it is being read or made: the same answer, never a second print.
      let pending = making.get(key);
      if (!pending) {
        pending = storage.read(key).then((bytes) => bytes ?? make(key, produce)).finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
  };
}

export type DocumentStore = ReturnType<typeof documentStore>;
