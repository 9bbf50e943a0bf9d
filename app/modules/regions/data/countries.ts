export interface CountrySeed {
  id: number;
  rootId: 3220 | 3221;
  code: 'RU' | 'KZ';
  name: string;
  abbreviation: string;
  salesPhone: string;
  salesPhoneInternal: string;
  servicePhone: string;
  servicePhoneInternal: string;
  /** Default map centre of spec §9. */
  mapCenter: [number, number];
  sort: number;
}

/** Spec §3 and §9: country id 115 is Kazakhstan; roots 3220 Russia and 3221 Kazakhstan. */
export const COUNTRIES: CountrySeed[] = [
  {
    id: 1, rootId: 3220, code: 'RU', name: 'Россия', abbreviation: 'РФ',
    salesPhone: '+7 800 555-01-20', salesPhoneInternal: '8 800 555-01-20',
    servicePhone: '+7 800 555-01-30', servicePhoneInternal: '8 800 555-01-30',
    mapCenter: [55.76, 37.64], sort: 1,
  },
  {
    id: 115, rootId: 3221, code: 'KZ', name: 'Казахстан', abbreviation: 'КЗ',
    salesPhone: '+7 800 080-41-20', salesPhoneInternal: '8 800 080-41-20',
    servicePhone: '+7 800 080-41-30', servicePhoneInternal: '8 800 080-41-30',
    mapCenter: [51.08, 71.26], sort: 2,
  },
];
