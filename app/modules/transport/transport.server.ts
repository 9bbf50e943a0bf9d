import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { imageStorage } from '#app/.server/files/image-variants.ts';
import { imageUrl } from '#app/lib/picture.ts';
import { readStoredImage, storeImage } from '#app/.server/files/images.ts';
import { enqueueMail } from '#app/.server/jobs/mail.ts';
import { formatMoney } from '#app/lib/money.ts';
import { can } from '#app/modules/auth/capabilities.rules.ts';
import { userContacts, viewerOf } from '#app/modules/auth/users.server.ts';
import { modelCards } from '#app/modules/catalog/cards.server.ts';
import { TRANSPORT_PAGE_SIZE, TRANSPORT_PATH, type TransportStatus } from './transport.constants.ts';
import { TRANSPORT_MESSAGES, TRANSPORT_STATUS_LABELS } from './transport-messages.constants.ts';
import { TRANSITIONS, carrierLabel, dimensionsText, phoneText, type TransportAction } from './transport.rules.ts';
import type { BidInput, LoadInput } from './transport.schema.ts';

/*
 * The transportation exchange (ADR 097). A load belongs to the user who posted it (and, when an
 * employee posted it, to his branch); carriers (capability `transport.bid`) see the open loads and
 * bid once each; the owner awards one bid. Who may see a load is decided here, by the viewer's id
 * and whether he is a carrier: anyone else gets null (a 404), whatever id he guesses. Contacts are
 * left out of what is read until the award, and then only for the owner and the awarded carrier.
 */

export interface TransportViewer { userId: number; carrier: boolean; branchId?: number | null }

/** The signed-in visitor as the exchange sees him (a carrier: capability `transport.bid`), or null for a guest. */
export async function transportViewerOf(ctx: RequestContext): Promise<(TransportViewer & { name: string; phone: string | null }) | null> {
  const viewer = await viewerOf(ctx);
  if (viewer.isGuest || viewer.id === null) return null;
  return { userId: viewer.id, carrier: can(viewer.roles, 'transport.bid'), branchId: viewer.staffBranchId, name: viewer.userName ?? '', phone: viewer.contacts.phone };
}

type Outcome<T = object> = ({ ok: true } & T) | { ok: false; code: 'not_found' | 'wrong_state' | 'invalid'; message: string };

const DATE = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

function photoIds(raw: unknown): string[] {
  const list = typeof raw === 'string' ? JSON.parse(raw) as unknown : raw;
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
}

export interface LoadPhoto { id: string; src: string; srcSet: string }
function photoView(id: string): LoadPhoto {
  return { id, src: imageUrl(id, 640, 'webp'), srcSet: `${imageUrl(id, 320, 'webp')} 320w, ${imageUrl(id, 640, 'webp')} 640w` };
}

/** Keeps an uploaded photo of a load (checked by content); its id goes with the form. */
export async function storeLoadPhoto(services: AppServices, upload: Readable): Promise<{ ok: true; imageId: string } | { ok: false; message: string }> {
  const stored = await storeImage(imageStorage(services.config), upload);
  return stored.ok ? { ok: true, imageId: stored.image.id } : { ok: false, message: stored.message };
}

// ---- posting ---------------------------------------------------------------------------------

export async function postLoad(services: AppServices, owner: TransportViewer, input: LoadInput, photos: readonly string[] = []): Promise<Outcome<{ id: number }> | { ok: false; code: 'invalid'; message: string; field: string }> {
  const { db } = services;
  if (photos.length > 5) return { ok: false, code: 'invalid', field: 'photos', message: 'Не более 5 фотографий' };
  for (const id of photos) {
    if (!await readStoredImage(imageStorage(services.config), id)) return { ok: false, code: 'invalid', field: 'photos', message: 'Фотография не найдена: загрузите её ещё раз' };
  }
  if (input.modelId !== null && !(await modelCards(db, [input.modelId], null, false)).length) {
    return { ok: false, code: 'invalid', field: 'modelId', message: TRANSPORT_MESSAGES.unknownModel };
  }
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('transport_load').values({
      owner_id: owner.userId, branch_id: owner.branchId ?? null,
      from_city: input.fromCity, from_address: input.fromAddress, to_city: input.toCity, to_address: input.toAddress,
      machine: input.machine, model_id: input.modelId,
      length_cm: input.lengthCm, width_cm: input.widthCm, height_cm: input.heightCm, weight_kg: input.weightKg,
      ready_on: input.readyOn, deadline_on: input.deadlineOn, photos: JSON.stringify([...new Set(photos)]),
      contact_phone: input.contactPhone, note: input.note,
    }).returning('id').executeTakeFirstOrThrow();
    await notify(trx, services, row.id, 'open', { ownerId: owner.userId, carrierId: null });
    return row.id;
  });
  return { ok: true, id };
}

// ---- reading ---------------------------------------------------------------------------------

export interface LoadSummary {
  id: number; fromCity: string; toCity: string; machine: string; weightKg: number; dimensions: string;
  readyOn: string; deadlineOn: string; status: TransportStatus; statusLabel: string; bids: number; link: string;
}

function summaryQuery(db: DB) {
  return db.selectFrom('transport_load as l').select([
    'l.id', 'l.from_city', 'l.to_city', 'l.machine', 'l.weight_kg', 'l.length_cm', 'l.width_cm', 'l.height_cm', 'l.status',
    DATE('l.ready_on').as('ready_on'), DATE('l.deadline_on').as('deadline_on'),
    (eb) => eb.selectFrom('transport_bid as b').select((e) => e.fn.countAll<string>().as('n')).whereRef('b.load_id', '=', 'l.id').as('bids'),
  ]);
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];
function toSummary(r: SummaryRow): LoadSummary {
  return {
    id: r.id, fromCity: r.from_city, toCity: r.to_city, machine: r.machine, weightKg: r.weight_kg,
    dimensions: dimensionsText({ lengthCm: r.length_cm, widthCm: r.width_cm, heightCm: r.height_cm }),
    readyOn: r.ready_on, deadlineOn: r.deadline_on, status: r.status, statusLabel: TRANSPORT_STATUS_LABELS[r.status],
    bids: Number(r.bids ?? 0), link: `${TRANSPORT_PATH}/${r.id}`,
  };
}

const lowerEq = (column: 'l.from_city' | 'l.to_city', value: string) => sql<boolean>`lower(${sql.ref(column)}) = lower(${value})`;

/** The open loads a carrier may bid on, newest first, filtered by the cities of departure and destination. */
export async function openLoads(db: DB, query: { from?: string | undefined; to?: string | undefined; page: number }): Promise<{ loads: LoadSummary[]; total: number; page: number; pages: number }> {
  let q = db.selectFrom('transport_load as l').where('l.status', '=', 'open');
  if (query.from) q = q.where(lowerEq('l.from_city', query.from));
  if (query.to) q = q.where(lowerEq('l.to_city', query.to));
  const total = Number((await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const pages = Math.max(1, Math.ceil(total / TRANSPORT_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  let list = summaryQuery(db).where('l.status', '=', 'open');
  if (query.from) list = list.where(lowerEq('l.from_city', query.from));
  if (query.to) list = list.where(lowerEq('l.to_city', query.to));
  const rows = await list.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(TRANSPORT_PAGE_SIZE).offset((page - 1) * TRANSPORT_PAGE_SIZE).execute();
  return { loads: rows.map(toSummary), total, page, pages };
}

/** The loads a user posted, newest first. */
export async function ownLoads(db: DB, userId: number): Promise<LoadSummary[]> {
  const rows = await summaryQuery(db).where('l.owner_id', '=', userId).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(100).execute();
  return rows.map(toSummary);
}

/** The loads a carrier bid on that no longer take bids (his awards and the rest), newest first. */
export async function carrierHistory(db: DB, carrierId: number): Promise<Array<LoadSummary & { won: boolean }>> {
  const rows = await summaryQuery(db).innerJoin('transport_bid as mine', (j) => j.onRef('mine.load_id', '=', 'l.id').on('mine.carrier_id', '=', carrierId))
    .select(sql<boolean>`l.awarded_bid_id is not distinct from mine.id`.as('won'))
    .where('l.status', '!=', 'open').orderBy('l.updated_at', 'desc').orderBy('l.id', 'desc').limit(100).execute();
  return rows.map((r) => ({ ...toSummary(r), won: r.won }));
}

export interface BidView {
  id: number; label: string; price: string; priceKopecks: number; pickupOn: string; comment: string; awarded: boolean;
  /** Only for the owner after the award, of the awarded bid. */
  carrier: { name: string; phone: string | null; email: string | null } | null;
}

export interface LoadDetails {
  id: number; role: 'owner' | 'carrier';
  fromCity: string; fromAddress: string; toCity: string; toAddress: string; machine: string;
  model: { name: string; link: string } | null;
  dimensions: string; weightKg: number; readyOn: string; deadlineOn: string; note: string;
  photos: LoadPhoto[]; status: TransportStatus; statusLabel: string;
  /** The owner's phone: the owner's own, or the awarded carrier's view; null otherwise. */
  contactPhone: string | null;
  ownerName: string | null;
  /** The owner sees every bid (labels until the award); a carrier sees his own only. */
  bids: BidView[];
  myBid: { price: number; pickupOn: string; comment: string } | null;
  awardedToMe: boolean;
}

/**
 * One load as the viewer may see it, or null: the owner sees it all; a carrier sees an open load,
 * or one he bid on, with his bid only, and the owner's phone only once his bid is awarded. Anyone
 * else — another customer, a carrier on a load past open he never bid on — gets null.
 */
export async function loadFor(db: DB, viewer: TransportViewer, id: number): Promise<LoadDetails | null> {
  const load = await db.selectFrom('transport_load').selectAll()
    .select([DATE('ready_on').as('ready_day'), DATE('deadline_on').as('deadline_day')]).where('id', '=', id).executeTakeFirst();
  if (!load) return null;
  const owner = load.owner_id === viewer.userId;
  const bidRows = await db.selectFrom('transport_bid').select(['id', 'carrier_id', 'price_kopecks', 'comment', DATE('pickup_on').as('pickup_day')])
    .where('load_id', '=', id).orderBy('created_at').orderBy('id').execute();
  const mine = bidRows.find((b) => b.carrier_id === viewer.userId) ?? null;
  if (!owner && !(viewer.carrier && (load.status === 'open' || mine))) return null;
  const awardedToMe = mine !== null && load.awarded_bid_id === mine.id;
  const awarded = bidRows.find((b) => b.id === load.awarded_bid_id) ?? null;
  const contacts = await userContacts(db, [load.owner_id, ...(owner && awarded ? [awarded.carrier_id] : [])]);
  const view = (b: (typeof bidRows)[number], position: number): BidView => {
    const isAwarded = b.id === load.awarded_bid_id;
    const c = owner && isAwarded ? contacts.get(b.carrier_id) : undefined;
    return {
      id: b.id, label: carrierLabel(position), price: formatMoney(b.price_kopecks, 'RUB'), priceKopecks: b.price_kopecks, pickupOn: b.pickup_day,
      comment: b.comment, awarded: isAwarded, carrier: c ? { name: c.name, phone: c.phone ? phoneText(c.phone) : null, email: c.email } : null,
    };
  };
  const bids = owner ? bidRows.map((b, i) => view(b, i + 1)) : mine ? [view(mine, bidRows.indexOf(mine) + 1)] : [];
  const [model] = load.model_id !== null ? await modelCards(db, [load.model_id], null, false) : [];
  return {
    id: load.id, role: owner ? 'owner' : 'carrier',
    fromCity: load.from_city, fromAddress: load.from_address, toCity: load.to_city, toAddress: load.to_address, machine: load.machine,
    model: model ? { name: model.card.name, link: model.card.link } : null,
    dimensions: dimensionsText({ lengthCm: load.length_cm, widthCm: load.width_cm, heightCm: load.height_cm }),
    weightKg: load.weight_kg, readyOn: load.ready_day, deadlineOn: load.deadline_day, note: load.note,
    photos: photoIds(load.photos).map(photoView), status: load.status, statusLabel: TRANSPORT_STATUS_LABELS[load.status],
    contactPhone: owner || awardedToMe ? phoneText(load.contact_phone) : null,
    ownerName: owner || awardedToMe ? contacts.get(load.owner_id)?.name ?? null : null,
    bids, myBid: mine ? { price: mine.price_kopecks / 100, pickupOn: mine.pickup_day, comment: mine.comment } : null, awardedToMe,
  };
}

// ---- bidding ---------------------------------------------------------------------------------

/**
 * A carrier's bid: the first makes his row, later ones change it, while the load is open. The load
 * is read `for share`, so an award (which takes it `for update`) waits for a bid in progress and a
 * bid after the award sees the new status; parallel first bids of one carrier keep one row.
 */
export async function placeBid(db: DB, carrier: TransportViewer, loadId: number, input: BidInput): Promise<Outcome> {
  if (!carrier.carrier) return { ok: false, code: 'not_found', message: TRANSPORT_MESSAGES.notFound };
  return db.transaction().execute(async (trx): Promise<Outcome> => {
    const load = await trx.selectFrom('transport_load').select(['owner_id', 'status']).where('id', '=', loadId).forShare().executeTakeFirst();
    const had = load ? await trx.selectFrom('transport_bid').select('id').where('load_id', '=', loadId).where('carrier_id', '=', carrier.userId).executeTakeFirst() : undefined;
    if (!load || (load.status !== 'open' && !had)) return { ok: false, code: 'not_found', message: TRANSPORT_MESSAGES.notFound };
    if (load.owner_id === carrier.userId) return { ok: false, code: 'invalid', message: TRANSPORT_MESSAGES.ownLoad };
    if (load.status !== 'open') return { ok: false, code: 'wrong_state', message: TRANSPORT_MESSAGES.notOpen };
    await trx.insertInto('transport_bid').values({ load_id: loadId, carrier_id: carrier.userId, price_kopecks: input.price, pickup_on: input.pickupOn, comment: input.comment })
      .onConflict((oc) => oc.columns(['load_id', 'carrier_id']).doUpdateSet({
        price_kopecks: input.price, pickup_on: input.pickupOn, comment: input.comment, updated_at: sql<Date>`clock_timestamp()`,
      })).execute();
    return { ok: true };
  });
}

// ---- status ----------------------------------------------------------------------------------

/**
 * A change of a load's status in one transaction holding the load's row: refused unless the load
 * is in a status the action starts from and the viewer may take it (the owner; for start and
 * deliver also the awarded carrier). Parallel presses: the first changes it, the others find the
 * new status and are refused. The letters of the step go out as jobs of the same transaction.
 */
export async function changeStatus(services: AppServices, viewer: TransportViewer, loadId: number, action: TransportAction, bidId: number | null = null): Promise<Outcome<{ status: TransportStatus }>> {
  const rule = TRANSITIONS[action];
  return services.db.transaction().execute(async (trx): Promise<Outcome<{ status: TransportStatus }>> => {
    const load = await trx.selectFrom('transport_load').select(['id', 'owner_id', 'status', 'awarded_bid_id']).where('id', '=', loadId).forUpdate().executeTakeFirst();
    if (!load) return { ok: false, code: 'not_found', message: TRANSPORT_MESSAGES.notFound };
    const awarded = load.awarded_bid_id !== null
      ? await trx.selectFrom('transport_bid').select(['id', 'carrier_id']).where('id', '=', load.awarded_bid_id).executeTakeFirst() : undefined;
    const isOwner = load.owner_id === viewer.userId;
    const isAwardedCarrier = awarded?.carrier_id === viewer.userId;
    const allowed = isOwner || (rule.by === 'owner_or_carrier' && isAwardedCarrier);
    if (!allowed) {
      // A carrier who may see the load but not act gets a refusal; anyone else does not learn it exists.
      const sees = isAwardedCarrier || (viewer.carrier && load.status === 'open');
      return sees ? { ok: false, code: 'wrong_state', message: TRANSPORT_MESSAGES.wrongState } : { ok: false, code: 'not_found', message: TRANSPORT_MESSAGES.notFound };
    }
    if (!rule.from.includes(load.status)) return { ok: false, code: 'wrong_state', message: TRANSPORT_MESSAGES.wrongState };
    let carrierId = awarded?.carrier_id ?? null;
    let awardedBidId = load.awarded_bid_id;
    if (action === 'award') {
      const bid = bidId === null ? undefined : await trx.selectFrom('transport_bid').select(['id', 'carrier_id']).where('id', '=', bidId).where('load_id', '=', loadId).executeTakeFirst();
      if (!bid) return { ok: false, code: 'invalid', message: TRANSPORT_MESSAGES.unknownBid };
      carrierId = bid.carrier_id;
      awardedBidId = bid.id;
    }
    await trx.updateTable('transport_load').set({ status: rule.to, awarded_bid_id: awardedBidId, updated_at: sql<Date>`clock_timestamp()` }).where('id', '=', loadId).execute();
    await notify(trx, services, loadId, rule.to, { ownerId: load.owner_id, carrierId });
    return { ok: true, status: rule.to };
  });
}

// ---- letters ---------------------------------------------------------------------------------

const SUBJECTS: Record<TransportStatus, string> = {
  open: 'Груз размещён на бирже перевозок',
  awarded: 'Выбран перевозчик',
  in_transit: 'Груз в пути',
  delivered: 'Груз доставлен',
  cancelled: 'Перевозка отменена',
};

/** The step's letters to the owner and (from the award on) the awarded carrier, with the other side's contacts once awarded. */
async function notify(trx: DB, services: AppServices, loadId: number, status: TransportStatus, parties: { ownerId: number; carrierId: number | null }): Promise<void> {
  const load = await trx.selectFrom('transport_load').select(['from_city', 'to_city', 'machine', 'contact_phone', 'awarded_bid_id']).where('id', '=', loadId).executeTakeFirstOrThrow();
  const bid = load.awarded_bid_id !== null ? await trx.selectFrom('transport_bid').select(['price_kopecks', DATE('pickup_on').as('pickup_day')]).where('id', '=', load.awarded_bid_id).executeTakeFirst() : undefined;
  const people = await userContacts(trx, [parties.ownerId, ...(parties.carrierId !== null ? [parties.carrierId] : [])]);
  const owner = people.get(parties.ownerId);
  const carrier = parties.carrierId !== null ? people.get(parties.carrierId) : undefined;
  const link = `${services.config.PUBLIC_ORIGIN}${TRANSPORT_PATH}/${loadId}`;
  const what = `Груз №${loadId}: ${load.machine}, ${load.from_city} → ${load.to_city}.`;
  const status_ = `Статус: ${TRANSPORT_STATUS_LABELS[status]}.`;
  const deal = bid ? `Цена перевозки: ${formatMoney(bid.price_kopecks, 'RUB')}, забор груза ${bid.pickup_day}.` : '';
  const subject = `${SUBJECTS[status]}: груз №${loadId}`;
  if (owner?.email) {
    const other = carrier && status !== 'open' ? `Перевозчик: ${carrier.name}${carrier.phone ? `, ${phoneText(carrier.phone)}` : ''}${carrier.email ? `, ${carrier.email}` : ''}.` : '';
    await enqueueMail(trx, { to: owner.email, subject, text: [what, status_, deal, other, link].filter(Boolean).join('\n') }, { key: `transport.mail:${loadId}:${status}:owner` });
  }
  if (carrier?.email && status !== 'open') {
    const other = `Владелец груза: ${owner?.name ?? ''}, ${phoneText(load.contact_phone)}.`;
    await enqueueMail(trx, { to: carrier.email, subject, text: [what, status_, deal, other, link].filter(Boolean).join('\n') }, { key: `transport.mail:${loadId}:${status}:carrier` });
  }
}
