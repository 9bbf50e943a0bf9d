import type { SpecKey } from './specifications.ts';
import type { Silhouette } from './technique-types.ts';

/**
 * Demo content: model lines and their models (catalog_model_line, catalog_model). A model's size in
 * its line (0 the smallest kind of machine of its type, 1 the largest) drives its specifications and
 * price (generate.ts); the names carry the figures where the real ranges do (power, width).
 */
export interface ModelLineSeed {
  id: number;
  slug: string;
  name: string;
  manufacturer: string;
  categoryId: number;
  typeId: number;
  description: string;
  models: string[];
  /** Sizes from the smallest model to the largest, or a size read from a model's name. */
  size: [number, number] | ((name: string) => number);
  /** Text specifications every model of the line shares. */
  text?: Partial<Record<SpecKey, string>>;
  /** Specifications of the type that do not apply to this line. */
  omit?: SpecKey[];
  silhouette?: Silhouette;
}

/** Tractor size from its power in hp (the type's range is 50–600 hp), by model name. */
const byHp = (power: Record<string, number>) => (name: string) => (power[name]! - 50) / 550;
/** Working width in metres → size in a type's width range. */
const width = (lo: number, hi: number, metres: Record<string, number>) => (name: string) => (metres[name]! - lo) / (hi - lo);

export const MODEL_LINES: ModelLineSeed[] = [
  // ── Тракторы ────────────────────────────────────────────────────────────────────────────────
  {
    id: 1, slug: 'kirovets-k-7m', name: 'Кировец К-7М', manufacturer: 'kirovets', categoryId: 153, typeId: 1,
    description: 'Седьмое поколение тракторов «Кировец» с двигателем мощностью от 300 до 428 л. с. Шарнирно-сочленённая рама и колёсная формула 4x4 дают высокую тягу на тяжёлых почвах. Кабина с панорамным остеклением и климат-контролем рассчитана на долгую смену.',
    models: ['К-735 Стандарт', 'К-735 Премиум', 'К-739 Стандарт', 'К-739 Премиум', 'К-742 Стандарт', 'К-742 Премиум'],
    size: byHp({ 'К-735 Стандарт': 300, 'К-735 Премиум': 310, 'К-739 Стандарт': 354, 'К-739 Премиум': 364, 'К-742 Стандарт': 410, 'К-742 Премиум': 428 }),
    text: { wheels: '4x4' },
  },
  {
    id: 2, slug: 'kirovets-k-5', name: 'Кировец К-5', manufacturer: 'kirovets', categoryId: 153, typeId: 1,
    description: 'Энергонасыщенные тракторы пятого класса для обработки почвы, посева и транспортных работ. Проверенная конструкция «Кировца» с двигателем ЯМЗ и механической коробкой передач. Простое обслуживание в условиях хозяйства.',
    models: ['К-525 Стандарт', 'К-525 Премиум', 'К-527 Стандарт', 'К-527 Премиум'],
    size: byHp({ 'К-525 Стандарт': 250, 'К-525 Премиум': 260, 'К-527 Стандарт': 270, 'К-527 Премиум': 280 }),
    text: { wheels: '4x4', transmission: 'Механическая' },
  },
  {
    id: 3, slug: 'belarus-80', name: 'Беларус 80', manufacturer: 'belarus', categoryId: 103, typeId: 1,
    description: 'Самые массовые универсально-пропашные тракторы МТЗ. Подходят для междурядной обработки, работы с навесными и прицепными орудиями и перевозки грузов. Ремонтопригодны и неприхотливы к топливу.',
    models: ['Беларус 80.1', 'Беларус 82.1', 'Беларус 82.3', 'Беларус 892', 'Беларус 921'],
    size: byHp({ 'Беларус 80.1': 81, 'Беларус 82.1': 81, 'Беларус 82.3': 89, 'Беларус 892': 89, 'Беларус 921': 95 }),
    text: { transmission: 'Механическая' },
  },
  {
    id: 4, slug: 'belarus-1200', name: 'Беларус 1200', manufacturer: 'belarus', categoryId: 152, typeId: 1,
    description: 'Тракторы тягового класса 2–3 для основной и предпосевной обработки почвы, посева и заготовки кормов. Синхронизированная коробка передач и передний ведущий мост. Хорошо агрегатируются с широким набором орудий.',
    models: ['Беларус 1221.3', 'Беларус 1221.4', 'Беларус 1523', 'Беларус 1523.5'],
    size: byHp({ 'Беларус 1221.3': 132, 'Беларус 1221.4': 136, 'Беларус 1523': 156, 'Беларус 1523.5': 165 }),
    text: { wheels: '4x4' },
  },
  {
    id: 5, slug: 'belarus-3000', name: 'Беларус 3000', manufacturer: 'belarus', categoryId: 153, typeId: 1,
    description: 'Флагманские тракторы МТЗ мощностью свыше 300 л. с. для широкозахватных посевных комплексов и тяжёлой почвообработки. Коробка передач с переключением под нагрузкой и система автоматического управления навеской.',
    models: ['Беларус 3022ДЦ.1', 'Беларус 3022.5', 'Беларус 3522.5'],
    size: byHp({ 'Беларус 3022ДЦ.1': 300, 'Беларус 3022.5': 305, 'Беларус 3522.5': 355 }),
    text: { wheels: '4x4', transmission: 'Powershift' },
  },
  {
    id: 6, slug: 'belarus-gusenichnye', name: 'Беларус гусеничные', manufacturer: 'belarus', categoryId: 102, typeId: 1,
    description: 'Гусеничные тракторы МТЗ с низким давлением на почву для ранних весенних работ и переувлажнённых полей. Сохраняют структуру почвы и работают там, где колёсная техника буксует.',
    models: ['Беларус 1502', 'Беларус 2103', 'Беларус 2103.1'],
    size: byHp({ 'Беларус 1502': 150, 'Беларус 2103': 210, 'Беларус 2103.1': 215 }),
    text: { wheels: 'Гусеничный ход', transmission: 'Механическая' }, silhouette: 'crawler',
  },
  {
    id: 7, slug: 'belarus-mini', name: 'Беларус малогабаритные', manufacturer: 'belarus', categoryId: 105, typeId: 1,
    description: 'Минитракторы для фермерских хозяйств, теплиц и коммунальных служб. Компактные, манёвренные, с навеской для фрезы, косилки и отвала.',
    models: ['Беларус 132Н', 'Беларус 152', 'Беларус 321'],
    size: byHp({ 'Беларус 132Н': 13, 'Беларус 152': 15, 'Беларус 321': 36 }),
    text: { transmission: 'Механическая' },
  },
  {
    id: 8, slug: 'belarus-sadovye', name: 'Беларус садовые', manufacturer: 'belarus', categoryId: 104, typeId: 1,
    description: 'Узкоколейные тракторы для садов, ягодников и виноградников. Низкий силуэт кабины позволяет работать под кронами, а узкая колея — в междурядьях от 1,8 м.',
    models: ['Беларус 622', 'Беларус 922.3', 'Беларус 922.4'],
    size: byHp({ 'Беларус 622': 60, 'Беларус 922.3': 92, 'Беларус 922.4': 95 }),
    text: { wheels: '4x4', transmission: 'Механическая' },
  },
  {
    id: 9, slug: 'rsm-2000', name: 'RSM 2000', manufacturer: 'rostselmash', categoryId: 153, typeId: 1,
    description: 'Полноприводные тракторы Ростсельмаш с равными колёсами и шарнирной рамой. Двигатели Cummins мощностью 375–500 л. с. и коробка Powershift для работы с широкозахватными орудиями. Большой топливный бак рассчитан на полную смену без дозаправки.',
    models: ['RSM 2375', 'RSM 2400', 'RSM 2425', 'RSM 2450', 'RSM 2500'],
    size: byHp({ 'RSM 2375': 375, 'RSM 2400': 400, 'RSM 2425': 425, 'RSM 2450': 450, 'RSM 2500': 500 }), text: { wheels: '4x4', transmission: 'Powershift' },
  },
  {
    id: 10, slug: 'versatile-mfwd', name: 'Versatile MFWD', manufacturer: 'versatile', categoryId: 152, typeId: 1,
    description: 'Универсальные тракторы с передним ведущим мостом для пропашных культур и кормозаготовки. Просторная кабина, гидравлика закрытого центра и трёхточечная навеска высокой грузоподъёмности.',
    models: ['Versatile 190', 'Versatile 210', 'Versatile 230', 'Versatile 250'],
    size: byHp({ 'Versatile 190': 190, 'Versatile 210': 210, 'Versatile 230': 230, 'Versatile 250': 250 }), text: { wheels: '4x4' },
  },
  {
    id: 11, slug: 'versatile-deltatrack', name: 'Versatile DeltaTrack', manufacturer: 'versatile', categoryId: 102, typeId: 1,
    description: 'Гусеничные тракторы с треугольными гусеницами для максимальной тяги при минимальном уплотнении почвы. Подходят для глубокорыхления и работы с посевными комплексами шириной до 24 м.',
    models: ['DeltaTrack 460', 'DeltaTrack 500', 'DeltaTrack 550', 'DeltaTrack 610'],
    size: byHp({ 'DeltaTrack 460': 460, 'DeltaTrack 500': 500, 'DeltaTrack 550': 550, 'DeltaTrack 610': 600 }), text: { wheels: 'Гусеничный ход', transmission: 'Powershift' }, silhouette: 'crawler',
  },
  {
    id: 12, slug: 'john-deere-5e', name: 'John Deere 5E', manufacturer: 'john-deere', categoryId: 151, typeId: 1,
    description: 'Простые и надёжные тракторы до 100 л. с. для животноводческих ферм и небольших хозяйств. Экономичный двигатель, механическая коробка и удобный доступ к точкам обслуживания.',
    models: ['5075E', '5090E', '5100E'],
    size: byHp({ '5075E': 75, '5090E': 90, '5100E': 100 }), text: { transmission: 'Механическая' },
  },
  {
    id: 13, slug: 'john-deere-6m', name: 'John Deere 6M', manufacturer: 'john-deere', categoryId: 152, typeId: 1,
    description: 'Средние тракторы серии 6M для смешанных хозяйств: кормозаготовка, работа с погрузчиком, посев. Короткая колёсная база и малый радиус поворота. Доступны с коробками PowrQuad и AutoQuad.',
    models: ['6110M', '6120M', '6130M', '6145M', '6155M', '6175M', '6195M'],
    size: byHp({ '6110M': 110, '6120M': 120, '6130M': 130, '6145M': 145, '6155M': 155, '6175M': 175, '6195M': 195 }),
    text: { wheels: '4x4' },
  },
  {
    id: 14, slug: 'john-deere-8r', name: 'John Deere 8R', manufacturer: 'john-deere', categoryId: 153, typeId: 1,
    description: 'Мощные колёсные тракторы для крупных хозяйств. Бесступенчатая трансмиссия AutoPowr, система точного земледелия и комфортная кабина CommandView. Работают с тяжёлыми прицепными орудиями на высокой скорости.',
    models: ['8R 230', '8R 250', '8R 280', '8R 310', '8R 340', '8R 370', '8R 410'],
    size: byHp({ '8R 230': 230, '8R 250': 250, '8R 280': 280, '8R 310': 310, '8R 340': 340, '8R 370': 370, '8R 410': 410 }), text: { wheels: '4x4', transmission: 'Бесступенчатая (CVT)' },
  },
  {
    id: 15, slug: 'claas-axion-800', name: 'CLAAS Axion 800', manufacturer: 'claas', categoryId: 152, typeId: 1,
    description: 'Тракторы среднего класса с двигателями FPT и трансмиссией Hexashift или CMATIC. Хорошая обзорность, подвеска кабины и переднего моста. Универсальны на кормозаготовке и транспорте.',
    models: ['Axion 800', 'Axion 810', 'Axion 830', 'Axion 850', 'Axion 870'],
    size: byHp({ 'Axion 800': 205, 'Axion 810': 215, 'Axion 830': 235, 'Axion 850': 240, 'Axion 870': 250 }),
    text: { wheels: '4x4' },
  },
  {
    id: 16, slug: 'claas-elios', name: 'CLAAS Elios', manufacturer: 'claas', categoryId: 151, typeId: 1,
    description: 'Компактные тракторы до 100 л. с. с низкой кабиной для ферм и животноводческих помещений. Манёвренны, экономичны, хорошо работают с фронтальным погрузчиком.',
    models: ['Elios 210', 'Elios 220', 'Elios 230'],
    size: byHp({ 'Elios 210': 75, 'Elios 220': 90, 'Elios 230': 100 }), text: { wheels: '4x4', transmission: 'Механическая' },
  },
  // ── Зерноуборочные комбайны ──────────────────────────────────────────────────────────────────
  {
    id: 17, slug: 'rsm-torum', name: 'Torum', manufacturer: 'rostselmash', categoryId: 201, typeId: 2,
    description: 'Роторные комбайны Ростсельмаш для крупных хозяйств. Аксиальный ротор бережно обмолачивает зерно и справляется с влажной массой. Бункер до 12 000 л и выгрузка со скоростью до 120 л/с.',
    models: ['Torum 750', 'Torum 760', 'Torum 785'], size: [0.4, 0.55], text: { threshing: 'Роторный' },
  },
  {
    id: 18, slug: 'rsm-acros', name: 'Acros', manufacturer: 'rostselmash', categoryId: 202, typeId: 2,
    description: 'Клавишные комбайны пятого класса — самые популярные в России и Казахстане. Молотильный барабан 800 мм и система доочистки вороха. Работают на зерновых, зернобобовых и крупяных культурах.',
    models: ['Acros 550', 'Acros 585', 'Acros 595 Plus'], size: [0.12, 0.25], text: { threshing: 'Клавишный' },
  },
  {
    id: 19, slug: 'rsm-vector', name: 'Vector', manufacturer: 'rostselmash', categoryId: 202, typeId: 2,
    description: 'Компактные клавишные комбайны для средних и небольших хозяйств. Простые в управлении и обслуживании, работают на полях со сложным рельефом. Версия Track оснащена гусеничным ходом.',
    models: ['Vector 410', 'Vector 450', 'Vector 450 Track'], size: [0, 0.08], text: { threshing: 'Клавишный' },
  },
  {
    id: 20, slug: 'palesse', name: 'Палессе', manufacturer: 'gomselmash', categoryId: 202, typeId: 2,
    description: 'Зерноуборочные комбайны Гомсельмаш производительностью от 8 до 25 т/ч. Проверенная клавишная схема, надёжная гидравлика и просторная кабина. Приспособления для уборки кукурузы, подсолнечника и рапса.',
    models: ['Палессе GS812', 'Палессе GS10', 'Палессе GS12', 'Палессе GS16'], size: [0.03, 0.45], text: { threshing: 'Клавишный' },
  },
  {
    id: 21, slug: 'claas-lexion', name: 'CLAAS Lexion', manufacturer: 'claas', categoryId: 201, typeId: 2,
    description: 'Флагманские комбайны CLAAS с системой обмолота APS и сепарацией ротором ROTO PLUS. Бункер до 18 000 л, автоматическая настройка CEMOS. Высокая производительность на крупных массивах.',
    models: ['Lexion 6600', 'Lexion 6700', 'Lexion 6800', 'Lexion 6900', 'Lexion 7500', 'Lexion 8700', 'Lexion 8900'],
    size: [0.35, 1], text: { threshing: 'Гибридный' },
  },
  {
    id: 22, slug: 'john-deere-s700', name: 'John Deere S700', manufacturer: 'john-deere', categoryId: 201, typeId: 2,
    description: 'Роторные комбайны серии S700 с автоматической настройкой под культуру и условия уборки. Система Active Yield и картирование урожайности. Бункер до 14 100 л.',
    models: ['S760', 'S770', 'S780', 'S790'], size: [0.45, 0.85], text: { threshing: 'Роторный' },
  },
  {
    id: 23, slug: 'power-stream', name: 'Жатки Power Stream', manufacturer: 'rostselmash', categoryId: 251, typeId: 3,
    description: 'Зерновые жатки с ленточным транспортёром для равномерной подачи хлебной массы. Подходят для прямого комбайнирования зерновых и рапса. Агрегатируются с комбайнами Acros и Torum.',
    models: ['Power Stream 700', 'Power Stream 900', 'Power Stream 1100'],
    size: width(3.6, 13.7, { 'Power Stream 700': 7, 'Power Stream 900': 9, 'Power Stream 1100': 11 }), omit: ['rows'],
  },
  {
    id: 24, slug: 'claas-vario', name: 'Жатки CLAAS Vario', manufacturer: 'claas', categoryId: 251, typeId: 3,
    description: 'Зерновые жатки с регулируемым вылетом режущего аппарата на 700 мм. Подходят для зерновых с короткой и длинной соломой, а также для рапса без дополнительного стола.',
    models: ['Vario 770', 'Vario 930', 'Vario 1080', 'Vario 1230'],
    size: width(3.6, 13.7, { 'Vario 770': 7.7, 'Vario 930': 9.3, 'Vario 1080': 10.8, 'Vario 1230': 12.3 }), omit: ['rows'],
  },
  {
    id: 25, slug: 'palesse-pkk', name: 'Кукурузные жатки Палессе', manufacturer: 'gomselmash', categoryId: 252, typeId: 3,
    description: 'Жатки для уборки кукурузы на зерно с измельчением стеблей. Початкоотделяющие аппараты с регулировкой зазора и низкие потери початков.',
    models: ['ПКК-6-05', 'ПКК-8-05', 'ПКК-12-05'], size: [0.1, 0.6],
  },
  {
    id: 26, slug: 'klever-psp', name: 'Подсолнечные приставки Клевер', manufacturer: 'klever', categoryId: 253, typeId: 3,
    description: 'Приставки для уборки подсолнечника с минимальными потерями семян. Лотки и поддоны направляют корзинки к режущему аппарату, стебли остаются в поле.',
    models: ['ПСП-810', 'ПСП-1010', 'ПСП-1210'],
    size: width(3.6, 13.7, { 'ПСП-810': 8.1, 'ПСП-1010': 10.1, 'ПСП-1210': 12.1 }),
  },
  // ── Кормоуборочная техника ───────────────────────────────────────────────────────────────────
  {
    id: 27, slug: 'rsm-f', name: 'RSM F', manufacturer: 'rostselmash', categoryId: 301, typeId: 4,
    description: 'Самоходные кормоуборочные комбайны Ростсельмаш для заготовки силоса и сенажа. Измельчающий барабан с 24 ножами и доизмельчитель зерна. Производительность до 200 т/ч.',
    models: ['RSM F 1300', 'RSM F 2450', 'RSM F 2650'], size: [0.2, 0.6], text: { hitch: 'Самоходный' },
  },
  {
    id: 28, slug: 'claas-jaguar', name: 'CLAAS Jaguar', manufacturer: 'claas', categoryId: 301, typeId: 4,
    description: 'Самые продаваемые в мире кормоуборочные комбайны. Системы AUTO FILL и измерение влажности массы на ходу. Двигатели до 1100 л. с. для максимальной производительности.',
    models: ['Jaguar 930', 'Jaguar 940', 'Jaguar 960', 'Jaguar 980', 'Jaguar 990'], size: [0.4, 1], text: { hitch: 'Самоходный' },
  },
  {
    id: 29, slug: 'klever-kpk', name: 'Клевер КПК', manufacturer: 'klever', categoryId: 302, typeId: 4,
    description: 'Прицепные кормоуборочные комбайны для работы с тракторами от 150 л. с. Экономичная альтернатива самоходной технике для ферм среднего размера.',
    models: ['КПК-2000', 'КПК-2600', 'КПК-3000'], size: [0, 0.1], text: { hitch: 'Прицепной' }, omit: ['power', 'engine'],
  },
  // ── Посевная техника ─────────────────────────────────────────────────────────────────────────
  {
    id: 30, slug: 'amazone-d9', name: 'Amazone D9', manufacturer: 'amazone', categoryId: 451, typeId: 5,
    description: 'Механические навесные сеялки для посева зерновых, бобовых и трав. Точная дозировка катушечным высевающим аппаратом и сошники с постоянным давлением.',
    models: ['D9 3000', 'D9 4000', 'D9 6000-TC'], size: [0, 0.35], text: { hitch: 'Навесной' },
  },
  {
    id: 31, slug: 'amazone-cirrus', name: 'Amazone Cirrus', manufacturer: 'amazone', categoryId: 452, typeId: 5,
    description: 'Прицепные пневматические сеялки с дисковой бороной и прикатывающими катками. Предпосевная обработка и посев за один проход на скорости до 18 км/ч.',
    models: ['Cirrus 3003', 'Cirrus 4003', 'Cirrus 6003-2', 'Cirrus 6003-2CC'], size: [0.05, 0.45], text: { hitch: 'Прицепной' },
  },
  {
    id: 32, slug: 'vaderstad-rapid', name: 'Väderstad Rapid', manufacturer: 'vaderstad', categoryId: 452, typeId: 5,
    description: 'Универсальные сеялки для посева по традиционной и минимальной технологии. Система System Disc готовит ложе для семян, а прикатывающие колёса обеспечивают дружные всходы.',
    models: ['Rapid A 400S', 'Rapid A 600S', 'Rapid A 800S'], size: [0.15, 0.6], text: { hitch: 'Прицепной' },
  },
  {
    id: 33, slug: 'horsch-pronto', name: 'Horsch Pronto', manufacturer: 'horsch', categoryId: 453, typeId: 5,
    description: 'Сеялки прямого посева с двухдисковыми сошниками TurboDisc. Работают по стерне и мульче без предварительной обработки почвы, сохраняют влагу.',
    models: ['Pronto 3 DC', 'Pronto 4 DC', 'Pronto 6 DC', 'Pronto 9 DC'], size: [0.05, 0.7], text: { hitch: 'Прицепной' },
  },
  {
    id: 34, slug: 'vaderstad-tempo', name: 'Väderstad Tempo', manufacturer: 'vaderstad', categoryId: 402, typeId: 5,
    description: 'Сеялки точного высева для кукурузы, подсолнечника и сои на скорости до 20 км/ч. Электропривод высевающих аппаратов и отключение секций по GPS.',
    models: ['Tempo F 6', 'Tempo F 8', 'Tempo V 12', 'Tempo V 16'], size: [0.05, 0.5], text: { hitch: 'Навесной' },
  },
  {
    id: 35, slug: 'horsch-maestro', name: 'Horsch Maestro', manufacturer: 'horsch', categoryId: 402, typeId: 5,
    description: 'Пропашные сеялки с высокой точностью распределения семян. Гидравлическая регулировка давления на сошники и большой бункер для удобрений.',
    models: ['Maestro 8 CC', 'Maestro 12 CC', 'Maestro 16 SW', 'Maestro 24 SW'], size: [0.2, 0.9], text: { hitch: 'Прицепной' },
  },
  {
    id: 36, slug: 'bourgault-3320', name: 'Bourgault 3320 PHD', manufacturer: 'bourgault', categoryId: 403, typeId: 6,
    description: 'Посевные комплексы для засушливых регионов Казахстана, Сибири и Поволжья. Параллелограммные сошники копируют рельеф, а пневмобункер вносит семена и удобрения за один проход.',
    models: ['3320-40 PHD', '3320-50 PHD', '3320-60 PHD', '3320-76 PHD'], size: [0.25, 0.9],
  },
  {
    id: 37, slug: 'horsch-sprinter', name: 'Horsch Sprinter', manufacturer: 'horsch', categoryId: 403, typeId: 6,
    description: 'Широкозахватные посевные комплексы с анкерными сошниками для посева по минимальной технологии. Высокая производительность при малом тяговом сопротивлении.',
    models: ['Sprinter 8 ST', 'Sprinter 12 SW', 'Sprinter 16 SW'], size: [0.1, 0.45],
  },
  // ── Почвообработка ───────────────────────────────────────────────────────────────────────────
  {
    id: 38, slug: 'lemken-juwel', name: 'Lemken Juwel', manufacturer: 'lemken', categoryId: 551, typeId: 9,
    description: 'Оборотные навесные плуги с бесступенчатой регулировкой ширины захвата корпуса. Механизм оборота с амортизацией и защита от камней.',
    models: ['Juwel 6', 'Juwel 7', 'Juwel 8', 'Juwel 10'], size: [0.05, 0.5], text: { hitch: 'Навесной' },
  },
  {
    id: 39, slug: 'kverneland-pw', name: 'Kverneland PW', manufacturer: 'kverneland', categoryId: 552, typeId: 9,
    description: 'Полунавесные оборотные плуги на 7–9 корпусов для тракторов высокой мощности. Транспортное колесо совмещено с опорным, что упрощает разворот на краю поля.',
    models: ['PW 100 7', 'PW 100 8', 'PW 100 9'], size: [0.45, 0.7], text: { hitch: 'Полунавесной' },
  },
  {
    id: 40, slug: 'bdm-agro-chizel', name: 'Чизельные плуги БДМ-Агро', manufacturer: 'bdm-agro', categoryId: 553, typeId: 9,
    description: 'Чизельные плуги для глубокого рыхления без оборота пласта. Разрушают плужную подошву и улучшают влагонакопление.',
    models: ['ПЧ-2,5', 'ПЧ-4,5', 'ПЧ-5,5'], size: [0.1, 0.6],
  },
  {
    id: 41, slug: 'lemken-karat', name: 'Lemken Karat', manufacturer: 'lemken', categoryId: 554, typeId: 7,
    description: 'Интенсивные культиваторы для лущения стерни и основной обработки почвы на глубину до 30 см. Сменные рабочие органы под разные задачи.',
    models: ['Karat 9/300', 'Karat 9/400', 'Karat 12/500', 'Karat 12/600'], size: [0, 0.25],
  },
  {
    id: 42, slug: 'horsch-terrano', name: 'Horsch Terrano', manufacturer: 'horsch', categoryId: 554, typeId: 7,
    description: 'Тяжёлые культиваторы для работы на глубине от 5 до 30 см. Три или четыре ряда стоек и выравнивающие диски дают ровную поверхность поля.',
    models: ['Terrano 3 FX', 'Terrano 4 FX', 'Terrano 5 FM', 'Terrano 6 FM', 'Terrano 8 MT'], size: [0, 0.4],
  },
  {
    id: 43, slug: 'bdm-agro-krn', name: 'Культиваторы КРН', manufacturer: 'bdm-agro', categoryId: 555, typeId: 7,
    description: 'Междурядные культиваторы для пропашных культур с внесением удобрений. Защитные диски берегут растения, параллелограммная подвеска держит глубину.',
    models: ['КРН-4,2', 'КРН-5,6', 'КРН-8,4'], size: [0.05, 0.4], text: { hitch: 'Навесной' },
  },
  {
    id: 44, slug: 'bdm-agro-bdm', name: 'БДМ', manufacturer: 'bdm-agro', categoryId: 502, typeId: 8,
    description: 'Дисковые бороны-лущильники российского производства. Индивидуальная подвеска дисков и необслуживаемые подшипники. Заделывают пожнивные остатки и выравнивают поле.',
    models: ['БДМ 3х2П', 'БДМ 4х4П', 'БДМ 6х4П', 'БДМ 8х4ПК'], size: [0.05, 0.45], text: { hitch: 'Прицепной' },
  },
  {
    id: 45, slug: 'vaderstad-carrier', name: 'Väderstad Carrier', manufacturer: 'vaderstad', categoryId: 502, typeId: 8,
    description: 'Короткие дисковые бороны для мелкого лущения на высокой скорости. Диски CrossCutter и прикатывающий каток за один проход.',
    models: ['Carrier 300', 'Carrier 425', 'Carrier 625', 'Carrier 820', 'Carrier XL 1225'], size: [0.05, 0.8],
  },
  {
    id: 46, slug: 'amazone-catros', name: 'Amazone Catros', manufacturer: 'amazone', categoryId: 502, typeId: 8,
    description: 'Компактные дисковые бороны для поверхностной обработки почвы. Дисковые элементы на резиновых амортизаторах защищены от перегрузок.',
    models: ['Catros 3003', 'Catros 4003-2', 'Catros 6003-2', 'Catros 9003-2TX'], size: [0.05, 0.55],
  },
  {
    id: 47, slug: 'lemken-rubin', name: 'Lemken Rubin', manufacturer: 'lemken', categoryId: 510, typeId: 8,
    description: 'Компактные лущильники с крупными дисками диаметром 620–736 мм. Интенсивное перемешивание растительных остатков с почвой на глубине до 20 см.',
    models: ['Rubin 10/300', 'Rubin 10/400', 'Rubin 12/500', 'Rubin 12/600'], size: [0.05, 0.3],
  },
  {
    id: 48, slug: 'kverneland-clc', name: 'Kverneland CLC Pro', manufacturer: 'kverneland', categoryId: 504, typeId: 7,
    description: 'Глубокорыхлители-культиваторы для обработки на глубину до 35 см. Стойки с пружинной защитой и выравнивающие диски подготавливают поле без оборота пласта.',
    models: ['CLC Pro 300', 'CLC Pro 400', 'CLC Pro 500'], size: [0, 0.15],
  },
  // ── Опрыскиватели ────────────────────────────────────────────────────────────────────────────
  {
    id: 49, slug: 'pegas-agro-tuman', name: 'Туман', manufacturer: 'pegas-agro', categoryId: 601, typeId: 10,
    description: 'Самоходные опрыскиватели на шинах низкого давления. Лёгкая машина не оставляет колеи и выходит в поле раньше другой техники. Вносит гербициды, фунгициды и жидкие удобрения.',
    models: ['Туман-1М', 'Туман-2', 'Туман-3'], size: [0.05, 0.35], text: { hitch: 'Самоходный' }, omit: ['tractorPower'],
  },
  {
    id: 50, slug: 'john-deere-r4', name: 'John Deere R4', manufacturer: 'john-deere', categoryId: 601, typeId: 10,
    description: 'Самоходные опрыскиватели с подвеской штанги BoomTrac и системой отключения форсунок ExactApply. Бак до 6000 л и клиренс 1,2 м для работы по высоким культурам.',
    models: ['R4030', 'R4040i', 'R4050i'], size: [0.55, 0.9], text: { hitch: 'Самоходный' },
  },
  {
    id: 51, slug: 'amazone-ux', name: 'Amazone UX', manufacturer: 'amazone', categoryId: 602, typeId: 10,
    description: 'Прицепные опрыскиватели с баком от 3200 до 6200 л и штангами до 40 м. Автоматическое ведение штанги DistanceControl и секционное отключение по GPS.',
    models: ['UX 3200 Special', 'UX 4200 Special', 'UX 5200 Super', 'UX 6200 Super'], size: [0.35, 0.75], text: { hitch: 'Прицепной' }, omit: ['power'],
  },
  {
    id: 52, slug: 'kverneland-ixter', name: 'Kverneland iXter B', manufacturer: 'kverneland', categoryId: 603, typeId: 10,
    description: 'Навесные опрыскиватели для небольших и средних полей. Компактная конструкция, бак из полиэтилена и штанги от 12 до 24 м.',
    models: ['iXter B13', 'iXter B18', 'iXter B20'], size: [0, 0.2], text: { hitch: 'Навесной' }, omit: ['power'],
  },
  // ── Внесение удобрений ───────────────────────────────────────────────────────────────────────
  {
    id: 53, slug: 'amazone-za-ts', name: 'Amazone ZA-TS', manufacturer: 'amazone', categoryId: 901, typeId: 11,
    description: 'Навесные двухдисковые разбрасыватели минеральных удобрений с шириной внесения до 54 м. Взвешивающая система и граничное внесение без потерь.',
    models: ['ZA-TS 1400', 'ZA-TS 2000', 'ZA-TS 3200', 'ZA-TS 4200'], size: [0.05, 0.3], text: { hitch: 'Навесной' },
  },
  {
    id: 54, slug: 'amazone-zg-ts', name: 'Amazone ZG-TS', manufacturer: 'amazone', categoryId: 901, typeId: 11,
    description: 'Прицепные разбрасыватели удобрений с бункером до 10 000 л для крупных хозяйств. Конвейерная подача и точная дозировка на скорости до 30 км/ч.',
    models: ['ZG-TS 5500', 'ZG-TS 7501', 'ZG-TS 10001'], size: [0.35, 0.65], text: { hitch: 'Прицепной' },
  },
  {
    id: 55, slug: 'kuhn-prospread', name: 'Kuhn ProSpread', manufacturer: 'kuhn', categoryId: 902, typeId: 11,
    description: 'Разбрасыватели органических удобрений с вертикальными битерами. Равномерно распределяют навоз, компост и помёт на ширину до 24 м.',
    models: ['ProSpread 4541', 'ProSpread 5041', 'ProSpread 6041'], size: [0.6, 0.9], text: { hitch: 'Прицепной' },
  },
  // ── Заготовка кормов ─────────────────────────────────────────────────────────────────────────
  {
    id: 56, slug: 'kuhn-gmd', name: 'Kuhn GMD', manufacturer: 'kuhn', categoryId: 751, typeId: 13,
    description: 'Дисковые косилки с режущим брусом Optidisc. Быстрая замена ножей и защита дисков от ударов о камни. Подходят для скашивания трав на неровных полях.',
    models: ['GMD 280', 'GMD 310', 'GMD 3525', 'GMD 8730'],
    size: width(1.65, 9.5, { 'GMD 280': 2.8, 'GMD 310': 3.1, 'GMD 3525': 3.5, 'GMD 8730': 8.7 }),
  },
  {
    id: 57, slug: 'kuhn-pz', name: 'Kuhn PZ', manufacturer: 'kuhn', categoryId: 752, typeId: 13,
    description: 'Барабанные косилки для скашивания полеглых и густых трав. Простая конструкция, высокая надёжность и ровный валок.',
    models: ['PZ 170', 'PZ 190', 'PZ 220'], size: [0, 0.08], text: { hitch: 'Навесной' },
  },
  {
    id: 58, slug: 'kverneland-5000', name: 'Kverneland 5000', manufacturer: 'kverneland', categoryId: 753, typeId: 13,
    description: 'Косилки-плющилки с пальцевым или вальцовым кондиционером. Ускоряют высыхание массы и позволяют заготовить сено на день раньше.',
    models: ['5087 M', '5090 M', '5095 MN'], size: [0.1, 0.3],
  },
  {
    id: 59, slug: 'kuhn-vb', name: 'Kuhn VB', manufacturer: 'kuhn', categoryId: 754, typeId: 12,
    description: 'Рулонные пресс-подборщики с переменной камерой прессования. Плотные рулоны диаметром до 1,6 м из сена, сенажа и соломы.',
    models: ['VB 2160', 'VB 2190', 'VB 3160', 'VB 3190'], size: [0.2, 0.5], text: { chamber: 'Переменная' },
  },
  {
    id: 60, slug: 'claas-rollant', name: 'CLAAS Rollant', manufacturer: 'claas', categoryId: 754, typeId: 12,
    description: 'Рулонные пресс-подборщики с постоянной камерой и вальцами. Ротор с измельчителем и система обмотки сеткой или плёнкой.',
    models: ['Rollant 455', 'Rollant 520', 'Rollant 540', 'Rollant 620'], size: [0.1, 0.45], text: { chamber: 'Постоянная', baleSize: '1,2 × 1,5 м' },
  },
  {
    id: 61, slug: 'claas-markant', name: 'CLAAS Markant', manufacturer: 'claas', categoryId: 755, typeId: 12,
    description: 'Тюковые пресс-подборщики малых тюков для ферм и конюшен. Плотные тюки удобно грузить вручную и хранить.',
    models: ['Markant 40', 'Markant 55', 'Markant 65'], size: [0, 0.15], text: { chamber: 'Постоянная', baleSize: '0,36 × 0,46 × 1,2 м' },
  },
  {
    id: 62, slug: 'claas-quadrant', name: 'CLAAS Quadrant', manufacturer: 'claas', categoryId: 756, typeId: 12,
    description: 'Пресс-подборщики крупных прямоугольных тюков для заготовки соломы и сена в больших объёмах. Плотность прессования до 200 кг/м³.',
    models: ['Quadrant 4200', 'Quadrant 5200', 'Quadrant 5300'], size: [0.7, 1], text: { chamber: 'Постоянная', baleSize: '1,2 × 0,9 × 2,7 м' },
  },
  // ── Погрузчики ───────────────────────────────────────────────────────────────────────────────
  {
    id: 63, slug: 'claas-scorpion', name: 'CLAAS Scorpion', manufacturer: 'claas', categoryId: 801, typeId: 14,
    description: 'Телескопические погрузчики для ферм и зернотоков. Гидростатическая трансмиссия VARIPOWER и стрела с высотой подъёма до 9,5 м.',
    models: ['Scorpion 635', 'Scorpion 741', 'Scorpion 746', 'Scorpion 960'], size: [0.55, 0.95], text: { transmission: 'Гидростатическая' },
  },
  {
    id: 64, slug: 'amkodor-tp', name: 'Амкодор ТП', manufacturer: 'amkodor', categoryId: 801, typeId: 14,
    description: 'Телескопические погрузчики белорусского производства для погрузки зерна, удобрений и рулонов. Быстросменные рабочие органы и полный привод.',
    models: ['Амкодор ТП-3', 'Амкодор ТП-3,5', 'Амкодор ТП-4'], size: [0.45, 0.7], text: { transmission: 'Гидростатическая' },
  },
  {
    id: 65, slug: 'amkodor-frontalnye', name: 'Амкодор фронтальные', manufacturer: 'amkodor', categoryId: 802, typeId: 14,
    description: 'Фронтальные погрузчики с шарнирно-сочленённой рамой для складов, элеваторов и животноводческих комплексов. Ковши от 1,9 до 3,4 м³.',
    models: ['Амкодор 332В', 'Амкодор 342В', 'Амкодор 352'], size: [0.5, 1], text: { transmission: 'Powershift' },
  },
  {
    id: 66, slug: 'amkodor-mini', name: 'Амкодор мини', manufacturer: 'amkodor', categoryId: 803, typeId: 14,
    description: 'Мини-погрузчики с бортовым поворотом для ферм и коммунальных работ. Разворачиваются на месте и работают в тесных помещениях.',
    models: ['Амкодор 208В', 'Амкодор 211', 'Амкодор 214'], size: [0, 0.2], text: { transmission: 'Гидростатическая' },
  },
  // ── Прицепы и транспорт ──────────────────────────────────────────────────────────────────────
  {
    id: 67, slug: 'tonar-traktornye', name: 'Тонар тракторные', manufacturer: 'tonar', categoryId: 1001, typeId: 15,
    description: 'Самосвальные тракторные прицепы для перевозки зерна, удобрений и силоса. Трёхсторонняя разгрузка и усиленная рама.',
    models: ['Тонар 8523', 'Тонар 8525', 'Тонар 8526'], size: [0.1, 0.4],
  },
  {
    id: 68, slug: 'mecmar-d', name: 'Mecmar D', manufacturer: 'mecmar', categoryId: 1001, typeId: 15,
    description: 'Итальянские прицепы-самосвалы с задней разгрузкой и гидравлическим бортом. Рессорная подвеска и пневматические тормоза.',
    models: ['Mecmar D 16.35', 'Mecmar D 20.40', 'Mecmar D 22.50'], size: [0.2, 0.5],
  },
  {
    id: 69, slug: 'tonar-ppb', name: 'Тонар ППБ', manufacturer: 'tonar', categoryId: 1002, typeId: 15,
    description: 'Бункеры-перегрузчики для непрерывной уборки: комбайн выгружает зерно на ходу, а перегрузчик доставляет его к краю поля. Шнек производительностью до 600 т/ч.',
    models: ['ППБ-20', 'ППБ-25', 'ППБ-32'], size: [0.4, 0.75],
  },
  {
    id: 70, slug: 'tonar-zernovozy', name: 'Тонар зерновозы', manufacturer: 'tonar', categoryId: 1004, typeId: 15,
    description: 'Полуприцепы-зерновозы для перевозки зерна от поля до элеватора. Лёгкая рама и кузов объёмом до 60 м³.',
    models: ['Тонар 95231', 'Тонар 95234', 'Тонар 97461'], size: [0.75, 1],
  },
  // ── Зерносушилки и прочее ────────────────────────────────────────────────────────────────────
  {
    id: 71, slug: 'mecmar-s', name: 'Mecmar S', manufacturer: 'mecmar', categoryId: 1153, typeId: 16,
    description: 'Мобильные зерносушилки периодического действия. Переезжают между токами и подключаются к трактору или электросети. Сушат зерно, кукурузу и подсолнечник.',
    models: ['Mecmar S 17/160', 'Mecmar S 20/200', 'Mecmar S 24/280'], size: [0.05, 0.3], text: { hitch: 'Мобильная' },
  },
  {
    id: 72, slug: 'kuhn-bp', name: 'Kuhn BP', manufacturer: 'kuhn', categoryId: 1201, typeId: 17,
    description: 'Мульчеры для измельчения пожнивных остатков, кустарника и обрезков веток. Молотковые ножи и задний каток выравнивают поверхность.',
    models: ['BP 8280', 'BP 8300', 'BPR 305 PRO'], size: [0.25, 0.45],
  },
];
