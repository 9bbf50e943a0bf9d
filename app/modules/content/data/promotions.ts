export interface PromotionSeed { title: string; text: string; link: string; badge: string; starts_on: string; ends_on: string }

export const PROMOTIONS: PromotionSeed[] = [
  { title: 'Зимнее ТО со скидкой 15 %', text: 'Сервисные комплекты для тракторов и комбайнов по сниженным ценам до конца февраля.', link: '/servis', badge: 'Товар со скидкой', starts_on: '2026-11-01', ends_on: '2027-02-28' },
  { title: 'Суперцена на фильтры', text: 'Масляные, топливные и воздушные фильтры для популярных моделей — по фиксированной цене.', link: '/zapchasti', badge: 'Суперцена', starts_on: '2026-10-15', ends_on: '2027-01-31' },
  { title: 'Лизинг с авансом от 0 %', text: 'Посевные комплексы и опрыскиватели в лизинг без первого взноса для действующих клиентов.', link: '/finansirovanie', badge: 'Финансирование', starts_on: '2026-09-01', ends_on: '2027-03-31' },
  { title: 'Доставка запчастей до терминала бесплатно', text: 'При заказе от 50 000 руб. доставим запчасти до терминала транспортной компании за наш счёт.', link: '/dostavka-i-oplata', badge: 'Доставка', starts_on: '2026-11-01', ends_on: '2026-12-31' },
];
