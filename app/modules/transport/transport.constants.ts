/** The transportation exchange (spec §2 `/transportation-orders/`, ADR 097). */
export const TRANSPORT_PATH = '/transportation-orders';
export const TRANSPORT_TITLE = 'Биржа перевозок';
export const TRANSPORT_PAGE_SIZE = 20;
export const TRANSPORT_MAX_PHOTOS = 5;

export const TRANSPORT_STATUSES = ['open', 'awarded', 'in_transit', 'delivered', 'cancelled'] as const;
export type TransportStatus = (typeof TRANSPORT_STATUSES)[number];
