import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, errorResponse, validate } from '#app/.server/http.ts';
import { MULTIPART_MESSAGES, readMultipart, type IncomingFile } from '#app/.server/multipart.ts';
import { reserve } from '#app/.server/rate-limit.ts';
import type { StoredObject } from '#app/.server/files/storage.ts';
import { APPLY_BODY_BYTES, CV_MAX_BYTES, CV_MAX_FILES } from './vacancies.constants.ts';
import { cvFileName, cvType } from './vacancies.rules.ts';
import { VACANCY_MESSAGES, applicationInput } from './vacancies.schema.ts';
import { APPLICATION_RATE_LIMITS, APPLY_STATUS, applicationStorage, applyToVacancy } from './vacancies.server.ts';

/** The apply route's request: one CV of 10 MB and the fields (server/app.ts BODY_LIMIT_RULES). */
export const VACANCY_APPLY_BODY_BYTES = APPLY_BODY_BYTES;

type Received = { stored: StoredObject; filename: string; field: string };

/**
 * The vacancies' API (ADR 092), under /api. Answers are the visitor's own: never stored by a cache.
 *
 * `POST /api/vacancies/apply` (multipart/form-data: `_csrf` or the X-CSRF-Token header; `vacancyId`,
 * `name`, `phone`, `email?`, `message?`, `acceptGDPR`; one file `cv` of at most 10 MB — PDF, DOC,
 * DOCX, RTF or ODT by its content) → `{ error_status: 'success', message, id }`. Bad fields 400 with
 * the field's Russian message; no CV 400; a CV of another type (an executable renamed `.pdf`) 415; too
 * large or more than one file 413; an unknown or closed vacancy 404; too many from one address 429
 * with Retry-After. A refused application leaves nothing behind: its file is removed.
 */
export function vacanciesApi(storageOf: typeof applicationStorage = applicationStorage) {
  return new Hono<HonoEnv>().post('/vacancies/apply', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const ctx = c.get('ctx');
    // Per network address; the tokens of an application not stored are given back (the limit counts
    // applications, not a visitor's attempts to pick the right file).
    const limited = await reserve(ctx.services.db, APPLICATION_RATE_LIMITS.map((rule) => ({ rule, subject: ctx.ip ?? 'unknown' })));
    if (!limited.ok) {
      c.header('Retry-After', String(limited.retryAfterSeconds));
      return errorResponse(c, 429, VACANCY_MESSAGES.tooMany, { retryAfterSeconds: limited.retryAfterSeconds });
    }
    let stored = false;
    const storage = storageOf(ctx.services.config);
    const written: string[] = [];
    const writing: Promise<unknown>[] = [];
    const discard = async () => {
      await Promise.allSettled(writing);
      await Promise.all(written.map((k) => storage.delete(k).catch(() => {})));
    };
    try {
      // The CV goes to the storage as it arrives (never whole in memory); its type is recognised
      // from its first bytes once it is there.
      const read = await readMultipart<Received>(c.req.raw, {
        limits: { fileBytes: CV_MAX_BYTES, files: CV_MAX_FILES, fields: 12, fieldBytes: 16 * 1024 },
        onFile: async (file: IncomingFile) => {
          const put = storage.putTemp(file.stream, { signal: file.signal });
          writing.push(put);
          const result = await put;
          written.push(result.key);
          return { stored: result, filename: file.filename || 'Резюме', field: file.field };
        },
      });
      if (!read.ok) {
        await discard();
        const message = read.status === 413 && read.message.startsWith('Слишком много файлов') ? 'Приложите один файл резюме' : read.message;
        return errorResponse(c, read.status, message);
      }
      const fields: Record<string, string> = {};
      for (const [name, values] of read.fields) {
        if (name === '_csrf') continue;
        if (values.length !== 1) { await discard(); return errorResponse(c, 400, MULTIPART_MESSAGES.malformed); }
        fields[name] = values[0]!;
      }
      const parsed = validate(c, applicationInput, fields);
      if (!parsed.ok) { await discard(); return parsed.response; }
      const upload = read.files.find((f) => f.field === 'cv');
      if (!upload || read.files.length !== 1) { await discard(); return errorResponse(c, 400, VACANCY_MESSAGES.cvMissing, { fields: { cv: VACANCY_MESSAGES.cvMissing } }); }
      if (upload.stored.size === 0) { await discard(); return errorResponse(c, 400, VACANCY_MESSAGES.cvEmpty, { fields: { cv: VACANCY_MESSAGES.cvEmpty } }); }
      const type = cvType((await fileTypeFromBuffer(upload.stored.head))?.ext, upload.filename);
      if (!type) {
        await discard();
        const message = VACANCY_MESSAGES.cvType(upload.filename.slice(0, 120));
        return errorResponse(c, 415, message, { fields: { cv: message } });
      }
      // Its own key before the record: the row never names a file that is not there.
      const key = `cv/${randomUUID()}`;
      await storage.promote(upload.stored.key, key);
      written.splice(written.indexOf(upload.stored.key), 1, key);
      const outcome = await applyToVacancy(ctx, parsed.data, {
        key, name: cvFileName(upload.filename, type.extension), mime: type.mime, size: upload.stored.size, sha256: upload.stored.sha256,
      });
      if (!outcome.ok) { await discard(); return answerOutcome(c, outcome, APPLY_STATUS); }
      stored = true;
      return answerOutcome(c, outcome, APPLY_STATUS, { id: outcome.id });
    } catch (error) {
      await discard();
      throw error;
    } finally {
      if (!stored) await limited.release();
    }
  });
}

