import { sql, type Kysely } from 'kysely';

/**
 * Invoices (ADR 074):
 * - a branch's requisites, printed on its invoices (`region_branch`, all nullable: a branch without
 *   them issues no invoice): the legal name and address; in Russia ИНН, КПП and ОГРН, in Kazakhstan
 *   БИН; the bank, its БИК (a БИК of nine digits in Russia, a BIC in Kazakhstan), the correspondent
 *   account (Russia) and the settlement account (an IBAN in Kazakhstan);
 * - `orders_vat_rate`: the VAT rate of a country from a date on (reference data: a rate in force on
 *   an order's date is the row with the latest `effective_from` not after it). Russia 20 % from
 *   2019-01-01 and 22 % from 2026-01-01; Kazakhstan 12 % from 2009-01-01 and 16 % from 2026-01-01
 *   (the new Tax Code).
 */
export const VAT_RATES: ReadonlyArray<{ country_code: 'RU' | 'KZ'; effective_from: string; rate_percent: number }> = [
  { country_code: 'RU', effective_from: '2019-01-01', rate_percent: 20 },
  { country_code: 'RU', effective_from: '2026-01-01', rate_percent: 22 },
  { country_code: 'KZ', effective_from: '2009-01-01', rate_percent: 12 },
  { country_code: 'KZ', effective_from: '2026-01-01', rate_percent: 16 },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table region_branch
      add column legal_name text,
      add column legal_address text,
      add column inn text check (inn ~ '^[0-9]{10}([0-9]{2})?$'),
      add column kpp text check (kpp ~ '^[0-9]{9}$'),
      add column ogrn text check (ogrn ~ '^[0-9]{13}([0-9]{2})?$'),
      add column bin text check (bin ~ '^[0-9]{12}$'),
      add column bank_name text,
      add column bik text check (bik ~ '^([0-9]{9}|[A-Z0-9]{8}([A-Z0-9]{3})?)$'),
      add column corr_account text check (corr_account ~ '^[0-9]{20}$'),
      add column settlement_account text check (settlement_account ~ '^([0-9]{20}|KZ[0-9A-Z]{18})$')`.execute(db);

  await sql`
    create table orders_vat_rate (
      country_code text not null check (country_code in ('RU', 'KZ')),
      effective_from date not null,
      rate_percent integer not null check (rate_percent between 0 and 100),
      primary key (country_code, effective_from)
    )`.execute(db);
  for (const r of VAT_RATES) {
    await sql`insert into orders_vat_rate (country_code, effective_from, rate_percent)
      values (${r.country_code}, ${r.effective_from}, ${r.rate_percent}) on conflict do nothing`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists orders_vat_rate`.execute(db);
  await sql`
    alter table region_branch
      drop column settlement_account, drop column corr_account, drop column bik, drop column bank_name,
      drop column bin, drop column ogrn, drop column kpp, drop column inn, drop column legal_address, drop column legal_name`.execute(db);
}
