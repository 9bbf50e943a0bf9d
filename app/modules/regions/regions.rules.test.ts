import { describe, expect, it } from 'vitest';
import { KAZAKHSTAN_COUNTRY_ID, KAZAKHSTAN_ROOT_ID, RUSSIA_ROOT_ID } from './regions.constants.ts';
import { callTrackingClass, countryCodeOfBranch, filterRegions, telHref } from './regions.rules.ts';
import type { RegionOption } from './regions.schema.ts';

const regions: RegionOption[] = [
  { id: 1, label: 'Смоленская область', root: 3220, center: [54.78, 32.04], adminCenter: 'Смоленск' },
  { id: 2, label: 'Орловская область', root: 3220, center: [52.97, 36.06], adminCenter: 'Орёл' },
  { id: 3, label: 'Акмолинская область', root: 3221, center: [53.28, 69.39], adminCenter: 'Кокшетау' },
];

describe('phones and labels switch by branch country (spec §4 Header)', () => {
  it('treats country 115 as Kazakhstan and anything else as Russia', () => {
    expect(KAZAKHSTAN_COUNTRY_ID).toBe(115);
    expect(countryCodeOfBranch(115)).toBe('KZ');
    expect(countryCodeOfBranch(1)).toBe('RU');
    expect(callTrackingClass('KZ')).toBe('call_phone_kz');
    expect(callTrackingClass('RU')).toBe('call_phone_rf');
  });
  it('pins the country roots', () => {
    expect(RUSSIA_ROOT_ID).toBe(3220);
    expect(KAZAKHSTAN_ROOT_ID).toBe(3221);
  });
});

describe('region filter', () => {
  it('matches the label or the admin centre, case-insensitively, with ё as е', () => {
    expect(filterRegions(regions, 'смол').map((r) => r.id)).toEqual([1]);
    expect(filterRegions(regions, 'ОРЕЛ').map((r) => r.id)).toEqual([2]);
    expect(filterRegions(regions, 'кокше').map((r) => r.id)).toEqual([3]);
  });
  it('returns everything for an empty or blank query and nothing for a miss', () => {
    expect(filterRegions(regions, '  ')).toHaveLength(3);
    expect(filterRegions(regions, 'Париж')).toEqual([]);
  });
});

describe('telHref', () => {
  it('keeps only digits and plus', () => {
    expect(telHref('+7 (4812) 70-11-20')).toBe('tel:+74812701120');
  });

  it('dials the numbers as the views write them, in both forms', () => {
    expect(telHref('+7 (912) 469-37-64')).toBe('tel:+79124693764');
    expect(telHref('8 (800) 555-01-30')).toBe('tel:88005550130');
  });
});

describe('spec §4/§9 timings', () => {
  it('reloads one second after a region is saved', async () => {
    const { RELOAD_AFTER_SAVE_MS, MAP_ZOOM, DEFAULT_CITY } = await import('./regions.constants.ts');
    expect(RELOAD_AFTER_SAVE_MS).toBe(1000);
    expect(MAP_ZOOM).toBe(5);
    expect(DEFAULT_CITY).toBe('Смоленск');
  });
});
