import { KAZAKHSTAN_COUNTRY_ID } from './regions.constants.ts';
import type { RegionOption } from './regions.schema.ts';

/** Spec §4 Header: branch country 115 switches phones and labels to Kazakhstan (КЗ), else Russia (РФ). */
export function countryCodeOfBranch(countryId: number): 'KZ' | 'RU' {
  return countryId === KAZAKHSTAN_COUNTRY_ID ? 'KZ' : 'RU';
}

/** The region modal's text filter: case-insensitive, ё = е, matches the region or its centre. */
export function filterRegions(regions: readonly RegionOption[], query: string): RegionOption[] {
  const needle = normalise(query.trim());
  if (!needle) return [...regions];
  return regions.filter((r) => normalise(r.label).includes(needle) || normalise(r.adminCenter).includes(needle));
}

function normalise(value: string): string {
  return value.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е');
}

/** Call-tracking class of spec §9 for the phones of a country. */
export function callTrackingClass(code: 'RU' | 'KZ'): 'call_phone_rf' | 'call_phone_kz' {
  return code === 'KZ' ? 'call_phone_kz' : 'call_phone_rf';
}

/** tel: link from a displayed phone. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
