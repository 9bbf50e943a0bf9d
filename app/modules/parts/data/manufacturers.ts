/**
 * Demo content: part makers (parts_manufacturer). OEM brands are the demo machinery makers' own parts
 * services, keyed by the catalogue maker's slug (`machineryMaker`), each with the code style its
 * labels carry (generate.ts `CODE_STYLES`); aftermarket brands make replacements for a few kinds of
 * parts (`makes`: top-level category slugs of categories.ts).
 */
export interface PartMakerSeed {
  id: number;
  slug: string;
  name: string;
  country: string;
  kind: 'oem' | 'aftermarket';
  /** OEM: the catalogue manufacturer whose machines these parts fit. */
  machineryMaker?: string;
  /** Aftermarket: the top-level categories it makes analogs in. */
  makes?: string[];
}

export const OEM_MAKERS: PartMakerSeed[] = [
  { id: 1, slug: 'kirovets-ptz', name: 'Кировец (ПТЗ)', country: 'Россия', kind: 'oem', machineryMaker: 'kirovets' },
  { id: 2, slug: 'rostselmash', name: 'Ростсельмаш', country: 'Россия', kind: 'oem', machineryMaker: 'rostselmash' },
  { id: 3, slug: 'mtz', name: 'МТЗ', country: 'Беларусь', kind: 'oem', machineryMaker: 'belarus' },
  { id: 4, slug: 'amkodor', name: 'Амкодор', country: 'Беларусь', kind: 'oem', machineryMaker: 'amkodor' },
  { id: 5, slug: 'klever', name: 'Клевер', country: 'Россия', kind: 'oem', machineryMaker: 'klever' },
  { id: 6, slug: 'gomselmash', name: 'Гомсельмаш', country: 'Беларусь', kind: 'oem', machineryMaker: 'gomselmash' },
  { id: 7, slug: 'lemken', name: 'Lemken', country: 'Германия', kind: 'oem', machineryMaker: 'lemken' },
  { id: 8, slug: 'amazone', name: 'Amazone', country: 'Германия', kind: 'oem', machineryMaker: 'amazone' },
  { id: 9, slug: 'kverneland', name: 'Kverneland', country: 'Норвегия', kind: 'oem', machineryMaker: 'kverneland' },
  { id: 10, slug: 'horsch', name: 'Horsch', country: 'Германия', kind: 'oem', machineryMaker: 'horsch' },
  { id: 11, slug: 'vaderstad', name: 'Väderstad', country: 'Швеция', kind: 'oem', machineryMaker: 'vaderstad' },
  { id: 12, slug: 'john-deere', name: 'John Deere', country: 'США', kind: 'oem', machineryMaker: 'john-deere' },
  { id: 13, slug: 'claas', name: 'CLAAS', country: 'Германия', kind: 'oem', machineryMaker: 'claas' },
  { id: 14, slug: 'bourgault', name: 'Bourgault', country: 'Канада', kind: 'oem', machineryMaker: 'bourgault' },
  { id: 15, slug: 'kuhn', name: 'Kuhn', country: 'Франция', kind: 'oem', machineryMaker: 'kuhn' },
  { id: 16, slug: 'tonar', name: 'Тонар', country: 'Россия', kind: 'oem', machineryMaker: 'tonar' },
  { id: 17, slug: 'bdm-agro', name: 'БДМ-Агро', country: 'Россия', kind: 'oem', machineryMaker: 'bdm-agro' },
  { id: 18, slug: 'pegas-agro', name: 'Пегас-Агро', country: 'Россия', kind: 'oem', machineryMaker: 'pegas-agro' },
  { id: 19, slug: 'versatile', name: 'Versatile', country: 'Канада', kind: 'oem', machineryMaker: 'versatile' },
  { id: 20, slug: 'mecmar', name: 'Mecmar', country: 'Италия', kind: 'oem', machineryMaker: 'mecmar' },
];

export const AFTERMARKET_MAKERS: PartMakerSeed[] = [
  { id: 101, slug: 'mann-filter', name: 'MANN-FILTER', country: 'Германия', kind: 'aftermarket', makes: ['filtry'] },
  { id: 102, slug: 'fleetguard', name: 'Fleetguard', country: 'США', kind: 'aftermarket', makes: ['filtry'] },
  { id: 103, slug: 'donaldson', name: 'Donaldson', country: 'США', kind: 'aftermarket', makes: ['filtry'] },
  { id: 104, slug: 'gates', name: 'Gates', country: 'США', kind: 'aftermarket', makes: ['remni-i-cepi'] },
  { id: 105, slug: 'optibelt', name: 'Optibelt', country: 'Германия', kind: 'aftermarket', makes: ['remni-i-cepi'] },
  { id: 106, slug: 'skf', name: 'SKF', country: 'Швеция', kind: 'aftermarket', makes: ['hodovaya-chast', 'transmissiya'] },
  { id: 107, slug: 'fag', name: 'FAG', country: 'Германия', kind: 'aftermarket', makes: ['hodovaya-chast', 'transmissiya'] },
  { id: 108, slug: 'bosch', name: 'Bosch', country: 'Германия', kind: 'aftermarket', makes: ['elektrooborudovanie', 'dvigatel'] },
  { id: 109, slug: 'hella', name: 'Hella', country: 'Германия', kind: 'aftermarket', makes: ['elektrooborudovanie', 'kabina'] },
  { id: 110, slug: 'sparex', name: 'Sparex', country: 'Великобритания', kind: 'aftermarket', makes: ['dvigatel', 'gidravlika', 'kabina', 'rabochie-organy'] },
  { id: 111, slug: 'bepco', name: 'Bepco', country: 'Бельгия', kind: 'aftermarket', makes: ['rabochie-organy', 'transmissiya', 'gidravlika'] },
  { id: 112, slug: 'yamz', name: 'ЯМЗ', country: 'Россия', kind: 'aftermarket', makes: ['dvigatel'] },
];

export const PART_MAKERS: PartMakerSeed[] = [...OEM_MAKERS, ...AFTERMARKET_MAKERS];
