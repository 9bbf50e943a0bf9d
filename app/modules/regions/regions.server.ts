import { keptPerDb } from '#app/.server/cache.ts';
import type { AppServices, AudienceContext, RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { nearest } from '#app/lib/geo.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { saveSessionArea } from '#app/.server/session.ts';
import { selectAreas, selectBranches, selectBranchRequisites, selectCountries, selectBranchIdByCode } from './regions.queries.server.ts';
import { CONTACT_HOURS } from './regions.constants.ts';
import type { AreaTreeNode, BranchRequisites, BranchView, CountryView, CurrentBranch, CurrentLocation, RegionOption } from './regions.schema.ts';

export interface BranchListItem extends BranchView {
  areaId: number;
  areaLabel: string;
  rootId: number;
}

interface RegionDirectory {
  countries: CountryView[];
  countryByRoot: Map<number, CountryView>;
  areas: Map<number, RegionOption>;
  areaTree: AreaTreeNode[];
  /** The area tree serialised and encoded once: the endpoint answers with these bytes. */
  areaTreeBytes: Uint8Array<ArrayBuffer>;
  branches: BranchListItem[];
  /** Each area's serving branch: the nearest one in the same country. */
  branchOfArea: Map<number, BranchListItem>;
}

const directoryKept = keptPerDb<RegionDirectory>({ readsFrom: ['region_country', 'region_area', 'region_branch'] });

const loadDirectory = (db: DB): Promise<RegionDirectory> => directoryKept.get(db, '', async () => {
  const [countryRows, areaRows, branchRows] = await Promise.all([selectCountries(db), selectAreas(db), selectBranches(db)]);
  // Phones are stored as editors typed them; every view writes them one way ('+7 (912) 469-37-64'),
  // so the header, the contacts page, the service page and the footer never disagree.
  const countries: CountryView[] = countryRows.map((c) => ({
    id: c.id, code: c.code, name: c.name, abbreviation: c.abbreviation,
    salesPhone: formatPhoneDisplay(c.sales_phone), salesPhoneInternal: internalPhoneDisplay(c.sales_phone_internal),
    servicePhone: formatPhoneDisplay(c.service_phone), servicePhoneInternal: internalPhoneDisplay(c.service_phone_internal),
  }));
  const countryByRoot = new Map(countryRows.map((c, i) => [c.root_id, countries[i]!]));
  const areas = new Map<number, RegionOption>(areaRows.map((a) => [a.id, {
    id: a.id, label: a.label, root: a.root_id, center: [a.lat, a.lng], adminCenter: a.admin_center,
  }]));
  const areaTree: AreaTreeNode[] = countryRows.map((c) => ({
    id: c.root_id, label: c.name, countryId: c.id,
    children: [...areas.values()].filter((a) => a.root === c.root_id),
  }));
  const countryById = new Map(countries.map((c) => [c.id, c]));
  const branches: BranchListItem[] = branchRows.map((b) => {
    // A branch without a line of its own shows its country's sales and service lines: the header
    // and the contacts page always have a number to call, and none is invented.
    const country = countryById.get(b.country_id)!;
    return {
      id: b.id, name: b.name, city: b.city, address: b.address, countryId: b.country_id,
      phone: b.phone ? formatPhoneDisplay(b.phone) : country.salesPhone,
      phoneInternal: b.phone_internal ? internalPhoneDisplay(b.phone_internal) : country.salesPhoneInternal,
      servicePhone: b.service_phone ? formatPhoneDisplay(b.service_phone) : country.servicePhone,
      servicePhoneInternal: b.service_phone_internal ? internalPhoneDisplay(b.service_phone_internal) : country.servicePhoneInternal,
      email: b.email, hours: b.hours,
      coords: [b.lat, b.lng], areaId: b.area_id, areaLabel: b.area_label, rootId: b.root_id,
    };
  });
  const located = branches.map((b) => ({ branch: b, lat: b.coords[0], lng: b.coords[1] }));
  const branchOfArea = new Map<number, BranchListItem>();
  for (const area of areas.values()) {
    const own = located.filter((l) => l.branch.areaId === area.id);
    const sameCountry = located.filter((l) => l.branch.rootId === area.root);
    const pick = nearest(own.length ? own : sameCountry.length ? sameCountry : located, { lat: area.center[0], lng: area.center[1] });
    if (pick) branchOfArea.set(area.id, pick.branch);
  }
  return { countries, countryByRoot, areas, areaTree, areaTreeBytes: new TextEncoder().encode(JSON.stringify({ error_status: 'success', areaTree })), branches, branchOfArea };
});

/**
 * The domestic form of a +7 number, laid out like the international one: '8 (800) 555-01-20'
 * (spec §2: the contacts show both forms). Other numbers have no domestic form and keep theirs.
 */
export function internalPhoneDisplay(value: string): string {
  const shown = formatPhoneDisplay(value);
  return shown.startsWith('+7 ') ? `8 ${shown.slice(3)}` : shown;
}

export function regionDirectory(services: AppServices): Promise<RegionDirectory> {
  return loadDirectory(services.db);
}

/**
 * A new visitor's region: the area of the branch nearest to the configured default point (Smolensk);
 * before any branch exists, the region nearest to that point (regions are reference data, always there).
 */
async function defaultAreaId(services: AppServices): Promise<number> {
  const dir = await regionDirectory(services);
  const point = { lat: services.config.DEFAULT_LAT, lng: services.config.DEFAULT_LNG };
  const branch = nearest(dir.branches.map((b) => ({ id: b.areaId, lat: b.coords[0], lng: b.coords[1] })), point);
  const area = branch ?? nearest([...dir.areas.values()].map((a) => ({ id: a.id, lat: a.center[0], lng: a.center[1] })), point);
  if (!area) throw new Error('The reference regions are missing: migrations have not run');
  return area.id;
}

export async function currentLocation({ services, audience }: AudienceContext): Promise<CurrentLocation> {
  const dir = await regionDirectory(services);
  const fromParam = audience.regionParam !== null && dir.areas.has(audience.regionParam) ? audience.regionParam : null;
  const fromSession = audience.area !== null && dir.areas.has(audience.area) ? audience.area : null;
  const areaId = fromParam ?? fromSession ?? (await defaultAreaId(services));
  return locationOf(dir, areaId, fromParam !== null || (fromSession !== null && audience.areaConfirmed));
}

function locationOf(dir: RegionDirectory, areaId: number, confirmed: boolean): CurrentLocation {
  const area = dir.areas.get(areaId)!;
  const branch = dir.branchOfArea.get(areaId);
  const country = dir.countryByRoot.get(area.root)!;
  const currentArea = { label: area.label, regionId: area.id, confirmed };
  if (!branch) return { currentArea, currentBranch: countryOffice(country, area), country };
  const { areaId: _a, areaLabel: _l, rootId: _r, ...currentBranch } = branch;
  return { currentArea, currentBranch, country };
}

/** Where no branch serves a region yet: the company in that country, reached by the country's lines. */
function countryOffice(country: CountryView, area: RegionOption): CurrentBranch {
  return {
    id: null, name: `Агротехника, ${country.name}`, city: area.adminCenter, address: '', countryId: country.id,
    phone: country.salesPhone, phoneInternal: country.salesPhoneInternal,
    servicePhone: country.servicePhone, servicePhoneInternal: country.servicePhoneInternal,
    email: '', hours: CONTACT_HOURS, coords: area.center,
  };
}

export type SetLocationResult =
  | { ok: true; location: CurrentLocation; branchChanged: boolean }
  | { ok: false; code: 'unknown_area' };

/** Saves the visitor's region (creating the guest session on first write) and says whether the branch changed. */
export async function setLocation(ctx: RequestContext, input: { areaId: number } | { coords: { lat: number; long: number } }): Promise<SetLocationResult> {
  const dir = await regionDirectory(ctx.services);
  const areaId = 'areaId' in input
    ? input.areaId
    : nearest([...dir.areas.values()].map((a) => ({ id: a.id, lat: a.center[0], lng: a.center[1] })), { lat: input.coords.lat, lng: input.coords.long })?.id;
  if (areaId === undefined || !dir.areas.has(areaId)) return { ok: false, code: 'unknown_area' };
  const before = await currentLocation(ctx);
  const session = await ctx.ensureSession();
  await saveSessionArea(ctx.services.db, session.id, areaId, true);
  session.areaId = areaId;
  session.areaConfirmed = true;
  const location = locationOf(dir, areaId, true);
  return { ok: true, location, branchChanged: before.currentBranch.id !== location.currentBranch.id };
}

/** All branches grouped by country and region, for the contacts page. */
export async function branchesByCountry(services: AppServices) {
  const dir = await regionDirectory(services);
  return dir.countries.map((country) => {
    const root = [...dir.countryByRoot.entries()].find(([, c]) => c.id === country.id)![0];
    const inCountry = dir.branches.filter((b) => b.rootId === root);
    const regions = new Map<string, BranchListItem[]>();
    for (const b of inCountry) regions.set(b.areaLabel, [...(regions.get(b.areaLabel) ?? []), b]);
    return {
      country,
      regions: [...regions.entries()].sort(([a], [b]) => a.localeCompare(b, 'ru')).map(([label, branches]) => ({ label, branches })),
    };
  });
}

/**
 * A branch's requisites for its invoices; null for an unknown branch or one whose legal name, legal
 * address, bank or settlement account is not filled in yet (no invoice is issued without them).
 */
export async function branchRequisites(services: AppServices, branchId: number): Promise<BranchRequisites | null> {
  const r = await selectBranchRequisites(services.db, branchId);
  if (!r || !r.legal_name || !r.legal_address || !r.bank_name || !r.bik || !r.settlement_account) return null;
  if (r.country_code === 'RU' ? !r.inn : !r.bin) return null;
  return {
    branchId: r.id, branchName: r.name, countryCode: r.country_code, legalName: r.legal_name, legalAddress: r.legal_address,
    inn: r.inn, kpp: r.kpp, ogrn: r.ogrn, bin: r.bin, bankName: r.bank_name, bik: r.bik,
    corrAccount: r.corr_account, settlementAccount: r.settlement_account,
  };
}

/** A branch's id by its code (region_branch.code, as 1C names branches), or null; in the caller's transaction when given one. */
export function branchIdByCode(db: DB, code: string): Promise<number | null> {
  return selectBranchIdByCode(db, code);
}
