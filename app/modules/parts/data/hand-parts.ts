/**
 * Demo content written by hand: parts whose numbers the documentation and the tests quote
 * ('АВ-123.45' finds 'AB12345'), with their analogs and supersessions. Ids from 900,001, apart from
 * the generated ones; their codes are reserved before generation, so no generated part takes them.
 */
export interface HandPartSeed {
  id: number;
  code: string;
  name: string;
  maker: string;
  categoryId: number;
  grams: number;
  priceRub: number;
  /** Ids of the parts it is an analog of (each pair once). */
  analogOf?: number[];
  /** Id of the part that replaced it. */
  replacedBy?: number;
}

export const HAND_PARTS: HandPartSeed[] = [
  { id: 900_001, code: 'AB12345', name: 'Подшипник ступицы диска', maker: 'amazone', categoryId: 401, grams: 640, priceRub: 7_450 },
  { id: 900_002, code: '6205-2RS1', name: 'Подшипник ступицы диска', maker: 'skf', categoryId: 401, grams: 128, priceRub: 1_980, analogOf: [900_001] },
  { id: 900_003, code: 'AB12344', name: 'Подшипник ступицы диска', maker: 'amazone', categoryId: 401, grams: 640, priceRub: 6_900, replacedBy: 900_001 },
  { id: 900_010, code: 'RE504836', name: 'Фильтр масляный двигателя', maker: 'john-deere', categoryId: 701, grams: 820, priceRub: 3_480 },
  { id: 900_011, code: 'LF3349', name: 'Фильтр масляный двигателя', maker: 'fleetguard', categoryId: 701, grams: 790, priceRub: 1_650, analogOf: [900_010] },
  { id: 900_012, code: 'W 940/25', name: 'Фильтр масляный двигателя', maker: 'mann-filter', categoryId: 701, grams: 760, priceRub: 1_420, analogOf: [900_010, 900_011] },
  { id: 900_013, code: 'RE59754', name: 'Фильтр масляный двигателя', maker: 'john-deere', categoryId: 701, grams: 820, priceRub: 3_300, replacedBy: 900_010 },
  { id: 900_014, code: 'RE57394', name: 'Фильтр масляный двигателя', maker: 'john-deere', categoryId: 701, grams: 800, priceRub: 3_100, replacedBy: 900_013 },
  { id: 900_020, code: '240-1005030', name: 'Вал коленчатый в сборе', maker: 'mtz', categoryId: 101, grams: 46_000, priceRub: 96_400 },
  { id: 900_021, code: '240-1005030-А', name: 'Вал коленчатый в сборе', maker: 'mtz', categoryId: 101, grams: 46_500, priceRub: 101_200, analogOf: [900_020] },
  { id: 900_030, code: '700А.17.01.000-1', name: 'Корзина сцепления', maker: 'kirovets-ptz', categoryId: 201, grams: 21_400, priceRub: 88_900 },
  { id: 900_031, code: '10.01.20.070Б', name: 'Бич молотильного барабана', maker: 'rostselmash', categoryId: 903, grams: 3_200, priceRub: 4_650 },
  { id: 900_032, code: 'БДМ-01.02.010', name: 'Диск сферический Ø 560 мм', maker: 'bdm-agro', categoryId: 901, grams: 9_800, priceRub: 6_250 },
  { id: 900_033, code: '0006379310', name: 'Ремень вариатора', maker: 'claas', categoryId: 801, grams: 2_100, priceRub: 21_300 },
  { id: 900_034, code: '6PK1220', name: 'Ремень поликлиновой', maker: 'gates', categoryId: 801, grams: 180, priceRub: 1_150 },
];

/**
 * A drawing placed by hand around the hand-written parts: the engine oil filter of the John Deere
 * 6M tractors (RE59754 up to machine 20241999, its successor RE504836 from 20242000), so that
 * 'масляный фильтр 6145' finds filters that fit a 6145M. The other callouts take the line maker's
 * oil filters as the generated drawings do.
 */
export interface HandDrawingSeed {
  lineName: string;
  leafId: number;
  title: string;
  /** Layout number (drawings.ts): its callouts hold `positions` first, then the maker's parts of the leaf. */
  layout: number;
  positions: Array<{ callout: number; partId: number; serialFrom: string | null; serialTo: string | null; note: string | null }>;
}

export const HAND_DRAWINGS: HandDrawingSeed[] = [
  {
    lineName: 'John Deere 6M', leafId: 701, title: 'Масляные фильтры двигателя', layout: 2,
    positions: [
      { callout: 1, partId: 900_013, serialFrom: null, serialTo: '20241999', note: 'До замены номера' },
      { callout: 1, partId: 900_010, serialFrom: '20242000', serialTo: null, note: null },
    ],
  },
];
