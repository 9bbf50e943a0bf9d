// What the exchange says, apart from transport.constants.ts: the shop's footer links the exchange
// from every page, and what it imports rides in every page's script.
import type { TransportStatus } from './transport.constants.ts';

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
