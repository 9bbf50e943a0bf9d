import { changedFields, recordAudit, type AuditEntry } from '#app/.server/audit.ts';
import type { AppServices } from '#app/.server/context.ts';
import { dataChanged } from '#app/.server/db/changes.ts';
import { deleteDraft, draftIds, readDraft, saveDraft } from '#app/.server/drafts.ts';
import { branchInput, type BranchInput } from './branch-editing.schema.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import type { CountryView, CurrentBranch } from './regions.schema.ts';
import { branchRequisites, internalPhoneDisplay, regionDirectory } from './regions.server.ts';

/*
 * Editing a branch's contacts and requisites (ADR 081): a draft until published; publishing writes
 * the branch, its audit record and the draft's removal at once. The shop's pages, the contacts and
 * the invoices read the branch from data that hears the write (db/changes.ts), in every process.
 * `scope`: the one branch a branch manager may edit, or null for the head office (every branch).
 */

type Editor = AuditEntry['actor'];

const OWN = ['address', 'email', 'hours', 'phone', 'phone_internal', 'service_phone', 'service_phone_internal', 'legal_name',
  'legal_address', 'bank_name', 'inn', 'kpp', 'ogrn', 'bin', 'bik', 'corr_account', 'settlement_account', 'discount_threshold'] as const;
// Qualified: the country has sales and service lines of the same names.
const COLUMNS = ['region_branch.id', 'region_branch.name', 'region_branch.city', ...OWN.map((c) => `region_branch.${c}` as const),
  'region_country.code as country_code'] as const;

function branchRows(services: AppServices) {
  return services.db.selectFrom('region_branch')
    .innerJoin('region_area', 'region_area.id', 'region_branch.area_id')
    .innerJoin('region_country', 'region_country.root_id', 'region_area.root_id')
    .select(COLUMNS);
}

type Row = Awaited<ReturnType<ReturnType<typeof branchRows>['executeTakeFirstOrThrow']>>;

const inputOf = (r: Omit<Row, 'id' | 'name' | 'city' | 'country_code'>): BranchInput => ({
  address: r.address, email: r.email, hours: r.hours,
  phone: r.phone ?? '', phoneInternal: r.phone_internal ?? '', servicePhone: r.service_phone ?? '', servicePhoneInternal: r.service_phone_internal ?? '',
  legalName: r.legal_name ?? '', legalAddress: r.legal_address ?? '', bankName: r.bank_name ?? '',
  inn: r.inn ?? '', kpp: r.kpp ?? '', ogrn: r.ogrn ?? '', bin: r.bin ?? '', bik: r.bik ?? '', corrAccount: r.corr_account ?? '', settlementAccount: r.settlement_account ?? '',
  discountThreshold: String(Number(r.discount_threshold)),
});

const orNull = (v: string) => (v === '' ? null : v);
const columnsOf = (b: BranchInput) => ({
  address: b.address, email: b.email, hours: b.hours,
  phone: orNull(b.phone), phone_internal: orNull(b.phoneInternal), service_phone: orNull(b.servicePhone), service_phone_internal: orNull(b.servicePhoneInternal),
  legal_name: orNull(b.legalName), legal_address: orNull(b.legalAddress), bank_name: orNull(b.bankName),
  inn: orNull(b.inn), kpp: orNull(b.kpp), ogrn: orNull(b.ogrn), bin: orNull(b.bin), bik: orNull(b.bik),
  corr_account: orNull(b.corrAccount), settlement_account: orNull(b.settlementAccount),
  discount_threshold: Number(b.discountThreshold),
});

export interface BranchListRow { id: number; name: string; city: string; countryCode: 'RU' | 'KZ'; hasDraft: boolean; invoices: boolean }

/** The branches an editor may change (his own, or all for the head office), with their state. */
export async function listBranchesForEditing(services: AppServices, scope: number | null): Promise<BranchListRow[]> {
  let query = branchRows(services).orderBy('region_country.sort').orderBy('region_branch.name');
  if (scope !== null) query = query.where('region_branch.id', '=', scope);
  const [rows, drafts] = await Promise.all([query.execute(), draftIds(services.db, 'branch')]);
  const invoices = await Promise.all(rows.map((r) => branchRequisites(services, r.id)));
  return rows.map((r, i) => ({ id: r.id, name: r.name, city: r.city, countryCode: r.country_code, hasDraft: drafts.has(String(r.id)), invoices: invoices[i] !== null }));
}

export interface BranchForEditing {
  id: number; name: string; city: string; countryCode: 'RU' | 'KZ';
  live: BranchInput;
  draft: (BranchInput & { authorName: string; updatedAt: string }) | null;
}

export type BranchAccess = { ok: true; row: Row } | { ok: false; code: 'not_found' | 'foreign' };

async function access(services: AppServices, id: number, scope: number | null): Promise<BranchAccess> {
  const row = await branchRows(services).where('region_branch.id', '=', id).executeTakeFirst();
  if (!row) return { ok: false, code: 'not_found' };
  // Another branch's manager learns nothing of it, as if it did not exist.
  if (scope !== null && scope !== id) return { ok: false, code: 'not_found' };
  return { ok: true, row };
}

export async function branchForEditing(services: AppServices, id: number, scope: number | null): Promise<BranchForEditing | null> {
  const found = await access(services, id, scope);
  if (!found.ok) return null;
  const { row } = found;
  const stored = await readDraft(services.db, 'branch', String(id));
  const parsed = stored ? branchInput(row.country_code).safeParse(stored.data) : null;
  return {
    id, name: row.name, city: row.city, countryCode: row.country_code, live: inputOf(row),
    draft: parsed?.success ? { ...parsed.data, authorName: stored!.authorName, updatedAt: stored!.updatedAt } : null,
  };
}

/** The country whose rules check the branch's form, or null when the editor may not see the branch. */
export async function branchCountry(services: AppServices, id: number, scope: number | null): Promise<'RU' | 'KZ' | null> {
  const found = await access(services, id, scope);
  return found.ok ? found.row.country_code : null;
}

export async function saveBranchDraft(services: AppServices, editor: Editor, id: number, input: BranchInput): Promise<void> {
  await saveDraft(services.db, 'branch', String(id), input, editor);
}

export async function discardBranchDraft(services: AppServices, id: number): Promise<void> {
  await deleteDraft(services.db, 'branch', String(id));
}

export async function publishBranch(services: AppServices, editor: Editor, id: number, input: BranchInput, ip: string | null): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('region_branch').select(OWN).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const was = inputOf(before);
    await trx.updateTable('region_branch').set(columnsOf(input)).where('id', '=', id).execute();
    await recordAudit(trx, { actor: editor, action: 'branch.publish', entity: 'branch', entityId: id, ...changedFields(was, input), ip });
    await deleteDraft(trx, 'branch', String(id));
  });
  dataChanged(services.db, 'region_branch');
}



/**
 * The branch's card as the contacts page and the header would show it with these values: its own
 * lines, or its country's where it has none (as regions.server.ts does for the published branch).
 */
export async function branchCardPreview(services: AppServices, id: number, input: BranchInput): Promise<{ branch: CurrentBranch; country: CountryView } | null> {
  const dir = await regionDirectory(services);
  const item = dir.branches.find((b) => b.id === id);
  const country = item ? dir.countries.find((c) => c.id === item.countryId) : undefined;
  if (!item || !country) return null;
  return {
    country,
    branch: {
      ...item, address: input.address, email: input.email, hours: input.hours,
      phone: input.phone ? formatPhoneDisplay(input.phone) : country.salesPhone,
      phoneInternal: input.phoneInternal ? internalPhoneDisplay(input.phoneInternal) : country.salesPhoneInternal,
      servicePhone: input.servicePhone ? formatPhoneDisplay(input.servicePhone) : country.servicePhone,
      servicePhoneInternal: input.servicePhoneInternal ? internalPhoneDisplay(input.servicePhoneInternal) : country.servicePhoneInternal,
    },
  };
}

/** The branch's discount threshold in percent (ADR 088): above it an offer needs the branch manager's approval. */
export async function branchDiscountThreshold(db: AppServices['db'], branchId: number): Promise<number> {
  const row = await db.selectFrom('region_branch').select('discount_threshold').where('id', '=', branchId).executeTakeFirst();
  return row ? Number(row.discount_threshold) : 0;
}
