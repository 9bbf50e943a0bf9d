import homeBody from './pages/home.html?raw';
import servisBody from './pages/servis.html?raw';
import finansirovanieBody from './pages/finansirovanie.html?raw';
import akciiBody from './pages/akcii.html?raw';
import dostavkaIOplataBody from './pages/dostavka-i-oplata.html?raw';
import contactsBody from './pages/contacts.html?raw';
import documentsPolicyPrivacyBody from './pages/documents-policy-privacy.html?raw';

/** A static page of the demo: its texts; the body is an HTML file beside this one (pages/<slug>.html). */
export interface PageSeed {
  slug: string; // the page path without leading slash
  title: string; // <title> and <h1>
  metaDescription: string; // 120–160 characters
  lead: string; // one-paragraph intro shown under the h1
  bodyHtml: string; // safe, simple HTML
}

/**
 * Demo content: the static pages, loaded only in demo mode (content.seed.server.ts). Long bodies
 * live in pages/*.html (imported as text through Vite's ?raw, in the server build and in Vitest),
 * where an editor reads and diffs them as HTML rather than as TypeScript strings.
 */
export const PAGES: PageSeed[] = [
  {
    slug: "home",
    title: "Сельхозтехника и запчасти с доставкой по России и Казахстану",
    metaDescription:
      "«Агротехника» — тракторы, комбайны, сеялки, опрыскиватели, погрузчики и запчасти. 30 филиалов в России и Казахстане, сервис, лизинг, доставка.",
    lead: "Новая техника, оригинальные запчасти и сервис в 30 филиалах «Агротехники». Подберём машину под ваше хозяйство, поможем с лизингом и доставим запчасти до двери или до терминала транспортной компании.",
    bodyHtml: homeBody,
  },
  {
    slug: "servis",
    title: "Сервис и ремонт сельхозтехники",
    metaDescription:
      "Гарантийный и постгарантийный ремонт сельхозтехники, выездные мастерские, диагностика и сезонное ТО в 30 филиалах «Агротехники». Горячая линия сервиса.",
    lead: "Сервисная служба «Агротехники» помогает держать технику в рабочем состоянии весь сезон: от планового ТО и диагностики до срочного ремонта в поле. Инженеры филиалов проходят обучение у производителей и работают с оригинальными запчастями.",
    bodyHtml: servisBody,
  },
  {
    slug: "finansirovanie",
    title: "Лизинг, кредит и рассрочка на сельхозтехнику",
    metaDescription:
      "Лизинг, кредит и рассрочка на сельхозтехнику от банков и лизинговых компаний — партнёров «Агротехники». Трейд-ин, господдержка, список документов.",
    lead: "Обновить парк техники можно, не выводя из оборота всю сумму сразу. Вместе с банками и лизинговыми компаниями — партнёрами «Агротехники» мы подберём схему финансирования, которая учитывает сезонность доходов вашего хозяйства.",
    bodyHtml: finansirovanieBody,
  },
  {
    slug: "akcii",
    title: "Акции и спецпредложения",
    metaDescription:
      "Акции «Агротехники»: скидки на сельхозтехнику и запчасти, «Суперцена», сезонные предложения к посевной и уборочной, спецусловия по лизингу в 2026 году.",
    lead: "Скидки на технику и запчасти, сезонные предложения и специальные условия финансирования. Условия обновляются в течение года, поэтому загляните в этот раздел перед покупкой.",
    bodyHtml: akciiBody,
  },
  {
    slug: "dostavka-i-oplata",
    title: "Доставка и оплата",
    metaDescription:
      "Самовывоз из 30 филиалов, доставка запчастей транспортными компаниями до двери или терминала. Оплата по счёту для компаний и картой для частных лиц.",
    lead: "Запчасти и агрегаты отправляем транспортными компаниями по всей России и Казахстану, а забрать заказ можно в любом из 30 филиалов «Агротехники». Крупную технику доставляем отдельно — по согласованию с менеджером.",
    bodyHtml: dostavkaIOplataBody,
  },
  {
    slug: "contacts",
    title: "Контакты и филиалы",
    metaDescription:
      "Адреса и телефоны 30 филиалов «Агротехники» в России и Казахстане. Как выбрать филиал для покупки, самовывоза и сервиса, реквизиты центрального офиса.",
    lead: "«Агротехника» работает в 30 городах России и Казахстана. В каждом филиале есть склад запчастей, отдел продаж и сервисная служба. Выберите ближайший, чтобы получить консультацию, забрать заказ или записаться на ремонт.",
    bodyHtml: contactsBody,
  },
  {
    slug: "documents/policy-privacy",
    title: "Политика конфиденциальности и обработки персональных данных",
    metaDescription:
      "Политика ООО «Агротехника» в отношении обработки персональных данных по 152-ФЗ: цели, состав данных, cookie, сроки хранения, права субъекта и контакты.",
    lead: "Настоящая Политика определяет, как ООО «Агротехника» обрабатывает и защищает персональные данные клиентов, посетителей сайта и других лиц в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных».",
    bodyHtml: documentsPolicyPrivacyBody,
  },
];

/**
 * SHA-256 of page bodies earlier demo versions shipped (an invented ИНН, hours and phone prose,
 * offers listed in prose).
 * A demo database still holding one of them exactly, i.e. unedited, gets the current body; any
 * editor's change has another hash and is kept (ADR 013).
 */
export const SUPERSEDED_BODIES: Readonly<Record<string, readonly string[]>> = {
  // The list of running offers in prose, with fixed dates: the cards above the body come from the promotions.
  akcii: ['345b03061d602e67252a0fbbe5409daf192ba3f6528390b0b725f6661ba4fdf1'],
  servis: ['b712bf21620af1f4732d83c61c7c9efe318f0d8e85c9daa710d4cadbd6551067'],
  contacts: ['2772a0e8f133ee6b20b7a4388232a84298efb4dc0a64b8a18fd6c435fcd07e8c'],
  'documents/policy-privacy': ['8202afebdcbc1321144d8163979b77adc4e897ea04f5ae789fcd0d2b622e39cf'],
};
