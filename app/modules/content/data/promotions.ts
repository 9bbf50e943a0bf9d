/**
 * Demo content: promotions, loaded only in demo mode (content.seed.server.ts). Dates are days from
 * the day of seeding, so a demo started at any date shows running offers, never expired ones.
 */
export interface PromotionSeed { title: string; text: string; link: string; badge: string; startsInDays: number; endsInDays: number }

export const PROMOTIONS: PromotionSeed[] = [
  { title: 'Зимнее ТО со скидкой 15 %', text: 'Сервисные комплекты для тракторов и комбайнов по сниженным ценам до конца акции.', link: '/servis', badge: 'Товар со скидкой', startsInDays: -21, endsInDays: 98 },
  { title: 'Суперцена на фильтры', text: 'Масляные, топливные и воздушные фильтры для популярных моделей — по фиксированной цене.', link: '/zapchasti', badge: 'Суперцена', startsInDays: -38, endsInDays: 70 },
  { title: 'Лизинг с авансом от 0 %', text: 'Посевные комплексы и опрыскиватели в лизинг без первого взноса для действующих клиентов.', link: '/finansirovanie', badge: 'Финансирование', startsInDays: -82, endsInDays: 129 },
  { title: 'Доставка запчастей до терминала бесплатно', text: 'При заказе от 50 000 руб. доставим запчасти до терминала транспортной компании за наш счёт.', link: '/dostavka-i-oplata', badge: 'Доставка', startsInDays: -21, endsInDays: 39 },
];
