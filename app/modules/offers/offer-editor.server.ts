import { recordAudit } from '#app/.server/audit.ts';
import { now } from '#app/.server/clock.ts';
import type { AppServices } from '#app/.server/context.ts';
import { enqueueMail, enqueueSms } from '#app/.server/jobs/mail.ts';
import { textField } from '#app/lib/text.ts';
import { z } from '#app/lib/zod.ts';
import { offerTotal, isoDay } from './offers.rules.ts';
import { OFFER_VARIANTS, offerImport, type OfferContent, type OfferState } from './offers.schema.ts';
import { newOfferHash, versionRecord } from './offers.server.ts';
import { letterInvitation } from '#app/modules/questionnaires/questionnaire-links.server.ts';
import { branchDiscountThreshold } from '#app/modules/regions/branch-editing.server.ts';
import { branchOf } from './offer-client.server.ts';
import { checkOfferFiles, copyOfferFiles } from './offer-files.server.ts';
import { materialsChange, withoutRemovedUseCases } from './offer-materials.rules.ts';
import { DISCOUNT_MESSAGES, discountState, sendRefusal, type DiscountApproval, type DiscountState } from './offer-discount.rules.ts';

/*
 * The manager's editor (issue 30 §3; ADR 087): an offer made in the back-office starts as a draft;
 * the working copy (`draft`) is saved as often as the manager likes and checked with the same schema
 * as 1C's offers; sending makes it an immutable version, rotates the link when the offer was sent
 * before, and tells the client by SMS and e-mail (jobs). Read-only and duplicate.
 */

export const EDITOR_MESSAGES = {
  notFound: 'Предложение не найдено',
  accepted: 'Предложение принято клиентом: его больше не меняют. Сделайте копию.',
  cancelled: 'Предложение отменено',
  noProducts: 'В предложении нет позиций',
  saved: 'Черновик сохранён',
  sent: (version: number) => `Версия ${version} отправлена клиенту по SMS и e-mail`,
  readOnly: (on: boolean) => (on ? 'Клиент видит предложение только для просмотра' : 'Клиент снова может менять предложение'),
  duplicated: 'Копия создана',
  noBranch: 'Выберите филиал',
} as const;

const phone = z.string().transform((v) => v.replace(/\D/g, '')).pipe(z.string().regex(/^\d{11,12}$/, 'Телефон клиента — 11 или 12 цифр'));

/** A new offer: its kind and client (a request from the back-office fills them in). */
export const newOfferInput = z.object({
  variant: z.enum(OFFER_VARIANTS, { error: 'Выберите вид предложения' }),
  clientName: textField('Контактное лицо').trim().min(1, 'Укажите клиента').max(300, 'Поле «Контактное лицо» длиннее 300 символов'),
  company: textField('Организация').trim().max(300, 'Поле «Организация» длиннее 300 символов').optional(),
  phone,
  email: z.email('Проверьте e-mail клиента').max(254).optional(),
  branchId: z.coerce.number().int().positive().max(2 ** 31 - 1).optional(),
  /** A first product's name and code, e.g. the model of the request. */
  productName: textField('Позиция').trim().max(300, 'Поле «Позиция» длиннее 300 символов').optional(),
  productCode: textField('Код').trim().max(64, 'Поле «Код» длиннее 64 символов').optional(),
});
export type NewOfferInput = z.infer<typeof newOfferInput>;

interface Staff { userId: number; name: string; branchId: number | null }
type Failure = { ok: false; code: 'not_found' | 'locked' | 'invalid' | 'approval' | 'stale'; message: string; path?: string };

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const ruDate = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;

/** Checks content as 1C's offers are checked (offers.schema.ts); a draft may still have no products. */
export function checkContent(raw: unknown, branchCode: string, draft: boolean): { ok: true; content: OfferContent } | Failure {
  const given = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw as Record<string, unknown> : {};
  // A draft may have no products yet: checked with a stand-in so that everything else is parsed
  // (and only what the schema knows is kept), then stored without it.
  const empty = draft && Array.isArray(given.products) && given.products.length === 0;
  const parsed = offerImport.safeParse({ ...given, ...(empty ? { products: [DRAFT_STAND_IN] } : {}), external_id: 'editor', branch_code: branchCode });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, code: 'invalid', message: issue.message, path: issue.path.join('.') };
  }
  const { external_id: _e, branch_code: _b, ...content } = parsed.data;
  return { ok: true, content: empty ? { ...content, products: [] } : content };
}

const DRAFT_STAND_IN = { id: 'draft', kind: 'part', name: 'Черновик', prices: { price: 0, default_price: 0, count: 1 } };

/** A part line (a customer's cart, ADR 088) as an offer's product: its price at the branch, the old price as the list price, its weight. */
export interface PartLine { code: string; name: string; count: number; price: number | null; oldPrice: number | null; weightGrams: number | null }

export function partProducts(lines: readonly PartLine[]): OfferContent['products'] {
  return lines.map((l, i) => {
    const price = l.price ?? 0;
    const base = Math.max(price, l.oldPrice ?? 0);
    const sale = base - price;
    return {
      id: `z${i + 1}`, kind: 'part' as const, name: l.name.slice(0, 300), code: l.code.slice(0, 64),
      prices: { price, default_price: base, count: Math.min(Math.max(1, l.count), 100_000), sale, discount: base > 0 ? Math.round((sale / base) * 10_000) / 100 : 0, delivery: 0, commissioning_total: 0 },
      counts: [], options: [], productOptionsConfig: { hiddenPriceOptionsIds: [] },
      ...(l.weightGrams ? { dimensions: { weight: l.weightGrams / 1000 } } : {}),
    };
  });
}

/**
 * Makes a draft offer of the staff member's branch (the head office names one) and answers its hash.
 * `products`: what it starts with when made from a source the route composed (a customer's cart).
 */
export async function createOffer(services: AppServices, staff: Staff, input: NewOfferInput, ip: string | null, products?: OfferContent['products']): Promise<{ ok: true; hash: string } | Failure> {
  const branchId = staff.branchId ?? input.branchId;
  if (branchId === undefined) return { ok: false, code: 'invalid', message: EDITOR_MESSAGES.noBranch, path: 'branchId' };
  const { branch, countryCode } = await branchOf(services, branchId);
  if (!branch) return { ok: false, code: 'invalid', message: EDITOR_MESSAGES.noBranch, path: 'branchId' };
  const content: Omit<OfferContent, 'products'> & { products: OfferContent['products'] } = {
    variant: input.variant, source: '1C', valid_date: ruDate(new Date(now().getTime() + 30 * 86_400_000)),
    currency_code: countryCode === 'KZ' ? 398 : 643,
    manager: { name: staff.name },
    client: { name: input.clientName, ...(input.company ? { company: input.company } : {}), phone: input.phone, ...(input.email ? { email: input.email } : {}) },
    delivery_price: 0, delivery_method: 'pickup', shipment: [], payments: [], docs: [], use_cases: [], selected_use_cases: [], media: [],
    products: products ?? (input.productName ? [{
      id: 'p1', kind: input.variant === 'spare-parts' ? 'part' : input.variant === 'engineer' ? 'work' : 'machine', name: input.productName,
      ...(input.productCode ? { code: input.productCode } : {}),
      prices: { price: 0, default_price: 0, count: 1, sale: 0, discount: 0, delivery: 0, commissioning_total: 0 },
      counts: [], options: [], productOptionsConfig: { hiddenPriceOptionsIds: [] },
    }] : []),
  };
  const hash = newOfferHash();
  await services.db.transaction().execute(async (trx) => {
    await trx.insertInto('offers_offer').values({
      hash, external_id: null, variant: input.variant, source: '1C', state: 'draft', branch_id: branchId,
      client_name: input.company ? `${input.company}, ${input.clientName}` : input.clientName, client_phone: input.phone, client_email: input.email || null,
      manager_name: staff.name, folder: null, currency_code: content.currency_code, valid_until: isoDay(content.valid_date), version: 1, total: content.products.length ? offerTotal(content) : 0,
      draft: JSON.stringify(content), created_by: staff.userId,
    }).execute();
    await recordAudit(trx, { actor: staff, action: 'offer.create', entity: 'offer', entityId: hash, after: { variant: input.variant, client: input.clientName, ...(products ? { from: 'cart', lines: products.length } : {}) }, ip });
  });
  return { ok: true, hash };
}

/** What the editor shows: the working copy (or the current version), the offer's state and links. */
export interface EditorOffer {
  hash: string; state: OfferState; version: number; sent: boolean; readOnly: boolean; hasDraft: boolean;
  branchId: number; content: OfferContent; total: number;
  /** The largest discount against the branch's threshold, and the branch manager's approval of these prices (ADR 088). */
  discount: DiscountState;
}

async function findOffer(services: AppServices, scope: number | null, hash: string) {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return null;
  let query = services.db.selectFrom('offers_offer').selectAll().where('hash', '=', hash);
  if (scope !== null) query = query.where('branch_id', '=', scope);
  return (await query.executeTakeFirst()) ?? null;
}

async function currentContent(services: AppServices, offerId: number, version: number): Promise<OfferContent | null> {
  const row = await services.db.selectFrom('offers_version').select('content').where('offer_id', '=', offerId).where('version', '=', version).executeTakeFirst();
  return row ? parse<OfferContent>(row.content) : null;
}

export async function editorOffer(services: AppServices, scope: number | null, hash: string): Promise<EditorOffer | null> {
  const row = await findOffer(services, scope, hash);
  if (!row) return null;
  const draft = row.draft === null ? null : parse<OfferContent>(row.draft);
  const content = draft ?? (await currentContent(services, row.id, row.version))!;
  const threshold = await branchDiscountThreshold(services.db, row.branch_id);
  return {
    hash: row.hash, state: row.state, version: row.version, sent: row.sent_at !== null || row.external_id !== null, readOnly: row.read_only,
    hasDraft: draft !== null, branchId: row.branch_id, content, total: content.products.length ? offerTotal(content) : 0,
    discount: discountState(content, threshold, parse<DiscountApproval | null>(row.discount_approval)),
  };
}

async function branchCode(services: AppServices, branchId: number): Promise<string> {
  const row = await services.db.selectFrom('region_branch').select('code').where('id', '=', branchId).executeTakeFirstOrThrow();
  return row.code;
}

/**
 * Saves the working copy (checked; a draft may have no products yet). The sent version is untouched.
 * The documents' files must be the offer's own (ADR 102); a change of the documents, use cases or
 * media is written to the audit log as it was before and after (`by`: who saves, and from where).
 */
export async function saveDraft(services: AppServices, scope: number | null, hash: string, raw: unknown, by?: { staff: Staff; ip: string | null }): Promise<{ ok: true } | Failure> {
  const row = await findOffer(services, scope, hash);
  if (!row) return { ok: false, code: 'not_found', message: EDITOR_MESSAGES.notFound };
  if (row.state === 'accepted' || row.state === 'cancelled') return { ok: false, code: 'locked', message: row.state === 'accepted' ? EDITOR_MESSAGES.accepted : EDITOR_MESSAGES.cancelled };
  const checked = checkContent(raw, await branchCode(services, row.branch_id), true);
  if (!checked.ok) return checked;
  const files = await checkOfferFiles(services, row.id, withoutRemovedUseCases(checked.content));
  if (!files.ok) return { ok: false, code: 'invalid', message: files.message, path: files.path };
  const previous = row.draft !== null ? parse<OfferContent>(row.draft) : row.state === 'draft' ? null : await currentContent(services, row.id, row.version);
  const change = materialsChange(previous, files.content);
  await services.db.transaction().execute(async (trx) => {
    await trx.updateTable('offers_offer').set({ draft: JSON.stringify(files.content), updated_at: now() })
      .where('id', '=', row.id).where('state', 'in', ['draft', 'sent']).execute();
    if (change && by) await recordAudit(trx, { actor: by.staff, action: 'offer.materials_edit', entity: 'offer', entityId: hash, before: change.before, after: change.after, ip: by.ip });
  });
  return { ok: true };
}

/**
 * Sends the offer: the working copy (or, without one, the current version again) becomes the next
 * immutable version; an offer sent before gets a new link (the old one is kept as replaced); the
 * client's unreviewed changes end (they stay in the log); the client hears by SMS and e-mail.
 */
export async function sendOffer(services: AppServices, staff: Staff, scope: number | null, hash: string, ip: string | null): Promise<{ ok: true; hash: string; version: number; message: string } | Failure> {
  return services.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('offers_offer').selectAll().where('hash', '=', hash);
    if (scope !== null) query = query.where('branch_id', '=', scope);
    const row = await query.forUpdate().executeTakeFirst();
    if (!row) return { ok: false, code: 'not_found', message: EDITOR_MESSAGES.notFound } as const;
    if (row.state === 'accepted' || row.state === 'cancelled') return { ok: false, code: 'locked', message: row.state === 'accepted' ? EDITOR_MESSAGES.accepted : EDITOR_MESSAGES.cancelled } as const;
    const hasVersion = row.state !== 'draft';
    const working = row.draft === null ? null : parse<OfferContent>(row.draft);
    const source = working ?? (hasVersion ? parse<OfferContent>((await trx.selectFrom('offers_version').select('content').where('offer_id', '=', row.id).where('version', '=', row.version).executeTakeFirstOrThrow()).content) : null);
    if (!source) return { ok: false, code: 'invalid', message: EDITOR_MESSAGES.noProducts, path: 'products' } as const;
    const branch = await trx.selectFrom('region_branch').select('code').where('id', '=', row.branch_id).executeTakeFirstOrThrow();
    const checked = checkContent(source, branch.code, false);
    if (!checked.ok) return checked;
    const content = checked.content;
    // A discount above the branch's threshold goes out with the branch manager's approval of these prices (ADR 088).
    if (working !== null) {
      const refusal = sendRefusal(discountState(content, await branchDiscountThreshold(trx, row.branch_id), parse<DiscountApproval | null>(row.discount_approval)));
      if (refusal) return { ok: false, code: 'approval', message: refusal } as const;
    }
    const at = now();
    let version = row.version;
    if (!hasVersion || working !== null) {
      version = hasVersion ? row.version + 1 : 1;
      await trx.insertInto('offers_version').values({ offer_id: row.id, version, ...versionRecord(content) }).execute();
    }
    // Sent before (by us or by 1C): the link changes, the old one only says it was replaced.
    const rotate = row.sent_at !== null || row.external_id !== null;
    const nextHash = rotate ? newOfferHash() : row.hash;
    if (rotate) await trx.insertInto('offers_old_hash').values({ hash: row.hash, offer_id: row.id, replaced_at: at }).execute();
    await trx.updateTable('offers_offer').set({
      hash: nextHash, state: 'sent', version, total: offerTotal(content), valid_until: isoDay(content.valid_date), variant: content.variant, source: content.source,
      client_name: content.client.company ? `${content.client.company}, ${content.client.name}` : content.client.name,
      client_phone: content.client.phone, client_email: content.client.email ?? null, manager_name: content.manager.name, folder: content.folder ?? null,
      currency_code: content.currency_code, diff: '{}', draft: null, sent_at: at, updated_at: at,
      last_event: JSON.stringify({ type: 'sent', at: at.toISOString(), version }),
    }).where('id', '=', row.id).execute();
    const link = `${services.config.PUBLIC_ORIGIN}/offer/${nextHash}`;
    const text = `Коммерческое предложение Агротехники${version > 1 ? ` (версия ${version})` : ''}: ${link}`;
    await enqueueSms(trx, { to: content.client.phone, text }, { key: `offers.sent.sms:${row.id}:${at.getTime()}` });
    if (content.client.email) {
      // The questionnaire linked to the offer (ADR 107), to its new link, unless a response already
      // came by one of the offer's links (the client is a guest: no account or browser to ask about).
      const replaced = await trx.selectFrom('offers_old_hash').select('hash').where('offer_id', '=', row.id).execute();
      const invitation = await letterInvitation(trx, services.config.PUBLIC_ORIGIN, { kind: 'offer', id: row.id, hash: nextHash },
        { offerHashes: [nextHash, ...replaced.map((r) => r.hash)] });
      await enqueueMail(trx, {
        to: content.client.email, subject: 'Коммерческое предложение Агротехники',
        text: `Здравствуйте, ${content.client.name}!\n\n${content.manager.name} подготовил для вас коммерческое предложение${version > 1 ? ` (версия ${version})` : ''}. Посмотреть, изменить и принять его можно по ссылке:\n${link}\n\nПредложение действует до ${content.valid_date}.${invitation ? `\n\n${invitation}` : ''}`,
      }, { key: `offers.sent.mail:${row.id}:${at.getTime()}` });
    }
    await recordAudit(trx, { actor: staff, action: 'offer.send', entity: 'offer', entityId: nextHash, before: { hash: row.hash, version: row.version }, after: { version, rotated: rotate }, ip });
    return { ok: true, hash: nextHash, version, message: EDITOR_MESSAGES.sent(version) } as const;
  });
}

/**
 * The branch manager approves the working copy's discount above the branch's threshold: exactly once
 * for the prices he saw (`seenKey`), under the offer's row lock, audited. Prices changed since he
 * looked are refused (stale); approving what is already approved changes nothing. `staff.branchId`
 * null is the head office (any branch).
 */
export async function approveDiscount(services: AppServices, staff: Staff, hash: string, seenKey: string, ip: string | null): Promise<{ ok: true; message: string; approved: boolean } | Failure> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return { ok: false, code: 'not_found', message: EDITOR_MESSAGES.notFound };
  return services.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('offers_offer').select(['id', 'state', 'branch_id', 'version', 'draft', 'discount_approval']).where('hash', '=', hash).forUpdate().executeTakeFirst();
    if (!row || (staff.branchId !== null && staff.branchId !== row.branch_id)) return { ok: false, code: 'not_found', message: EDITOR_MESSAGES.notFound } as const;
    if (row.state === 'accepted' || row.state === 'cancelled') return { ok: false, code: 'locked', message: row.state === 'accepted' ? EDITOR_MESSAGES.accepted : EDITOR_MESSAGES.cancelled } as const;
    const content = row.draft !== null ? parse<OfferContent>(row.draft)
      : parse<OfferContent>((await trx.selectFrom('offers_version').select('content').where('offer_id', '=', row.id).where('version', '=', row.version).executeTakeFirstOrThrow()).content);
    const before = parse<DiscountApproval | null>(row.discount_approval);
    const state = discountState(content, await branchDiscountThreshold(trx, row.branch_id), before);
    if (state.key !== seenKey) return { ok: false, code: 'stale', message: DISCOUNT_MESSAGES.stale } as const;
    if (!state.needed) return { ok: false, code: 'invalid', message: DISCOUNT_MESSAGES.notNeeded } as const;
    if (state.approval) return { ok: true, message: DISCOUNT_MESSAGES.alreadyApproved, approved: false } as const;
    const approval: DiscountApproval = { key: state.key, percent: state.percent, threshold: state.threshold, by: { userId: staff.userId, name: staff.name }, at: now().toISOString() };
    await trx.updateTable('offers_offer').set({ discount_approval: JSON.stringify(approval), updated_at: now() }).where('id', '=', row.id).execute();
    await recordAudit(trx, {
      actor: staff, action: 'offer.discount_approve', entity: 'offer', entityId: hash, ip,
      before: before ? { percent: before.percent, by: before.by.name } : null,
      after: { percent: approval.percent, threshold: approval.threshold, prices: content.products.map((p) => ({ id: p.id, price: p.prices.price, default_price: p.prices.default_price, discount: p.prices.discount })) },
    });
    return { ok: true, message: DISCOUNT_MESSAGES.approved(state.percent), approved: true } as const;
  });
}

/** Read-only: the client sees the offer and may accept it, but cannot change it. */
export async function setReadOnly(services: AppServices, staff: Staff, scope: number | null, hash: string, readOnly: boolean, ip: string | null): Promise<{ ok: true; message: string } | Failure> {
  const row = await findOffer(services, scope, hash);
  if (!row) return { ok: false, code: 'not_found', message: EDITOR_MESSAGES.notFound };
  if (row.state === 'accepted') return { ok: false, code: 'locked', message: EDITOR_MESSAGES.accepted };
  await services.db.transaction().execute(async (trx) => {
    await trx.updateTable('offers_offer').set({ read_only: readOnly, updated_at: now() }).where('id', '=', row.id).execute();
    await recordAudit(trx, { actor: staff, action: 'offer.read_only', entity: 'offer', entityId: hash, before: { read_only: row.read_only }, after: { read_only: readOnly }, ip });
  });
  return { ok: true, message: EDITOR_MESSAGES.readOnly(readOnly) };
}

/** A new draft with the same content (the working copy, else the current version), for the same or another client. */
export async function duplicateOffer(services: AppServices, staff: Staff, scope: number | null, hash: string, ip: string | null): Promise<{ ok: true; hash: string } | Failure> {
  const found = await editorOffer(services, scope, hash);
  if (!found) return { ok: false, code: 'not_found', message: EDITOR_MESSAGES.notFound };
  const row = (await findOffer(services, scope, hash))!;
  const copy = newOfferHash();
  await services.db.transaction().execute(async (trx) => {
    const made = await trx.insertInto('offers_offer').values({
      hash: copy, external_id: null, variant: row.variant, source: row.source, state: 'draft', branch_id: row.branch_id, client_name: row.client_name,
      client_phone: row.client_phone, client_email: row.client_email, manager_name: staff.name, folder: row.folder, currency_code: row.currency_code,
      valid_until: isoDay(found.content.valid_date), version: 1, total: found.total,
      draft: JSON.stringify({ ...found.content, manager: { ...found.content.manager, name: staff.name } }), created_by: staff.userId,
    }).returning('id').executeTakeFirstOrThrow();
    await copyOfferFiles(trx, row.id, made.id, found.content);
    await recordAudit(trx, { actor: staff, action: 'offer.duplicate', entity: 'offer', entityId: copy, before: { from: hash }, ip });
  });
  return { ok: true, hash: copy };
}

