/** The transportation exchange (spec §2 `/transportation-orders/`, ADR 097). */
export const TRANSPORT_PATH = '/transportation-orders';
export const TRANSPORT_TITLE = 'Биржа перевозок';
export const TRANSPORT_PAGE_SIZE = 20;
export const TRANSPORT_MAX_PHOTOS = 5;

export const TRANSPORT_STATUSES = ['open', 'awarded', 'in_transit', 'delivered', 'cancelled'] as const;
export type TransportStatus = (typeof TRANSPORT_STATUSES)[number];

export const TRANSPORT_STATUS_LABELS: Record<TransportStatus, string> = {
  open: 'Принимает ставки',
  awarded: 'Перевозчик выбран',
  in_transit: 'В пути',
  delivered: 'Доставлен',
  cancelled: 'Отменён',
};

export const TRANSPORT_MESSAGES = {
  notFound: 'Груз не найден',
  posted: 'Груз размещён: перевозчики увидят его в списке и предложат цену.',
  bidSaved: 'Ставка сохранена.',
  awarded: 'Перевозчик выбран: контакты открыты обеим сторонам.',
  in_transit: 'Груз в пути.',
  delivered: 'Груз доставлен.',
  cancelled: 'Перевозка отменена.',
  wrongState: 'Это действие уже недоступно: статус груза изменился. Обновите страницу.',
  notOpen: 'Груз больше не принимает ставки',
  ownLoad: 'Нельзя делать ставку на собственный груз',
  unknownBid: 'Такой ставки нет у этого груза',
  unknownModel: 'Такой модели нет в каталоге',
  invalid: 'Проверьте поля формы: ничего не сохранено.',
} as const;
