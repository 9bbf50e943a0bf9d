import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

/** A document's place in the store: folders and a file name of safe characters, e.g. 'invoices/12-3f9a….pdf'. */
const KEY = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

/**
 * Printed documents kept on local disk under DOCUMENTS_DIR by key (the document and its version),
 * so each version is printed once (ADR 074). A key being made is made once per process: later
 * callers wait for the same print. Written to a temporary file and renamed into place, so a reader
 * never sees half a file; two processes printing the same version at once both write the same bytes.
 * A files-storage interface (local disk or S3) takes its place later.
 */
export function documentStore(dir: string) {
  const root = resolve(dir);
  const making = new Map<string, Promise<Uint8Array>>();

  function fileOf(key: string): string {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`Bad document key: ${key}`);
    const file = resolve(root, key);
    if (!file.startsWith(root + sep)) throw new Error(`Bad document key: ${key}`);
    return file;
  }

  async function make(file: string, produce: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const bytes = await produce();
    await mkdir(dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return bytes;
  }

  return {
    /** The kept document, or the one `produce` makes now (kept for next time). */
    async get(key: string, produce: () => Promise<Uint8Array>): Promise<Uint8Array> {
      const file = fileOf(key);
      // Asked while it is being read or made: the same answer, never a second print.
      let pending = making.get(key);
      if (!pending) {
        pending = readFile(file).then((bytes) => new Uint8Array(bytes), (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
          return make(file, produce);
        }).finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
  };
}

export type DocumentStore = ReturnType<typeof documentStore>;
