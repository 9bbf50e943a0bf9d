import { Hono } from 'hono';
import { z } from '#app/lib/zod.ts';
import type { Config } from '#app/.server/config.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { errorResponse } from '#app/.server/http.ts';
import { ROLES } from '#app/modules/auth/capabilities.rules.ts';
import { findUserByEmail } from '#app/modules/auth/users.server.ts';
import { mailboxSettings, readSupplierMailbox, takeLetterPriceLists } from '#app/modules/suppliers/mail/mail-intake.server.ts';
import { grantRole } from '#app/modules/suppliers/suppliers.server.ts';
import { partLink } from '#app/modules/parts/pages/part-link.rules.ts';

export const TEST_ROLE_PATH = '/__test/role';
export const TEST_MAIL_INTAKE_PATH = '/__test/mail-intake';
export const TEST_SUPPLIER_OFFER_PATH = '/__test/supplier-offer';

const offerInput = z.object({
  code: z.string().min(1).max(100), price: z.number().int().min(1).max(10 ** 12),
  leadTimeDays: z.number().int().min(0).max(365), minOrder: z.number().int().min(1).max(9999), multiplicity: z.number().int().min(1).max(9999),
});

const grantInput = z.object({ email: z.string().min(3).max(200), role: z.enum(ROLES), branchId: z.number().int().positive().max(2 ** 31 - 1).nullish() });

/**
 * `POST /__test/role {email, role, branchId?}` gives an account a role (capabilities.rules.ts) and,
 * with `branchId`, the branch he works (as /admin/users does), as
 * `npm run user -- grant` does on a stopped server: the journeys' server keeps its embedded database
 * open, so a journey of an employee's page (`/search/sparepart/`) cannot run the script. Only a
 * server started with NODE_ENV=test has it; in production, development or demo the router has no
 * routes at all (as the test clock, server/test-clock.ts).
 */
export function testRoles(config: Pick<Config, 'NODE_ENV'>) {
  const router = new Hono<HonoEnv>();
  if (config.NODE_ENV !== 'test') return router;
  // `POST /__test/mail-intake`: reads the suppliers' mailbox now (ADR 095) instead of at the next
  // interval, and hands the letters' files to the price-list reading as the scheduled job does
  // (ADR 096); answers what became of the letters (`busy` when another reading holds the mailbox)
  // and how many files were taken (their job `suppliers.process-file` reads them).
  router.post(TEST_MAIL_INTAKE_PATH, async (c) => {
    const services = c.get('ctx').services;
    const mailbox = mailboxSettings(services.config);
    if (!mailbox) return errorResponse(c, 404, 'Ящик поставщиков не настроен (SUPPLIERS_IMAP_URL)');
    c.header('Cache-Control', 'no-store');
    // The whole way, as the scheduled job goes: the letters' files then handed to the reading.
    const read = await readSupplierMailbox(services, mailbox);
    return c.json({ ...read, taken: await takeLetterPriceLists(services.db) });
  });
  // `POST /__test/supplier-offer {code, price, leadTimeDays, minOrder, multiplicity}`: a published
  // offer of a test supplier (roubles, no markup), as a processed list leaves it (ADR 096, 099), so a
  // journey of ordering from a supplier need not upload and publish a list first.
  router.post(TEST_SUPPLIER_OFFER_PATH, async (c) => {
    const parsed = offerInput.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return errorResponse(c, 400, 'Нужны code, price, leadTimeDays, minOrder, multiplicity');
    const db = c.get('ctx').services.db;
    const name = 'ООО «Поставщик для проверки»';
    const org = await db.selectFrom('suppliers_organisation').select('id').where('name', '=', name).executeTakeFirst()
      ?? await db.insertInto('suppliers_organisation').values({ name }).returning('id').executeTakeFirstOrThrow();
    const o = parsed.data;
    const part = await db.selectFrom('parts_part').select(['id', 'code']).where('code', '=', o.code).executeTakeFirst();
    if (!part) return errorResponse(c, 404, 'Запчасть не найдена');
    const values = { price: o.price, currency: 'RUB' as const, stock: null, multiplicity: o.multiplicity, min_order: o.minOrder, lead_time_days: o.leadTimeDays, active: true };
    await db.insertInto('suppliers_offer').values({ organisation_id: org.id, part_id: part.id, ...values })
      .onConflict((oc) => oc.columns(['organisation_id', 'part_id']).doUpdateSet(values)).execute();
    c.header('Cache-Control', 'no-store');
    return c.json({ error_status: 'success', organisationId: org.id, link: partLink(part) });
  });
  return router.post(TEST_ROLE_PATH, async (c) => {
    const parsed = grantInput.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return errorResponse(c, 400, `Нужны email и role: ${ROLES.join(', ')}`);
    const db = c.get('ctx').services.db;
    const user = await findUserByEmail(db, parsed.data.email);
    if (!user) return errorResponse(c, 404, 'Пользователь не найден');
    await grantRole(db, user.id, parsed.data.role);
    if (parsed.data.branchId !== undefined) await db.updateTable('auth_user').set({ staff_branch_id: parsed.data.branchId }).where('id', '=', user.id).execute();
    c.header('Cache-Control', 'no-store');
    return c.json({ error_status: 'success' });
  });
}
