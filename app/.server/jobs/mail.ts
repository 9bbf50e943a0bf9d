import { z } from 'zod';
import type { DB } from '../db/connect.ts';
import { enqueueJob } from './enqueue.ts';
import { defineJobKind } from './kinds.ts';

/**
 * Every e-mail and SMS whose sending may wait goes out as a job (ADR 075): enqueued with the record
 * it belongs to, sent by a runner with the job's key as the message's idempotency key, retried with
 * back-off (30 s, 1 min, 2 min … at most 6 h: 12 tries over about 14 hours), kept as failed
 * after the last. A sign-in code is sent in its request instead: its user waits for it, and a code
 * that arrives a minute late has expired.
 */

const LETTER_RETRY = { baseMs: 30_000, maxMs: 6 * 3_600_000 } as const;
const LETTER_TRIES = 12;
/** SMTP's own timeouts end a send within 40 s; an HTTP vendor's within 10 s. */
const LETTER_LEASE_MS = 2 * 60_000;

export const mailPayload = z.object({
  to: z.string().min(3).max(320),
  subject: z.string().max(998),
  text: z.string().max(1_000_000),
  html: z.string().max(2_000_000).optional(),
  /** A letter to the shop's own staff (a branch): the development outbox shows it to the browser that caused it. */
  staff: z.boolean().optional(),
});
export type MailPayload = z.output<typeof mailPayload>;

export const mailSendJob = defineJobKind({
  kind: 'mail.send',
  label: 'Письмо',
  payload: mailPayload,
  maxAttempts: LETTER_TRIES,
  leaseMs: LETTER_LEASE_MS,
  retry: LETTER_RETRY,
  run: (services, letter, job) => services.providers.mail.send({ ...letter, idempotencyKey: job.key }),
});

export const smsPayload = z.object({
  /** Digits, or a phone as typed: the adapters deliver to its digits. */
  to: z.string().min(10).max(40),
  text: z.string().min(1).max(1_000),
});
export type SmsPayload = z.output<typeof smsPayload>;

export const smsSendJob = defineJobKind({
  kind: 'sms.send',
  label: 'SMS',
  payload: smsPayload,
  maxAttempts: LETTER_TRIES,
  leaseMs: LETTER_LEASE_MS,
  retry: LETTER_RETRY,
  run: (services, sms, job) => services.providers.sms.send(sms.to, sms.text, { idempotencyKey: job.key }),
});

/** A letter to send in the background; `key` names what it is the letter of ('orders.mail:42'). */
export function enqueueMail(db: DB, letter: MailPayload, options: { key: string }): Promise<{ id: number; created: boolean }> {
  return enqueueJob(db, mailSendJob, letter, options);
}

/** An SMS to send in the background. */
export function enqueueSms(db: DB, sms: SmsPayload, options: { key: string }): Promise<{ id: number; created: boolean }> {
  return enqueueJob(db, smsSendJob, sms, options);
}

/** The policy letter-like jobs of modules share (the branches' letters of 'Написать нам' and the requests). */
export const LETTER_JOB_POLICY = { maxAttempts: LETTER_TRIES, leaseMs: LETTER_LEASE_MS, retry: LETTER_RETRY } as const;
