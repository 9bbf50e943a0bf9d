import { sortField } from '#app/components/backoffice/sort.rules.ts';
import { z } from '#app/lib/zod.ts';
import { ORDER_STATUSES } from './orders.constants.ts';

/* The back-office's inputs for orders (order-work.server.ts), checked the same in the browser and the server. */

export const STAFF_ORDERS_PAGE_SIZE = 50;

/** What /admin/orders sorts by (ADR 079), each through an index (migrations 0029, 0032): the order's time, its total. */
export const STAFF_ORDER_SORT_KEYS = ['created', 'total'] as const;
export type StaffOrderSortKey = (typeof STAFF_ORDER_SORT_KEYS)[number];
export const STAFF_ORDERS_DEFAULT_SORT = '-created';

/** /admin/orders filters from the query string: anything malformed reads as absent. */
export const staffOrderFilter = z.object({
  q: z.string().trim().max(100).transform((v) => v.replace(/[\u0000-\u001f\u007f]/g, '')).catch(''),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  branch: z.coerce.number().int().positive().max(2 ** 31 - 1).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  sort: sortField(STAFF_ORDER_SORT_KEYS, STAFF_ORDERS_DEFAULT_SORT),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type StaffOrderFilter = z.infer<typeof staffOrderFilter>;

export const statusChangeInput = z.object({
  to: z.enum(ORDER_STATUSES, { error: 'Неизвестный статус' }),
  reason: z.string().max(2000).default('').transform((v) => v.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim()),
});

export const linePriceInput = z.object({
  lineId: z.coerce.number().int().positive().max(2 ** 31 - 1),
  price: z.string().max(40),
});
