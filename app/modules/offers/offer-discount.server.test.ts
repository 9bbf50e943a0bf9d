import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { branchInput } from '#app/modules/regions/branch-editing.schema.ts';
import { branchForEditing, publishBranch } from '#app/modules/regions/branch-editing.server.ts';
import { approveDiscount, createOffer, editorOffer, saveDraft, sendOffer } from './offer-editor.server.ts';
import type { OfferContent } from './offers.schema.ts';

/*
 * Discounts above a branch's threshold (issue 30 §3; ADR 088) on both engines: the threshold edited
 * with the branch; an offer above it is not sent until the branch's manager approves these prices;
 * the approval is audited, shown in the editor, and voided by a price changed after it; another
 * branch's manager cannot approve; on PostgreSQL, ten parallel approvals are recorded once.
 */

let t: TestDatabase;
type Staff = { userId: number; name: string; branchId: number | null };
let manager: Staff;
let boss: Staff;
let otherBoss: Staff;
let branchId: number;

async function user(email: string, name: string, branch: number): Promise<Staff> {
  const id = (await t.db.insertInto('auth_user').values({ name, email, password_hash: null, email_verified_at: null, phone: null, phone_verified_at: null, staff_branch_id: branch, area_id: null })
    .returning('id').executeTakeFirstOrThrow()).id;
  return { userId: id, name, branchId: branch };
}

beforeAll(async () => {
  t = await createTestDatabase({ PUBLIC_ORIGIN: 'https://shop.example', DATABASE_POOL_SIZE: '16' });
  const branches = await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(2).execute();
  branchId = branches[0]!.id;
  manager = await user('discount-manager@agro.test', 'Андрей Соколов', branchId);
  boss = await user('discount-boss@agro.test', 'Ирина Белова', branchId);
  otherBoss = await user('discount-other@agro.test', 'Олег Петров', branches[1]!.id);
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const tractor = (price: number): OfferContent['products'][number] => ({
  id: 'p1', kind: 'machine', name: 'Трактор Беларус 1523', code: 'MTZ-1523',
  prices: { price, default_price: 10_000_000_00, count: 1, sale: 10_000_000_00 - price, discount: 0, delivery: 0, commissioning_total: 0 },
  counts: [], options: [], productOptionsConfig: { hiddenPriceOptionsIds: [] },
});

async function draftWith(price: number): Promise<string> {
  const created = await createOffer(t.services, manager, { variant: 'single-technique', clientName: 'Пётр Иванов', phone: '79111234567' }, null);
  if (!created.ok) throw new Error(created.message);
  const draft = (await editorOffer(t.services, manager.branchId, created.hash))!;
  expect(await saveDraft(t.services, manager.branchId, created.hash, { ...draft.content, products: [tractor(price)] })).toEqual({ ok: true });
  return created.hash;
}
const keyOf = async (hash: string) => (await editorOffer(t.services, null, hash))!.discount.key;
const audits = (hash: string) => t.db.selectFrom('audit_log').select(['actor_name', 'after']).where('action', '=', 'offer.discount_approve').where('entity_id', '=', hash).execute();

describe('the branch threshold', () => {
  it('is edited with the branch (10 % until then), in percent with a comma or a point', async () => {
    const branch = (await branchForEditing(t.services, branchId, null))!;
    expect(branch.live.discountThreshold).toBe('10');
    const parse = (v: string) => branchInput(branch.countryCode).safeParse({ ...branch.live, discountThreshold: v });
    expect(parse('12,5')).toMatchObject({ success: true, data: { discountThreshold: '12.5' } });
    for (const bad of ['abc', '101', '-1', '12,345']) expect(parse(bad).error?.issues[0]?.message).toBe('Порог скидки — число процентов от 0 до 100, например 10 или 12,5');
  });
});

describe('a discount above the threshold', () => {
  it('is not sent until the branch manager approves these prices; the approval is audited and shown; a price changed after it needs a new one', async () => {
    const hash = await draftWith(8_500_000_00);
    const before = (await editorOffer(t.services, manager.branchId, hash))!;
    expect(before.discount).toMatchObject({ percent: 15, threshold: 10, needed: true, approval: null, stale: false });
    const refusal = 'Скидка 15 % выше порога филиала 10 %: отправить предложение можно после согласования руководителя филиала';
    expect(await sendOffer(t.services, manager, manager.branchId, hash, null)).toEqual({ ok: false, code: 'approval', message: refusal });
    expect((await t.db.selectFrom('offers_offer').select(['state', 'version']).where('hash', '=', hash).executeTakeFirstOrThrow())).toEqual({ state: 'draft', version: 1 });

    // Another branch's manager does not find it; prices he did not see are refused.
    expect(await approveDiscount(t.services, otherBoss, hash, before.discount.key, null)).toMatchObject({ ok: false, code: 'not_found' });
    expect(await approveDiscount(t.services, boss, hash, '[]', null)).toEqual({ ok: false, code: 'stale', message: 'Цены изменились, пока вы смотрели: обновите страницу и согласуйте скидку снова' });
    expect(await audits(hash)).toEqual([]);

    expect(await approveDiscount(t.services, boss, hash, before.discount.key, '10.0.0.1')).toEqual({ ok: true, approved: true, message: 'Скидка 15 % согласована' });
    expect(await approveDiscount(t.services, boss, hash, before.discount.key, null)).toEqual({ ok: true, approved: false, message: 'Эта скидка уже согласована' });
    const log = await audits(hash);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor_name: 'Ирина Белова', after: { percent: 15, threshold: 10, prices: [{ id: 'p1', price: 8_500_000_00, default_price: 10_000_000_00 }] } });
    const shown = (await editorOffer(t.services, manager.branchId, hash))!.discount;
    expect(shown.approval).toMatchObject({ percent: 15, by: { userId: boss.userId, name: 'Ирина Белова' } });

    // The manager lowers the price again: the approval no longer holds.
    const draft = (await editorOffer(t.services, manager.branchId, hash))!;
    expect(await saveDraft(t.services, manager.branchId, hash, { ...draft.content, products: [tractor(8_400_000_00)] })).toEqual({ ok: true });
    expect((await editorOffer(t.services, manager.branchId, hash))!.discount).toMatchObject({ percent: 16, approval: null, stale: true });
    expect(await sendOffer(t.services, manager, manager.branchId, hash, null)).toMatchObject({ ok: false, code: 'approval', message: 'Скидка 16 % выше порога филиала 10 %: отправить предложение можно после согласования руководителя филиала' });
    expect(await approveDiscount(t.services, boss, hash, await keyOf(hash), null)).toMatchObject({ ok: true, approved: true });
    expect(await sendOffer(t.services, manager, manager.branchId, hash, null)).toMatchObject({ ok: true, version: 1 });
    expect(await audits(hash)).toHaveLength(2);
  });

  it('at or below the threshold goes without an approval, and approving it is refused', async () => {
    const hash = await draftWith(9_000_000_00);
    expect(await approveDiscount(t.services, boss, hash, await keyOf(hash), null)).toEqual({ ok: false, code: 'invalid', message: 'Скидка не выше порога филиала: согласование не нужно' });
    expect(await sendOffer(t.services, manager, manager.branchId, hash, null)).toMatchObject({ ok: true });
  });

  it('goes without an approval once the branch raises its threshold', async () => {
    const hash = await draftWith(8_500_000_00);
    const branch = (await branchForEditing(t.services, branchId, null))!;
    await publishBranch(t.services, { userId: boss.userId, name: boss.name }, branchId, branchInput(branch.countryCode).parse({ ...branch.live, discountThreshold: '20' }), null);
    try {
      expect(await sendOffer(t.services, manager, manager.branchId, hash, null)).toMatchObject({ ok: true });
      const audit = await t.db.selectFrom('audit_log').select(['before', 'after']).where('action', '=', 'branch.publish').where('entity_id', '=', String(branchId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect([audit.before, audit.after]).toEqual([{ discountThreshold: '10' }, { discountThreshold: '20' }]);
    } finally {
      await t.db.updateTable('region_branch').set({ discount_threshold: 10 }).where('id', '=', branchId).execute();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('in parallel on PostgreSQL', () => {
  it('ten parallel approvals of the same prices are recorded once', async () => {
    const hash = await draftWith(8_000_000_00);
    const key = await keyOf(hash);
    const results = await Promise.all(Array.from({ length: 10 }, () => approveDiscount(t.services, boss, hash, key, null)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.approved)).toHaveLength(1);
    expect(await audits(hash)).toHaveLength(1);
  });
});
