import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { Busboy } from '@fastify/busboy';
import { formatBytes } from '#app/lib/bytes.ts';

/**
 * Streaming reader of multipart/form-data uploads (orders' attachments and the like), on
 * @fastify/busboy. A file is never held whole in memory: each file part is handed to `onFile` as a
 * stream, which the caller writes where it belongs (disk, object storage) while the upload arrives.
 * Limits on the size of each file, the number of files, the number of text fields and the size of a
 * text field refuse the upload with a Russian message as soon as they are passed; the whole request
 * is already bounded by the route's body limit (server/middleware/body-limit.ts), which should be
 * set a little above files × fileBytes for such a route.
 */

export interface MultipartLimits {
  /** Largest accepted file, in bytes. */
  fileBytes: number;
  /** Most files in one form. */
  files: number;
  /** Most text fields in one form (the _csrf field counts). */
  fields: number;
  /** Largest text field, in bytes. */
  fieldBytes: number;
}

export const DEFAULT_MULTIPART_LIMITS: Readonly<MultipartLimits> = {
  fileBytes: 10 * 1024 * 1024,
  files: 5,
  fields: 50,
  fieldBytes: 64 * 1024,
};

export const MULTIPART_MESSAGES = {
  notMultipart: 'Ожидалась форма с файлами',
  malformed: 'Не удалось прочитать отправленную форму. Обновите страницу и попробуйте ещё раз',
  fileTooLarge: (limit: number) => `Файл слишком большой: не более ${formatBytes(limit)}`,
  tooManyFiles: (limit: number) => `Слишком много файлов: не более ${limit}`,
  tooManyFields: 'Слишком много полей в форме',
  fieldTooLarge: 'Слишком длинное значение поля формы',
  requestTooLarge: 'Слишком большой запрос',
} as const;


export interface IncomingFile {
  field: string;
  filename: string;
  mimeType: string;
  /** The file's bytes as they arrive; consume it (or `resume()` it to skip the file). */
  stream: Readable;
  /** Aborted when the upload is refused part way: remove what was written of this file. */
  signal: AbortSignal;
}

export type MultipartResult<T> =
  | { ok: true; fields: Map<string, string[]>; files: T[] }
  | { ok: false; status: 400 | 413 | 415; message: string };

/**
 * Reads a multipart request. `onFile` is called for each file part in order; its results are the
 * `files` of the answer. Text fields come as a Map (a key may repeat); validate them with a zod
 * schema as any other input. When a limit is passed, the reading stops, every file stream is
 * destroyed, the signal is aborted, and the answer says why.
 */
export async function readMultipart<T>(
  request: Request,
  options: { limits?: Partial<MultipartLimits>; onFile: (file: IncomingFile) => Promise<T> },
): Promise<MultipartResult<T>> {
  const limits = { ...DEFAULT_MULTIPART_LIMITS, ...options.limits };
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) {
    return { ok: false, status: 415, message: MULTIPART_MESSAGES.notMultipart };
  }

  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: limits.fileBytes, files: limits.files, fields: limits.fields, fieldSize: limits.fieldBytes, parts: limits.files + limits.fields },
    });
  } catch {
    return { ok: false, status: 400, message: MULTIPART_MESSAGES.malformed };
  }

  const source = Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>);
  const abort = new AbortController();
  const fields = new Map<string, string[]>();
  const pending: Promise<T>[] = [];
  const open = new Set<Readable>();

  return new Promise<MultipartResult<T>>((resolve) => {
    let settled = false;
    const refuse = (status: 400 | 413 | 415, message: string) => {
      if (settled) return;
      settled = true;
      abort.abort(new Error(message));
      source.unpipe(parser);
      source.destroy();
      for (const stream of open) stream.destroy();
      parser.removeAllListeners();
      parser.on('error', () => {});
      parser.destroy();
      // Consumers see their stream destroyed; their failures are part of the refusal, not news.
      for (const p of pending) p.catch(() => {});
      resolve({ ok: false, status, message });
    };

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) return refuse(413, MULTIPART_MESSAGES.fieldTooLarge);
      const list = fields.get(name);
      if (list) list.push(value);
      else fields.set(name, [value]);
    });
    parser.on('file', (field, stream, filename, _encoding, mimeType) => {
      if (settled) { stream.resume(); return; }
      open.add(stream);
      stream.on('limit', () => refuse(413, MULTIPART_MESSAGES.fileTooLarge(limits.fileBytes)));
      // A consumer that destroys its stream with an error refuses the upload rather than crashing.
      stream.on('error', () => refuse(400, MULTIPART_MESSAGES.malformed));
      stream.on('close', () => open.delete(stream));
      stream.on('end', () => open.delete(stream));
      const consumer = Promise.resolve().then(() => options.onFile({ field, filename, mimeType, stream, signal: abort.signal }));
      pending.push(consumer);
      consumer.catch(() => refuse(400, MULTIPART_MESSAGES.malformed));
    });
    parser.on('filesLimit', () => refuse(413, MULTIPART_MESSAGES.tooManyFiles(limits.files)));
    parser.on('fieldsLimit', () => refuse(413, MULTIPART_MESSAGES.tooManyFields));
    parser.on('partsLimit', () => refuse(413, MULTIPART_MESSAGES.tooManyFields));
    parser.on('error', () => refuse(400, MULTIPART_MESSAGES.malformed));
    parser.on('finish', () => {
      void Promise.all(pending).then(
        (files) => { if (!settled) { settled = true; resolve({ ok: true, fields, files }); } },
        () => refuse(400, MULTIPART_MESSAGES.malformed),
      );
    });
    // The route's body limit fails the request stream past its size (BodyTooLargeError).
    source.on('error', (error: Error) => refuse(error.name === 'BodyTooLargeError' ? 413 : 400,
      error.name === 'BodyTooLargeError' ? MULTIPART_MESSAGES.requestTooLarge : MULTIPART_MESSAGES.malformed));
    source.pipe(parser);
  });
}
