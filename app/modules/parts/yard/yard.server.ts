import { now } from '#app/.server/clock.ts';
import type { RequestContext } from '#app/.server/context.ts';
import type { OutcomeStatus } from '#app/.server/http.ts';
import { YARD_MESSAGES as M } from './yard.constants.ts';
import * as q from './yard.queries.server.ts';
import { machinePartsLink, machineTitle, maxYearOf } from './yard.rules.ts';
import type { MachineView, PickerMachine } from './yard.schema.ts';

/*
 * 'Моя техника' (issue 9 point 9): the signed-in user's machines. Guests have none and can change
 * nothing (spec §6: the machinery yard needs sign-in). Expected refusals are values (habit 4).
 */

export type YardFailure = 'sign-in' | 'unknown-model' | 'limit' | 'duplicate' | 'not-found';
export type YardOutcome<T = object> = ({ ok: true; message: string } & T) | { ok: false; code: YardFailure; message: string };

/** How the API answers each refusal. */
export const YARD_STATUS: Readonly<Record<YardFailure, OutcomeStatus>> = {
  'sign-in': 401, 'unknown-model': 404, 'not-found': 404, limit: 409, duplicate: 409,
};

const FAILURE_MESSAGE: Readonly<Record<YardFailure, string>> = {
  'sign-in': M.signIn, 'unknown-model': M.modelNotFound, 'not-found': M.notFound, limit: M.limit, duplicate: M.duplicate,
};

function fail(code: YardFailure): { ok: false; code: YardFailure; message: string } {
  return { ok: false, code, message: FAILURE_MESSAGE[code] };
}

function userIdOf(ctx: RequestContext): number | null {
  return ctx.session?.userId ?? null;
}

/** The newest year of manufacture the forms accept today (the server's clock). */
export function currentMaxYear(): number {
  return maxYearOf(now());
}

/** The visitor's machines, newest first; null for a guest (no query then). One statement. */
export async function listMachines(ctx: RequestContext): Promise<MachineView[] | null> {
  const userId = userIdOf(ctx);
  if (userId === null) return null;
  const rows = await q.machinesOf(ctx.services.db, userId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    serial: r.serial_number,
    year: r.year,
    model: { id: r.model_id, name: r.model_name, image: r.image },
    line: { id: r.line_id, name: r.line_name },
    manufacturer: r.manufacturer_name,
    partsLink: machinePartsLink({ manufacturerSlug: r.manufacturer_slug, lineSlug: r.line_slug, modelSlug: r.model_slug, serial: r.serial_number }),
  }));
}

/**
 * What 'Выбрать мою технику' (`ui/MachinePicker.tsx`) shows: the visitor's machines with the link to
 * each one's parts page; null for a guest (the picker then offers sign-in). One statement for a
 * signed-in visitor, none for a guest.
 */
export async function machinesForPicker(ctx: RequestContext): Promise<PickerMachine[] | null> {
  const userId = userIdOf(ctx);
  if (userId === null) return null;
  const rows = await q.machinesOf(ctx.services.db, userId);
  return rows.map((r) => ({
    id: r.id,
    title: machineTitle({ name: r.name, modelName: r.model_name }),
    modelName: r.model_name,
    serial: r.serial_number,
    lineId: r.line_id,
    partsLink: machinePartsLink({ manufacturerSlug: r.manufacturer_slug, lineSlug: r.line_slug, modelSlug: r.model_slug, serial: r.serial_number }),
  }));
}

/** Adds a machine (validated values: `machineApiInput` / `machineFormInput`); never past the limit. */
export async function addMachine(ctx: RequestContext, values: q.MachineValues): Promise<YardOutcome<{ id: number }>> {
  const userId = userIdOf(ctx);
  if (userId === null) return fail('sign-in');
  const result = await q.addMachine(ctx.services.db, userId, values, now());
  if (result.kind !== 'added') return fail(result.kind);
  return { ok: true, message: M.added, id: result.id };
}

/** Changes one of the visitor's machines; someone else's is 'not-found'. */
export async function updateMachine(ctx: RequestContext, id: number, values: q.MachineValues): Promise<YardOutcome> {
  const userId = userIdOf(ctx);
  if (userId === null) return fail('sign-in');
  const result = await q.updateMachine(ctx.services.db, userId, id, values);
  if (result.kind !== 'updated') return fail(result.kind);
  return { ok: true, message: M.updated };
}

/** Deletes one of the visitor's machines; someone else's is 'not-found' and stays. */
export async function deleteMachine(ctx: RequestContext, id: number): Promise<YardOutcome> {
  const userId = userIdOf(ctx);
  if (userId === null) return fail('sign-in');
  if (!(await q.deleteMachine(ctx.services.db, userId, id))) return fail('not-found');
  return { ok: true, message: M.deleted };
}
