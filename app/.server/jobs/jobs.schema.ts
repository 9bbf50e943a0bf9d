import { z } from 'zod';
import { JOB_KIND_PATTERN } from './kinds.ts';

/** The back-office list's filters, as a URL carries them (`/admin/jobs?state=failed&kind=mail.send&page=2`). */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Readonly<Record<JobStateName, string>> = {
  queued: 'В очереди', running: 'Выполняется', done: 'Выполнено', failed: 'Ошибка',
};

export const JOBS_PAGE_SIZE = 50;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const jobListQuery = z.object({
  state: z.preprocess(blankToUndefined, z.enum(JOB_STATES, { error: 'Неизвестное состояние задания' }).optional()),
  kind: z.preprocess(blankToUndefined, z.string().max(100).regex(JOB_KIND_PATTERN, 'Неизвестный вид задания').optional()),
  /** The start of a key ('orders.mail:' finds an order's letters). */
  key: z.preprocess(blankToUndefined, z.string().trim().max(200, 'Не больше 200 символов').optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: 'Номер страницы — число' }).int('Номер страницы — целое число').min(1, 'Страницы начинаются с 1').max(100_000).default(1)),
});
export type JobListQuery = z.output<typeof jobListQuery>;

export const jobIdInput = z.coerce.number({ error: 'Номер задания — число' }).int().positive('Неизвестное задание').max(Number.MAX_SAFE_INTEGER);

export interface JobView {
  id: number;
  kind: string;
  /** The kind's Russian label ('Счёт в PDF'), or its name for a kind without one. */
  kindLabel: string;
  key: string;
  state: JobStateName;
  stateLabel: string;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lockedUntil: string | null;
  lockedBy: string | null;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface JobPage { page: number; pageSize: number; total: number; jobs: JobView[] }

export type RetryJobOutcome =
  | { ok: true }
  | { ok: false; code: 'not_found' | 'not_failed'; message: string };

export const JOB_MESSAGES = {
  notFound: 'Задание не найдено',
  notFailed: 'Повторить можно только задание с ошибкой',
} as const;
