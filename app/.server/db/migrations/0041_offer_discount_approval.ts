import { sql, type Kysely } from 'kysely';

/**
 * Discounts above a branch's threshold (ADR 088, issue 30 §3).
 * - `region_branch.discount_threshold`: the largest discount, in percent of the list price, a
 *   manager of the branch may send in an offer on his own; edited where the branch is edited.
 * - `offers_offer.discount_approval`: the branch manager's approval of the working copy's prices
 *   (which discounts, by whom, when); prices changed after it need a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table region_branch add column discount_threshold numeric(5, 2) not null default 10
    constraint region_branch_discount_threshold_range check (discount_threshold >= 0 and discount_threshold <= 100)`.execute(db);
  await sql`alter table offers_offer add column discount_approval jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offers_offer drop column discount_approval`.execute(db);
  await sql`alter table region_branch drop column discount_threshold`.execute(db);
}
