import { z } from '#app/lib/zod.ts';
import { strictDecimal, strictInt } from '#app/lib/strict-number.ts';

export const UNKNOWN_REGION = 'Регион не найден. Выберите регион из списка';

/** Digits only (or a JSON integer), no sign, padding or leading zeros, within PostgreSQL's integer. */
const areaId = strictInt(UNKNOWN_REGION);

export const saveAreaInput = z.object({ areaId });

/** set-location takes a chosen area or, from the browser's geolocation, coordinates. */
export const setLocationInput = z.union([
  z.object({ areaId }),
  z.object({ coords: z.object({ lat: strictDecimal(UNKNOWN_REGION).pipe(z.number().min(-90).max(90)), long: strictDecimal(UNKNOWN_REGION).pipe(z.number().min(-180).max(180)) }) }),
], { error: UNKNOWN_REGION });

export const regionIdParam = z.object({ region_id: areaId.optional() });

/** What the browser gets for one region: spec §3 Region option. */
export interface RegionOption {
  id: number;
  label: string;
  root: number;
  center: [number, number];
  adminCenter: string;
}

export interface AreaTreeNode {
  id: number;
  label: string;
  countryId: number;
  children: RegionOption[];
}

export interface BranchView {
  id: number;
  name: string;
  city: string;
  address: string;
  countryId: number;
  phone: string;
  phoneInternal: string;
  servicePhone: string;
  servicePhoneInternal: string;
  email: string;
  hours: string;
  coords: [number, number];
}

export interface CountryView {
  id: number;
  code: 'RU' | 'KZ';
  name: string;
  abbreviation: string;
  salesPhone: string;
  salesPhoneInternal: string;
  servicePhone: string;
  servicePhoneInternal: string;
}

/**
 * The branch that serves the visitor. Where no branch serves the region yet (a fresh installation
 * before the branches are entered) it is the company's office of the country, with id null and the
 * country's own lines, so every page still renders and shows a number to call.
 */
export interface CurrentBranch extends Omit<BranchView, 'id'> {
  id: number | null;
}

/** The visitor's region and branch as the header shows them (spec §3 Current area, Current branch). */
export interface CurrentLocation {
  currentArea: { label: string; regionId: number; confirmed: boolean };
  currentBranch: CurrentBranch;
  country: CountryView;
}

/**
 * What a branch's invoice says of the seller (migration 0028). Russia: ИНН, КПП, ОГРН, a БИК and a
 * correspondent account; Kazakhstan: БИН, a BIC and an IBAN. Absent values are null.
 */
export interface BranchRequisites {
  branchId: number;
  branchName: string;
  countryCode: 'RU' | 'KZ';
  legalName: string;
  legalAddress: string;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  bin: string | null;
  bankName: string;
  bik: string;
  corrAccount: string | null;
  settlementAccount: string;
}
