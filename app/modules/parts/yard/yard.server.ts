import { now } from '#app/.server/clock.ts';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import type { OutcomeStatus } from '#app/.server/http.ts';
import { registerSessionFact, sessionFact } from '#app/.server/session.ts';
import { modelLineDirectory } from '#app/modules/catalog/line-directory.server.ts';
import { YARD_MESSAGES as M } from './yard.constants.ts';
import * as q from './yard.queries.server.ts';
import { fittingPartIds, machineDrawingLink, machineFit } from './fit.rules.ts';
import { machinePartsLink, machineTitle, maxYearOf } from './yard.rules.ts';
import type { MachineView, PartMachineFit, PickerMachine } from './yard.schema.ts';

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

// The picker on the parts pages shows a signed-in user's machines: they come with his session
// (session.ts) and are named from the line directory, so a parts page asks no statement for them.
registerSessionFact('ownMachines', q.ownMachinesJson);

/**
 * What 'Выбрать мою технику' (`ui/MachinePicker.tsx`) shows: the visitor's machines with the link to
 * each one's parts page; null for a guest (the picker then offers sign-in). No statement on a page
 * view (the session brought them), one otherwise or when a machine's model is newer than the kept
 * line directory.
 */
export async function machinesForPicker(ctx: RequestContext): Promise<PickerMachine[] | null> {
  const userId = userIdOf(ctx);
  if (userId === null) return null;
  const own = sessionFact(ctx.session, 'ownMachines') as q.OwnMachineJson[] | undefined;
  if (own) {
    const { byModelId } = await modelLineDirectory(ctx.services);
    const named = own.map((m) => ({ m, place: byModelId.get(m.model_id) }));
    // A model newer than the directory (it is kept for a minute): read the machines with their models.
    if (named.every((n) => n.place)) {
      return named.map(({ m, place }) => pickerMachine({
        id: m.id, name: m.name, serial_number: m.serial_number, model_name: place!.model.name, model_slug: place!.model.slug,
        line_id: place!.line.id, line_slug: place!.line.slug, manufacturer_slug: place!.line.manufacturer.slug,
      }));
    }
  }
  return (await q.machinesOf(ctx.services.db, userId)).map(pickerMachine);
}

type PickerRow = Pick<q.MachineRow, 'id' | 'name' | 'serial_number' | 'model_name' | 'model_slug' | 'line_id' | 'line_slug' | 'manufacturer_slug'>;

const slugsOf = (r: Pick<PickerRow, 'manufacturer_slug' | 'line_slug' | 'model_slug' | 'serial_number'>) => ({ manufacturerSlug: r.manufacturer_slug, lineSlug: r.line_slug, modelSlug: r.model_slug, serial: r.serial_number });

function pickerMachine(r: PickerRow): PickerMachine {
  return {
    id: r.id,
    title: machineTitle({ name: r.name, modelName: r.model_name }),
    modelName: r.model_name,
    serial: r.serial_number,
    lineId: r.line_id,
    partsLink: machinePartsLink(slugsOf(r)),
  };
}

/**
 * A part page's 'fits your machine': each of the visitor's machines with whether the part fits it,
 * does not, or the catalogue cannot tell (`fit.rules.ts`) and a link to the machine's parts page (on the drawing where the part is, when it
 * fits). Null for a guest (no statement); one statement for a signed-in visitor.
 */
export async function partFitsForMachines(ctx: RequestContext, partId: number): Promise<PartMachineFit[] | null> {
  const userId = userIdOf(ctx);
  if (userId === null) return null;
  const rows = await q.machinesWithPartPositions(ctx.services.db, userId, partId);
  return rows.map((r) => {
    const positions = (r.positions ?? []).map((p) => ({ drawingId: p.drawing_id, serialFrom: p.serial_from, serialTo: p.serial_to }));
    const fit = machineFit(r.serial_number, positions, { modelHasDrawings: r.model_has_drawings, partHasDrawings: r.part_has_drawings });
    const first = fit.fitting[0];
    return {
      id: r.id,
      title: machineTitle({ name: r.name, modelName: r.model_name }),
      modelName: r.model_name,
      serial: r.serial_number,
      state: fit.state,
      reason: fit.reason,
      link: first ? machineDrawingLink(slugsOf(r), first.drawingId) : machinePartsLink(slugsOf(r)),
    };
  });
}

/** The visitor's machines for /fp/'s picker, and the parts that fit the chosen one (if it is his). */
export interface FpMachines {
  machines: PickerMachine[] | null;
  chosen: { machine: PickerMachine; partIds: number[] } | null;
}

/**
 * /fp/ narrowed to a machine: the visitor's machines and, for `chosenId` when it is one of his, the
 * ids of the parts that fit it (its line's positions in its serial range). Someone else's id or an
 * unknown one is no choice. Guests: no statement; signed in: one.
 */
export async function machinesForFp(ctx: RequestContext, chosenId: number | null): Promise<FpMachines> {
  const userId = userIdOf(ctx);
  if (userId === null) return { machines: null, chosen: null };
  const rows = await q.machinesWithLinePositions(ctx.services.db, userId, chosenId);
  const machines = rows.map(pickerMachine);
  const row = chosenId === null ? undefined : rows.find((r) => r.id === chosenId);
  if (!row) return { machines, chosen: null };
  const positions = (row.positions ?? []).map((p) => ({ partId: p.part_id, drawingId: p.drawing_id, serialFrom: p.serial_from, serialTo: p.serial_to }));
  return { machines, chosen: { machine: pickerMachine(row), partIds: fittingPartIds(row.serial_number, positions) } };
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

/** A machine of a user's 'Моя техника' as the back-office names it. */
export interface YardMachineSummary { id: number; title: string; modelName: string; serial: string; year: number | null; manufacturer: string }

/**
 * A user's machines in 'Моя техника' for staff (a request's page: the visitor's history): the
 * caller has checked the staff member may read the request that names the user.
 */
export async function machinesOfUser(services: Pick<AppServices, 'db'>, userId: number): Promise<YardMachineSummary[]> {
  return (await q.machinesOf(services.db, userId)).map((r) => ({
    id: r.id, title: machineTitle({ name: r.name, modelName: r.model_name }), modelName: r.model_name, serial: r.serial_number, year: r.year, manufacturer: r.manufacturer_name,
  }));
}
