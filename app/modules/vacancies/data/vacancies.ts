/**
 * Demo content of the vacancies (ADR 092), loaded only in demo mode: the branches with a vacancies
 * page (their slug and a made-up HR address) and vacancies in several of them, of every direction.
 * Branch ids are the demo branches' (regions/data/branches.ts); salaries in whole units.
 */

export interface BranchHrSeed { branchId: number; alias: string; hrEmail: string }

export const BRANCH_HR: readonly BranchHrSeed[] = [
  { branchId: 1, alias: 'smolensk', hrEmail: 'hr.smolensk@agrotechnika.example' },
  { branchId: 2, alias: 'krasnodar', hrEmail: 'hr.krasnodar@agrotechnika.example' },
  { branchId: 3, alias: 'rostov', hrEmail: 'hr.rostov@agrotechnika.example' },
  { branchId: 5, alias: 'voronezh', hrEmail: 'hr.voronezh@agrotechnika.example' },
  { branchId: 24, alias: 'astana', hrEmail: 'hr.astana@agrotechnika.example' },
];

export interface VacancySeed {
  branchId: number;
  direction: 'servis' | 'prodazhi' | 'zapchasti' | 'ofis';
  slug: string;
  title: string;
  city?: string;
  lead: string;
  salaryFrom?: number;
  salaryTo?: number;
  employment?: 'full_time' | 'part_time' | 'temporary' | 'internship';
  schedule: string;
  duties: string[];
  requirements: string[];
  conditions: string[];
  daysAgo: number;
  draft?: boolean;
}

const COMMON_CONDITIONS = [
  'Официальное оформление по ТК РФ с первого дня',
  'Белая зарплата два раза в месяц',
  'Обучение у производителей техники за счёт компании',
  'ДМС после испытательного срока',
];

export const VACANCIES: readonly VacancySeed[] = [
  {
    branchId: 1, direction: 'servis', slug: 'inzhener-servisa-smolensk', title: 'Сервисный инженер по тракторам',
    lead: 'Выездной и стационарный ремонт тракторов и комбайнов клиентов филиала, гарантийное обслуживание.',
    salaryFrom: 90_000, salaryTo: 140_000, schedule: '5/2, 08:00–17:00, выезды по области',
    duties: ['Диагностика и ремонт тракторов John Deere, CLAAS, Kirovets', 'Гарантийное и плановое техническое обслуживание', 'Выезды к клиентам на сервисном автомобиле', 'Оформление актов и заказ-нарядов'],
    requirements: ['Опыт ремонта сельхозтехники от 2 лет', 'Знание гидравлики и электрики', 'Права категории B'],
    conditions: [...COMMON_CONDITIONS, 'Служебный автомобиль и инструмент'], daysAgo: 3,
  },
  {
    branchId: 1, direction: 'prodazhi', slug: 'menedzher-po-prodazham-tehniki-smolensk', title: 'Менеджер по продажам сельхозтехники',
    lead: 'Продажи тракторов, комбайнов и навесного оборудования хозяйствам Смоленской области.',
    salaryFrom: 70_000, schedule: '5/2, 08:00–17:00',
    duties: ['Работа с хозяйствами региона: встречи, демонстрации техники', 'Подготовка коммерческих предложений и договоров', 'Участие в выставках и днях поля'],
    requirements: ['Опыт продаж в B2B от 1 года', 'Готовность к командировкам по области'],
    conditions: [...COMMON_CONDITIONS, 'Процент от продаж без потолка'], daysAgo: 10,
  },
  {
    branchId: 1, direction: 'ofis', slug: 'buhgalter-smolensk', title: 'Бухгалтер по расчётам с поставщиками',
    lead: 'Учёт поступлений техники и запчастей в головном офисе.', salaryFrom: 60_000, salaryTo: 75_000, schedule: '5/2, 09:00–18:00',
    duties: ['Первичные документы поставщиков', 'Сверки взаиморасчётов', 'Работа в 1С: Бухгалтерия 8.3'],
    requirements: ['Опыт от 2 лет', 'Уверенное знание 1С'], conditions: COMMON_CONDITIONS, daysAgo: 20,
  },
  {
    branchId: 2, direction: 'servis', slug: 'mehanik-kombajnov-krasnodar', title: 'Механик по ремонту комбайнов', city: 'Динская',
    lead: 'Ремонт и подготовка зерноуборочных комбайнов к сезону в сервисном центре филиала.',
    salaryFrom: 80_000, salaryTo: 120_000, schedule: 'Сменный, 2/2 по 11 часов',
    duties: ['Дефектовка и ремонт узлов комбайнов', 'Предсезонная подготовка техники клиентов', 'Работа с сервисной документацией производителя'],
    requirements: ['Опыт ремонта комбайнов', 'Умение читать схемы'], conditions: COMMON_CONDITIONS, daysAgo: 5,
  },
  {
    branchId: 2, direction: 'zapchasti', slug: 'kladovshik-krasnodar', title: 'Кладовщик склада запчастей', city: 'Динская',
    lead: 'Приёмка, хранение и выдача запчастей клиентам и сервису.', salaryFrom: 50_000, salaryTo: 60_000, schedule: '5/2, 08:00–17:00',
    duties: ['Приёмка запчастей по накладным', 'Комплектация заказов клиентов', 'Инвентаризация'], requirements: ['Внимательность', 'Опыт работы на складе приветствуется'],
    conditions: COMMON_CONDITIONS, daysAgo: 8,
  },
  {
    branchId: 3, direction: 'prodazhi', slug: 'menedzher-zapchasti-rostov', title: 'Менеджер по продажам запчастей', city: 'Аксай',
    lead: 'Подбор и продажа оригинальных запчастей по каталогам производителей.', salaryFrom: 65_000, salaryTo: 110_000, schedule: '5/2, 08:00–17:00',
    duties: ['Подбор запчастей по каталогам и серийным номерам', 'Выставление счетов, контроль оплаты и отгрузки', 'Консультации клиентов по телефону'],
    requirements: ['Знание устройства сельхозтехники', 'Грамотная речь'], conditions: COMMON_CONDITIONS, daysAgo: 2,
  },
  {
    branchId: 3, direction: 'servis', slug: 'stazher-servisa-rostov', title: 'Стажёр сервисной службы', city: 'Аксай', employment: 'internship',
    lead: 'Стажировка для выпускников аграрных колледжей и вузов с последующим трудоустройством.', salaryFrom: 40_000, schedule: '5/2, 08:00–17:00',
    duties: ['Помощь инженерам при ремонте и обслуживании', 'Изучение техники в учебном классе'], requirements: ['Профильное образование (можно последний курс)'],
    conditions: ['Наставник из опытных инженеров', 'Оформление по договору стажировки'], daysAgo: 12,
  },
  {
    branchId: 5, direction: 'servis', slug: 'elektrik-voronezh', title: 'Автоэлектрик сельхозтехники',
    lead: 'Диагностика и ремонт электрооборудования и систем точного земледелия.', schedule: '5/2, 08:00–17:00',
    duties: ['Диагностика электронных систем тракторов и опрыскивателей', 'Установка и настройка навигации и автопилотов'], requirements: ['Опыт автоэлектриком от 2 лет'],
    conditions: COMMON_CONDITIONS, daysAgo: 6,
  },
  {
    branchId: 24, direction: 'prodazhi', slug: 'menedzher-astana', title: 'Менеджер по продажам техники',
    lead: 'Продажи сельхозтехники хозяйствам Акмолинской области.', salaryFrom: 400_000, salaryTo: 700_000, schedule: '5/2, 09:00–18:00',
    duties: ['Поиск и ведение клиентов', 'Подготовка предложений, в том числе с лизингом'], requirements: ['Опыт продаж от 1 года', 'Казахский и русский языки'],
    conditions: ['Официальное оформление', 'Бонусы от продаж'], daysAgo: 4,
  },
  {
    branchId: 5, direction: 'zapchasti', slug: 'zakupshik-voronezh', title: 'Специалист по закупкам запчастей',
    lead: 'Черновик: вакансия готовится к публикации.', schedule: '5/2', duties: ['Закупки у поставщиков'], requirements: ['Опыт закупок'],
    conditions: COMMON_CONDITIONS, daysAgo: 0, draft: true,
  },
];
