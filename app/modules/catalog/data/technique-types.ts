import type { SpecKey } from './specifications.ts';

/** A number specification scales with a model's size in its line: lo at the smallest, hi at the largest. */
export interface NumberSpecRule { lo: number; hi: number; step: number }
/** A text specification: one of the options (a line may fix it). */
export type TextSpecRule = readonly string[];

export type Silhouette =
  | 'tractor' | 'crawler' | 'combine' | 'header' | 'forager' | 'seeder' | 'tillage' | 'plough' | 'sprayer'
  | 'spreader' | 'baler' | 'mower' | 'loader' | 'trailer' | 'dryer' | 'mulcher';

export interface TechniqueTypeSeed {
  id: number;
  slug: string;
  name: string;
  silhouette: Silhouette;
  /** The 5–9 specifications that describe this kind of machine, in the order of the table. */
  specs: Partial<Record<SpecKey, NumberSpecRule | TextSpecRule>>;
  /** Price range in roubles (major units) from the smallest to the largest machine. */
  priceRub: [number, number];
}

const HITCH = ['Навесной', 'Прицепной', 'Полуприцепной'] as const;

/** Demo content: the kinds of machinery of the demo categories (catalog_technique_type). */
export const TECHNIQUE_TYPES: TechniqueTypeSeed[] = [
  {
    id: 1, slug: 'traktor', name: 'Трактор', silhouette: 'tractor', priceRub: [2_400_000, 42_000_000],
    specs: {
      power: { lo: 50, hi: 600, step: 5 }, tank: { lo: 90, hi: 1300, step: 10 }, mass: { lo: 2400, hi: 24000, step: 50 },
      speed: { lo: 30, hi: 50, step: 1 }, engine: ['Дизель'], wheels: ['4x4', '4x2'],
      transmission: ['Механическая', 'Powershift', 'Бесступенчатая (CVT)'],
    },
  },
  {
    id: 2, slug: 'zernouborochnyj-kombajn', name: 'Зерноуборочный комбайн', silhouette: 'combine', priceRub: [12_000_000, 65_000_000],
    specs: {
      power: { lo: 180, hi: 790, step: 5 }, hopper: { lo: 6000, hi: 18000, step: 500 }, cuttingWidth: { lo: 4.2, hi: 13.7, step: 0.1 },
      grainThroughput: { lo: 8, hi: 60, step: 1 }, mass: { lo: 9500, hi: 26000, step: 100 }, engine: ['Дизель'],
      threshing: ['Клавишный', 'Роторный', 'Гибридный'],
    },
  },
  {
    id: 3, slug: 'zhatka', name: 'Жатка', silhouette: 'header', priceRub: [900_000, 7_500_000],
    specs: {
      cuttingWidth: { lo: 3.6, hi: 13.7, step: 0.1 }, rows: { lo: 4, hi: 16, step: 2 }, mass: { lo: 1200, hi: 4800, step: 50 },
      productivity: { lo: 2, hi: 12, step: 0.5 }, hitch: ['Навесной'],
    },
  },
  {
    id: 4, slug: 'kormouborochnyj-kombajn', name: 'Кормоуборочный комбайн', silhouette: 'forager', priceRub: [6_500_000, 58_000_000],
    specs: {
      power: { lo: 150, hi: 1100, step: 10 }, cuttingWidth: { lo: 2.2, hi: 9, step: 0.1 }, grainThroughput: { lo: 40, hi: 300, step: 5 },
      mass: { lo: 3200, hi: 17500, step: 100 }, engine: ['Дизель'], hitch: ['Самоходный', 'Прицепной'],
    },
  },
  {
    id: 5, slug: 'seyalka', name: 'Сеялка', silhouette: 'seeder', priceRub: [650_000, 14_000_000],
    specs: {
      workingWidth: { lo: 3, hi: 12, step: 0.5 }, rows: { lo: 8, hi: 48, step: 1 }, hopper: { lo: 800, hi: 6000, step: 100 },
      tractorPower: { lo: 80, hi: 350, step: 10 }, speed: { lo: 8, hi: 18, step: 1 }, mass: { lo: 1200, hi: 11000, step: 50 }, hitch: HITCH,
    },
  },
  {
    id: 6, slug: 'posevnoj-kompleks', name: 'Посевной комплекс', silhouette: 'seeder', priceRub: [9_000_000, 38_000_000],
    specs: {
      workingWidth: { lo: 6, hi: 24, step: 0.5 }, hopper: { lo: 5000, hi: 21000, step: 500 }, tractorPower: { lo: 200, hi: 600, step: 10 },
      productivity: { lo: 5, hi: 24, step: 0.5 }, speed: { lo: 10, hi: 16, step: 1 }, mass: { lo: 7000, hi: 24000, step: 100 }, hitch: ['Прицепной'],
    },
  },
  {
    id: 7, slug: 'kultivator', name: 'Культиватор', silhouette: 'tillage', priceRub: [380_000, 9_500_000],
    specs: {
      workingWidth: { lo: 3, hi: 16, step: 0.5 }, tractorPower: { lo: 60, hi: 500, step: 10 }, productivity: { lo: 2, hi: 18, step: 0.5 },
      speed: { lo: 8, hi: 15, step: 1 }, mass: { lo: 600, hi: 12000, step: 50 }, hitch: HITCH,
    },
  },
  {
    id: 8, slug: 'borona', name: 'Борона', silhouette: 'tillage', priceRub: [300_000, 7_800_000],
    specs: {
      workingWidth: { lo: 2.5, hi: 15, step: 0.5 }, tractorPower: { lo: 60, hi: 450, step: 10 }, productivity: { lo: 1.5, hi: 15, step: 0.5 },
      speed: { lo: 10, hi: 18, step: 1 }, mass: { lo: 700, hi: 11000, step: 50 }, hitch: HITCH,
    },
  },
  {
    id: 9, slug: 'plug', name: 'Плуг', silhouette: 'plough', priceRub: [420_000, 6_200_000],
    specs: {
      bodies: { lo: 3, hi: 12, step: 1 }, workingWidth: { lo: 1.05, hi: 6, step: 0.05 }, tractorPower: { lo: 80, hi: 500, step: 10 },
      mass: { lo: 700, hi: 5200, step: 50 }, speed: { lo: 7, hi: 12, step: 1 }, hitch: ['Навесной', 'Полунавесной'],
    },
  },
  {
    id: 10, slug: 'opryskivatel', name: 'Опрыскиватель', silhouette: 'sprayer', priceRub: [450_000, 36_000_000],
    specs: {
      tank: { lo: 600, hi: 8000, step: 100 }, workingWidth: { lo: 12, hi: 48, step: 1 }, power: { lo: 150, hi: 400, step: 5 },
      productivity: { lo: 8, hi: 60, step: 1 }, speed: { lo: 6, hi: 30, step: 1 }, mass: { lo: 500, hi: 14000, step: 50 },
      hitch: ['Навесной', 'Прицепной', 'Самоходный'],
    },
  },
  {
    id: 11, slug: 'razbrasyvatel-udobrenij', name: 'Разбрасыватель удобрений', silhouette: 'spreader', priceRub: [280_000, 9_000_000],
    specs: {
      hopper: { lo: 800, hi: 16000, step: 100 }, workingWidth: { lo: 12, hi: 54, step: 1 }, tractorPower: { lo: 60, hi: 300, step: 10 },
      productivity: { lo: 10, hi: 60, step: 1 }, mass: { lo: 250, hi: 8000, step: 50 }, hitch: ['Навесной', 'Прицепной'],
    },
  },
  {
    id: 12, slug: 'press-podborshchik', name: 'Пресс-подборщик', silhouette: 'baler', priceRub: [1_600_000, 14_000_000],
    specs: {
      cuttingWidth: { lo: 1.8, hi: 2.6, step: 0.05 }, tractorPower: { lo: 60, hi: 200, step: 5 }, productivity: { lo: 8, hi: 60, step: 1 },
      mass: { lo: 1800, hi: 11000, step: 50 }, baleSize: ['1,2 × 1,5 м', '1,5 × 1,5 м', '0,8 × 0,9 × 2,4 м', '1,2 × 0,9 × 2,7 м'],
      chamber: ['Постоянная', 'Переменная'],
    },
  },
  {
    id: 13, slug: 'kosilka', name: 'Косилка', silhouette: 'mower', priceRub: [250_000, 8_500_000],
    specs: {
      cuttingWidth: { lo: 1.65, hi: 9.5, step: 0.05 }, tractorPower: { lo: 40, hi: 250, step: 5 }, productivity: { lo: 1.2, hi: 12, step: 0.1 },
      speed: { lo: 10, hi: 18, step: 1 }, mass: { lo: 450, hi: 3200, step: 10 }, hitch: ['Навесной', 'Прицепной'],
    },
  },
  {
    id: 14, slug: 'pogruzchik', name: 'Погрузчик', silhouette: 'loader', priceRub: [2_200_000, 16_000_000],
    specs: {
      payload: { lo: 0.8, hi: 5.5, step: 0.1 }, liftHeight: { lo: 3, hi: 10, step: 0.1 }, power: { lo: 50, hi: 250, step: 5 },
      speed: { lo: 20, hi: 40, step: 1 }, mass: { lo: 2500, hi: 14500, step: 50 }, engine: ['Дизель'], transmission: ['Гидростатическая', 'Powershift'],
    },
  },
  {
    id: 15, slug: 'pricep', name: 'Прицеп', silhouette: 'trailer', priceRub: [650_000, 9_800_000],
    specs: {
      payload: { lo: 6, hi: 40, step: 0.5 }, bodyVolume: { lo: 8, hi: 60, step: 0.5 }, axles: { lo: 1, hi: 3, step: 1 },
      mass: { lo: 2200, hi: 12000, step: 50 }, speed: { lo: 25, hi: 80, step: 5 },
    },
  },
  {
    id: 16, slug: 'zernosushilka', name: 'Зерносушилка', silhouette: 'dryer', priceRub: [3_500_000, 32_000_000],
    specs: {
      grainThroughput: { lo: 5, hi: 100, step: 1 }, hopper: { lo: 8000, hi: 120000, step: 1000 }, fuel: ['Природный газ', 'Дизельное топливо', 'Сжиженный газ'],
      mass: { lo: 3500, hi: 42000, step: 100 }, hitch: ['Стационарная', 'Мобильная'],
    },
  },
  {
    id: 17, slug: 'mulcher', name: 'Мульчер', silhouette: 'mulcher', priceRub: [280_000, 3_400_000],
    specs: {
      cuttingWidth: { lo: 1.2, hi: 6.2, step: 0.1 }, tractorPower: { lo: 30, hi: 220, step: 5 }, productivity: { lo: 0.6, hi: 6, step: 0.1 },
      mass: { lo: 320, hi: 3200, step: 10 }, hitch: ['Навесной', 'Прицепной'],
    },
  },
];
