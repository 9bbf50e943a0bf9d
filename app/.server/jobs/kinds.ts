import type { z } from 'zod';
import type { AppServices } from '../context.ts';

/**
 * The one registry of job kinds (ADR 075): a kind names its payload's schema, how often and how
 * late it is tried, how long a run may hold it, and what it does. A module defines its kinds in its
 * own files (`defineJobKind` registers them as they load); a runner takes only the kinds its process
 * knows, so a process without a module never claims that module's work.
 */

/** Waits between tries: `baseMs` after the first failure, doubled each time, at most `maxMs`. */
export interface RetryPolicy { baseMs: number; maxMs: number }

/** What a run knows of its job. `key` is what its side effect carries (the idempotency key). */
export interface JobInfo { id: number; kind: string; key: string; attempt: number; maxAttempts: number }

export interface JobKind<P> {
  kind: string;
  /** What `/admin/jobs` calls it, in Russian ('Письмо', 'Счёт в PDF'); the name when absent. */
  label?: string;
  payload: z.ZodType<P>;
  /** Tries before the job is kept as failed; an enqueue may give its own. */
  maxAttempts: number;
  /** How long a run holds the job; after it another process takes it (its process is presumed dead). */
  leaseMs: number;
  retry: RetryPolicy;
  /** Does the work; throws to be tried again. Must be idempotent by `job.key`: it may run again after a lost lease. */
  run(services: AppServices, payload: P, job: JobInfo): Promise<void>;
  /** After the last try failed (the job is kept as failed): the owner of the work writes it down. */
  failed?(services: AppServices, payload: P, job: JobInfo, error: string): Promise<void>;
}

export type JobKindSpec<P> = Pick<JobKind<P>, 'kind' | 'label' | 'payload' | 'run' | 'failed'> & Partial<Pick<JobKind<P>, 'maxAttempts' | 'leaseMs' | 'retry'>>;

export const JOB_DEFAULTS = { maxAttempts: 8, leaseMs: 60_000, retry: { baseMs: 10_000, maxMs: 60 * 60_000 } } as const;

/** A kind's name: dotted lowercase words, the owner first ('mail.send', 'leads.request-letter'). */
export const JOB_KIND_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

const registry = new Map<string, JobKind<unknown>>();

/** Defines and registers a kind. Defining a name again replaces it (a module reloaded in development). */
export function defineJobKind<P>(spec: JobKindSpec<P>): JobKind<P> {
  if (!JOB_KIND_PATTERN.test(spec.kind)) throw new Error(`Job kind "${spec.kind}": dotted lowercase words, owner first`);
  const kind: JobKind<P> = {
    maxAttempts: JOB_DEFAULTS.maxAttempts, leaseMs: JOB_DEFAULTS.leaseMs, retry: JOB_DEFAULTS.retry,
    ...spec,
  };
  if (kind.maxAttempts < 1 || kind.maxAttempts > 100) throw new Error(`Job kind "${spec.kind}": 1 to 100 attempts`);
  if (kind.leaseMs < 100) throw new Error(`Job kind "${spec.kind}": a lease of at least 100 ms`);
  registry.set(kind.kind, kind as JobKind<unknown>);
  return kind;
}

export function jobKind(name: string): JobKind<unknown> | undefined {
  return registry.get(name);
}

/** A kind's name for people: its Russian label where it has one (kinds this process does not know show their name). */
export function jobKindLabel(name: string): string {
  return registry.get(name)?.label ?? name;
}

/** The kinds this process can run. */
export function registeredKinds(): string[] {
  return [...registry.keys()].sort();
}
