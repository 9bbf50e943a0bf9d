import type { DB } from '#app/.server/db/connect.ts';

export function selectCountries(db: DB) {
  return db.selectFrom('region_country').selectAll().orderBy('sort').execute();
}

export function selectAreas(db: DB) {
  return db.selectFrom('region_area').select(['id', 'root_id', 'label', 'admin_center', 'lat', 'lng']).orderBy('label').execute();
}

export function selectBranches(db: DB) {
  return db
    .selectFrom('region_branch')
    .innerJoin('region_area', 'region_area.id', 'region_branch.area_id')
    .innerJoin('region_country', 'region_country.root_id', 'region_area.root_id')
    .select([
      'region_branch.id', 'region_branch.name', 'region_branch.city', 'region_branch.address', 'region_branch.lat',
      'region_branch.lng', 'region_branch.phone', 'region_branch.phone_internal', 'region_branch.service_phone',
      'region_branch.service_phone_internal', 'region_branch.email', 'region_branch.hours', 'region_branch.area_id',
      'region_country.id as country_id', 'region_area.label as area_label', 'region_area.root_id',
    ])
    .orderBy('region_country.sort')
    .orderBy('region_branch.name')
    .execute();
}

/** A branch's requisites with its country's code (invoices). */
export function selectBranchRequisites(db: DB, branchId: number) {
  return db
    .selectFrom('region_branch')
    .innerJoin('region_area', 'region_area.id', 'region_branch.area_id')
    .innerJoin('region_country', 'region_country.root_id', 'region_area.root_id')
    .select([
      'region_branch.id', 'region_branch.name', 'region_branch.legal_name', 'region_branch.legal_address',
      'region_branch.inn', 'region_branch.kpp', 'region_branch.ogrn', 'region_branch.bin', 'region_branch.bank_name',
      'region_branch.bik', 'region_branch.corr_account', 'region_branch.settlement_account', 'region_country.code as country_code',
    ])
    .where('region_branch.id', '=', branchId)
    .executeTakeFirst();
}

/** A branch's id by its code (the exchange with 1C names branches by code). */
export async function selectBranchIdByCode(db: DB, code: string): Promise<number | null> {
  const row = await db.selectFrom('region_branch').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id ?? null;
}
