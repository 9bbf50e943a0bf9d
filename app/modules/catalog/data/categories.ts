import type { CategorySeed } from './types.ts';

/**
 * Demo content: the machinery catalogue tree, loaded only in demo mode (catalog.seed.server.ts).
 * ids: top categories 1..12; subcategories N*100 + 1..49 (N = top id); second-level children N*100 + 51..99.
 * slugs: Latin transliteration, unique over the whole tree.
 */
export const CATEGORIES: CategorySeed[] = [
  {
    id: 1, slug: 'traktory', name: 'Тракторы', icon: 'tractor',
    banner: {
      bgType: 'IMG', imagePath: '/images/banners/traktory.jpg', color: null,
      title: 'Тракторы для любых задач',
      text: 'Колёсные и гусеничные тракторы мощностью от 50 до 600 л. с. с гарантией и сервисом в вашем регионе.',
      btnTitle: 'Смотреть модели', btnLink: '/catalog/traktory',
    },
    children: [
      {
        id: 101, slug: 'traktory-kolesnye', name: 'Колёсные тракторы', icon: 'tractor',
        children: [
          { id: 151, slug: 'traktory-do-100-ls', name: 'Тракторы до 100 л. с.', icon: 'tractor' },
          { id: 152, slug: 'traktory-100-250-ls', name: 'Тракторы 100–250 л. с.', icon: 'tractor' },
          { id: 153, slug: 'traktory-svyshe-250-ls', name: 'Тракторы свыше 250 л. с.', icon: 'tractor' },
        ],
      },
      { id: 102, slug: 'traktory-gusenichnye', name: 'Гусеничные тракторы', icon: 'tractor' },
      { id: 103, slug: 'traktory-propashnye', name: 'Пропашные тракторы', icon: 'tractor' },
      { id: 104, slug: 'traktory-sadovye-i-vinogradnikovye', name: 'Садовые и виноградниковые тракторы', icon: 'tractor' },
      { id: 105, slug: 'minitraktory', name: 'Минитракторы', icon: 'tractor' },
      { id: 106, slug: 'navesnoe-oborudovanie-dlya-traktorov', name: 'Навесное оборудование для тракторов', icon: 'other' },
      { id: 107, slug: 'shiny-i-kolesa', name: 'Шины и колёса', icon: 'other' },
    ],
  },
  {
    id: 2, slug: 'zernouborochnye-kombajny', name: 'Зерноуборочные комбайны', icon: 'combine',
    banner: {
      bgType: 'COLOR', imagePath: null, color: '#1F4D2B',
      title: 'Готовимся к уборке заранее',
      text: 'Закажите комбайн до конца весны и получите скидку на жатку и бесплатную предсезонную подготовку.',
      btnTitle: 'Подробнее', btnLink: '/akcii',
    },
    children: [
      { id: 201, slug: 'kombajny-rotornye', name: 'Роторные комбайны', icon: 'combine' },
      { id: 202, slug: 'kombajny-klavishnye', name: 'Клавишные комбайны', icon: 'combine' },
      {
        id: 203, slug: 'zhatki', name: 'Жатки', icon: 'combine',
        children: [
          { id: 251, slug: 'zhatki-zernovye', name: 'Зерновые жатки', icon: 'combine' },
          { id: 252, slug: 'zhatki-kukuruznye', name: 'Кукурузные жатки', icon: 'combine' },
          { id: 253, slug: 'podsolnechnye-pristavki', name: 'Подсолнечные приставки', icon: 'combine' },
          { id: 254, slug: 'podborshchiki-valkov', name: 'Подборщики валков', icon: 'combine' },
        ],
      },
      { id: 204, slug: 'telezhki-dlya-zhatok', name: 'Тележки для жаток', icon: 'trailer' },
      { id: 205, slug: 'izmelchiteli-solomy', name: 'Измельчители соломы', icon: 'combine' },
    ],
  },
  {
    id: 3, slug: 'kormouborochnaya-tehnika', name: 'Кормоуборочная техника', icon: 'forage',
    children: [
      { id: 301, slug: 'kormouborochnye-kombajny-samohodnye', name: 'Самоходные кормоуборочные комбайны', icon: 'forage' },
      { id: 302, slug: 'kormouborochnye-kombajny-pricepnye', name: 'Прицепные кормоуборочные комбайны', icon: 'forage' },
      { id: 303, slug: 'kukuruznye-zhatki-dlya-kormouborochnyh-kombajnov', name: 'Кукурузные жатки для кормоуборочных комбайнов', icon: 'forage' },
      { id: 304, slug: 'travyanye-podborshchiki', name: 'Травяные подборщики', icon: 'forage' },
    ],
  },
  {
    id: 4, slug: 'posevnaya-tehnika', name: 'Посевная техника', icon: 'seeder',
    banner: {
      bgType: 'IMG', imagePath: '/images/banners/posevnaya-tehnika.jpg', color: null,
      title: 'Посевная без простоев',
      text: 'Сеялки и посевные комплексы в наличии на складах филиалов с доставкой до хозяйства.',
      btnTitle: 'Смотреть модели', btnLink: '/catalog/posevnaya-tehnika',
    },
    children: [
      {
        id: 401, slug: 'seyalki-zernovye', name: 'Зерновые сеялки', icon: 'seeder',
        children: [
          { id: 451, slug: 'seyalki-mehanicheskie', name: 'Механические сеялки', icon: 'seeder' },
          { id: 452, slug: 'seyalki-pnevmaticheskie', name: 'Пневматические сеялки', icon: 'seeder' },
          { id: 453, slug: 'seyalki-pryamogo-poseva', name: 'Сеялки прямого посева', icon: 'seeder' },
        ],
      },
      { id: 402, slug: 'seyalki-tochnogo-vyseva', name: 'Сеялки точного высева', icon: 'seeder' },
      { id: 403, slug: 'posevnye-kompleksy', name: 'Посевные комплексы', icon: 'seeder' },
      { id: 404, slug: 'kartofelesazhalki', name: 'Картофелесажалки', icon: 'seeder' },
      { id: 405, slug: 'rassadoposadochnye-mashiny', name: 'Рассадопосадочные машины', icon: 'seeder' },
      { id: 406, slug: 'seyalki-dlya-trav', name: 'Сеялки для трав', icon: 'seeder' },
    ],
  },
  {
    id: 5, slug: 'pochvoobrabotka', name: 'Почвообработка', icon: 'tillage',
    children: [
      {
        id: 501, slug: 'plugi', name: 'Плуги', icon: 'tillage',
        children: [
          { id: 551, slug: 'plugi-oborotnye', name: 'Оборотные плуги', icon: 'tillage' },
          { id: 552, slug: 'plugi-polunavesnye', name: 'Полунавесные плуги', icon: 'tillage' },
          { id: 553, slug: 'plugi-chizelnye', name: 'Чизельные плуги', icon: 'tillage' },
        ],
      },
      { id: 502, slug: 'diskovye-borony', name: 'Дисковые бороны', icon: 'tillage' },
      {
        id: 503, slug: 'kultivatory', name: 'Культиваторы', icon: 'tillage',
        children: [
          { id: 554, slug: 'kultivatory-sploshnoj-obrabotki', name: 'Культиваторы сплошной обработки', icon: 'tillage' },
          { id: 555, slug: 'kultivatory-mezhduryadnye', name: 'Междурядные культиваторы', icon: 'tillage' },
        ],
      },
      { id: 504, slug: 'glubokoryhliteli', name: 'Глубокорыхлители', icon: 'tillage' },
      { id: 505, slug: 'katki', name: 'Катки', icon: 'tillage' },
      { id: 506, slug: 'borony-zubovye', name: 'Зубовые бороны', icon: 'tillage' },
      { id: 507, slug: 'borony-pruzhinnye', name: 'Пружинные бороны', icon: 'tillage' },
      { id: 508, slug: 'kombinirovannye-agregaty', name: 'Комбинированные агрегаты', icon: 'tillage' },
      { id: 509, slug: 'pochvennye-frezy', name: 'Почвенные фрезы', icon: 'tillage' },
      { id: 510, slug: 'lushchilniki', name: 'Лущильники', icon: 'tillage' },
      { id: 511, slug: 'borony-motygi', name: 'Бороны-мотыги', icon: 'tillage' },
    ],
  },
  {
    id: 6, slug: 'opryskivateli', name: 'Опрыскиватели', icon: 'sprayer',
    banner: {
      bgType: 'COLOR', imagePath: null, color: '#2E5E3A',
      title: 'Защита растений точно в срок',
      text: 'Прицепные и самоходные опрыскиватели с секционным отключением и системой параллельного вождения.',
      btnTitle: 'Смотреть модели', btnLink: '/catalog/opryskivateli',
    },
    children: [
      { id: 601, slug: 'opryskivateli-samohodnye', name: 'Самоходные опрыскиватели', icon: 'sprayer' },
      { id: 602, slug: 'opryskivateli-pricepnye', name: 'Прицепные опрыскиватели', icon: 'sprayer' },
      { id: 603, slug: 'opryskivateli-navesnye', name: 'Навесные опрыскиватели', icon: 'sprayer' },
      { id: 604, slug: 'opryskivateli-sadovye', name: 'Садовые (вентиляторные) опрыскиватели', icon: 'sprayer' },
      { id: 605, slug: 'forsunki-i-komplektuyushchie', name: 'Форсунки и комплектующие', icon: 'other' },
    ],
  },
  {
    id: 7, slug: 'tehnika-dlya-zagotovki-kormov', name: 'Техника для заготовки кормов', icon: 'hay',
    banner: {
      bgType: 'IMG', imagePath: '/images/banners/zagotovka-kormov.jpg', color: null,
      title: 'Сенокос начинается здесь',
      text: 'Косилки, грабли и пресс-подборщики для заготовки качественного сена и сенажа.',
      btnTitle: 'Подробнее', btnLink: '/catalog/tehnika-dlya-zagotovki-kormov',
    },
    children: [
      {
        id: 701, slug: 'kosilki', name: 'Косилки', icon: 'hay',
        children: [
          { id: 751, slug: 'kosilki-diskovye', name: 'Дисковые косилки', icon: 'hay' },
          { id: 752, slug: 'kosilki-barabannye', name: 'Барабанные косилки', icon: 'hay' },
          { id: 753, slug: 'kosilki-plyushchilki', name: 'Косилки-плющилки', icon: 'hay' },
        ],
      },
      { id: 702, slug: 'voroshilki', name: 'Ворошилки', icon: 'hay' },
      { id: 703, slug: 'valkoobrazovateli', name: 'Валкообразователи', icon: 'hay' },
      {
        id: 704, slug: 'press-podborshchiki', name: 'Пресс-подборщики', icon: 'hay',
        children: [
          { id: 754, slug: 'press-podborshchiki-rulonnye', name: 'Рулонные пресс-подборщики', icon: 'hay' },
          { id: 755, slug: 'press-podborshchiki-tyukovye', name: 'Тюковые пресс-подборщики', icon: 'hay' },
          { id: 756, slug: 'press-podborshchiki-krupnogabaritnye', name: 'Крупногабаритные пресс-подборщики', icon: 'hay' },
        ],
      },
      { id: 705, slug: 'obmotchiki-rulonov', name: 'Обмотчики рулонов', icon: 'hay' },
      { id: 706, slug: 'kormosmesiteli', name: 'Кормосмесители', icon: 'trailer' },
      { id: 707, slug: 'izmelchiteli-rulonov', name: 'Измельчители рулонов', icon: 'hay' },
    ],
  },
  {
    id: 8, slug: 'pogruzchiki', name: 'Погрузчики и телескопические погрузчики', icon: 'loader',
    children: [
      { id: 801, slug: 'pogruzchiki-teleskopicheskie', name: 'Телескопические погрузчики', icon: 'loader' },
      { id: 802, slug: 'pogruzchiki-frontalnye', name: 'Фронтальные погрузчики', icon: 'loader' },
      { id: 803, slug: 'mini-pogruzchiki', name: 'Мини-погрузчики', icon: 'loader' },
      { id: 804, slug: 'pogruzchiki-vilochnye', name: 'Вилочные погрузчики', icon: 'loader' },
      { id: 805, slug: 'frontalnye-pogruzchiki-dlya-traktorov', name: 'Фронтальные погрузчики для тракторов', icon: 'loader' },
      {
        id: 806, slug: 'navesnoe-oborudovanie-dlya-pogruzchikov', name: 'Навесное оборудование для погрузчиков', icon: 'loader',
        children: [
          { id: 851, slug: 'kovshi', name: 'Ковши', icon: 'loader' },
          { id: 852, slug: 'vily-dlya-poddonov', name: 'Вилы для поддонов', icon: 'loader' },
          { id: 853, slug: 'zahvaty-dlya-rulonov', name: 'Захваты для рулонов', icon: 'loader' },
          { id: 854, slug: 'vily-dlya-navoza', name: 'Вилы для навоза', icon: 'loader' },
          { id: 855, slug: 'otvaly-snegovye', name: 'Снеговые отвалы', icon: 'loader' },
        ],
      },
    ],
  },
  {
    id: 9, slug: 'tehnika-dlya-vneseniya-udobrenij', name: 'Техника для внесения удобрений', icon: 'spreader',
    banner: {
      bgType: 'COLOR', imagePath: null, color: '#8A4B1F',
      title: 'Лизинг на выгодных условиях',
      text: 'Разбрасыватели удобрений в лизинг с авансом от 10 % и сроком до пяти лет.',
      btnTitle: 'Узнать условия', btnLink: '/lizing',
    },
    children: [
      { id: 901, slug: 'razbrasyvateli-mineralnyh-udobrenij', name: 'Разбрасыватели минеральных удобрений', icon: 'spreader' },
      { id: 902, slug: 'razbrasyvateli-organicheskih-udobrenij', name: 'Разбрасыватели органических удобрений', icon: 'spreader' },
      { id: 903, slug: 'cisterny-dlya-zhidkogo-navoza', name: 'Цистерны для жидкого навоза', icon: 'spreader' },
      { id: 904, slug: 'vnesenie-zhidkih-udobrenij', name: 'Машины для внесения жидких удобрений', icon: 'spreader' },
    ],
  },
  {
    id: 10, slug: 'pricepy-i-transport', name: 'Прицепы и транспорт', icon: 'trailer',
    children: [
      { id: 1001, slug: 'pricepy-samosvalnye', name: 'Самосвальные тракторные прицепы', icon: 'trailer' },
      { id: 1002, slug: 'bunkery-peregruzchiki', name: 'Бункеры-перегрузчики', icon: 'trailer' },
      { id: 1003, slug: 'pricepy-dlya-rulonov', name: 'Прицепы-платформы для рулонов', icon: 'trailer' },
      { id: 1004, slug: 'polupricepy-zernovozy', name: 'Полуприцепы-зерновозы', icon: 'trailer' },
      { id: 1005, slug: 'cisterny-dlya-vody', name: 'Цистерны для воды', icon: 'trailer' },
    ],
  },
  {
    id: 11, slug: 'zernosushilki-i-hranenie', name: 'Зерносушилки и хранение', icon: 'dryer',
    children: [
      {
        id: 1101, slug: 'zernosushilki', name: 'Зерносушилки', icon: 'dryer',
        children: [
          { id: 1151, slug: 'zernosushilki-shahtnye', name: 'Шахтные зерносушилки', icon: 'dryer' },
          { id: 1152, slug: 'zernosushilki-kolonkovye', name: 'Колонковые зерносушилки', icon: 'dryer' },
          { id: 1153, slug: 'zernosushilki-mobilnye', name: 'Мобильные зерносушилки', icon: 'dryer' },
        ],
      },
      { id: 1102, slug: 'zernoochistitelnye-mashiny', name: 'Зерноочистительные машины', icon: 'dryer' },
      { id: 1103, slug: 'silosy-dlya-zerna', name: 'Силосы для хранения зерна', icon: 'dryer' },
      { id: 1104, slug: 'transportery-i-norii', name: 'Транспортёры и нории', icon: 'dryer' },
      { id: 1105, slug: 'zernomety', name: 'Зерномёты', icon: 'dryer' },
      { id: 1106, slug: 'zernovye-rukava', name: 'Зерновые рукава и упаковщики', icon: 'dryer' },
    ],
  },
  {
    id: 12, slug: 'prochaya-tehnika', name: 'Прочая техника', icon: 'other',
    children: [
      { id: 1201, slug: 'mulchery', name: 'Мульчеры', icon: 'other' },
      { id: 1202, slug: 'kosilki-izmelchiteli', name: 'Косилки-измельчители', icon: 'other' },
      { id: 1203, slug: 'kartofeleuborochnaya-tehnika', name: 'Картофелеуборочная техника', icon: 'other' },
      { id: 1204, slug: 'kommunalnaya-tehnika', name: 'Коммунальная техника', icon: 'other' },
      { id: 1205, slug: 'snegouborochnoe-oborudovanie', name: 'Снегоуборочное оборудование', icon: 'other' },
      { id: 1206, slug: 'generatory', name: 'Генераторы', icon: 'other' },
      {
        id: 1207, slug: 'sistemy-tochnogo-zemledeliya', name: 'Системы точного земледелия', icon: 'other',
        children: [
          { id: 1251, slug: 'sistemy-parallelnogo-vozhdeniya', name: 'Системы параллельного вождения', icon: 'other' },
          { id: 1252, slug: 'avtopiloty', name: 'Автопилоты', icon: 'other' },
        ],
      },
      { id: 1208, slug: 'tehnika-s-probegom', name: 'Техника с пробегом', icon: 'other' },
      { id: 1209, slug: 'zapasnye-chasti', name: 'Запасные части', icon: 'other' },
    ],
  },
];
