/**
 * Demo content: the specifications of the machinery (catalog_specification). Priority: higher first
 * in the filters and the specification table. Ids are stable: the technique types and the
 * generator refer to them by key, the database by id.
 */
export interface SpecificationSeed { id: number; key: SpecKey; name: string; unit: string | null; kind: 'number' | 'text'; priority: number }

export type SpecKey =
  | 'power' | 'workingWidth' | 'cuttingWidth' | 'hopper' | 'tank' | 'mass' | 'productivity' | 'engine'
  | 'wheels' | 'rows' | 'speed' | 'payload' | 'tractorPower' | 'bodies' | 'transmission' | 'liftHeight'
  | 'bodyVolume' | 'threshing' | 'baleSize' | 'hitch' | 'grainThroughput' | 'fuel' | 'axles' | 'chamber';

export const SPECIFICATIONS: SpecificationSeed[] = [
  { id: 1, key: 'power', name: 'Мощность двигателя', unit: 'л.с.', kind: 'number', priority: 100 },
  { id: 2, key: 'workingWidth', name: 'Рабочая ширина', unit: 'м', kind: 'number', priority: 95 },
  { id: 3, key: 'cuttingWidth', name: 'Ширина захвата', unit: 'м', kind: 'number', priority: 94 },
  { id: 4, key: 'hopper', name: 'Объём бункера', unit: 'л', kind: 'number', priority: 90 },
  { id: 5, key: 'tank', name: 'Объём бака', unit: 'л', kind: 'number', priority: 89 },
  { id: 6, key: 'mass', name: 'Масса', unit: 'кг', kind: 'number', priority: 60 },
  { id: 7, key: 'productivity', name: 'Производительность', unit: 'га/ч', kind: 'number', priority: 85 },
  { id: 8, key: 'engine', name: 'Тип двигателя', unit: null, kind: 'text', priority: 70 },
  { id: 9, key: 'wheels', name: 'Колёсная формула', unit: null, kind: 'text', priority: 68 },
  { id: 10, key: 'rows', name: 'Количество рядов', unit: 'шт', kind: 'number', priority: 80 },
  { id: 11, key: 'speed', name: 'Рабочая скорость', unit: 'км/ч', kind: 'number', priority: 75 },
  { id: 12, key: 'payload', name: 'Грузоподъёмность', unit: 'т', kind: 'number', priority: 92 },
  { id: 13, key: 'tractorPower', name: 'Требуемая мощность трактора', unit: 'л.с.', kind: 'number', priority: 78 },
  { id: 14, key: 'bodies', name: 'Количество корпусов', unit: 'шт', kind: 'number', priority: 96 },
  { id: 15, key: 'transmission', name: 'Тип трансмиссии', unit: null, kind: 'text', priority: 66 },
  { id: 16, key: 'liftHeight', name: 'Высота подъёма', unit: 'м', kind: 'number', priority: 91 },
  { id: 17, key: 'bodyVolume', name: 'Объём кузова', unit: 'м³', kind: 'number', priority: 88 },
  { id: 18, key: 'threshing', name: 'Молотильный аппарат', unit: null, kind: 'text', priority: 72 },
  { id: 19, key: 'baleSize', name: 'Размер рулона (тюка)', unit: null, kind: 'text', priority: 71 },
  { id: 20, key: 'hitch', name: 'Способ агрегатирования', unit: null, kind: 'text', priority: 64 },
  { id: 21, key: 'grainThroughput', name: 'Производительность по зерну', unit: 'т/ч', kind: 'number', priority: 86 },
  { id: 22, key: 'fuel', name: 'Вид топлива', unit: null, kind: 'text', priority: 62 },
  { id: 23, key: 'axles', name: 'Количество осей', unit: 'шт', kind: 'number', priority: 61 },
  { id: 24, key: 'chamber', name: 'Тип прессовальной камеры', unit: null, kind: 'text', priority: 69 },
];
