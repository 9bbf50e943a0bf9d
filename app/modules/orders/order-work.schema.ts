import { z } from '#app/lib/zod.ts';
import { ORDER_STATUSES } from './orders.constants.ts';

/* The back-office's inputs for orders (order-work.server.ts), checked the same in the browser and the server. */

export const STAFF_ORDERS_PAGE_SIZE = 50;

/** /admin/orders filters from the query string: anything malformed reads as absent. */
export const staffOrderFilter = z.object({
  q: z.string().trim().max(100).transform((v) => v.replace(/[\u0000-\u001f\u007f]/g, '')).catch(''),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  branch: z.coerce.number().int().positive().max(2 ** 31 - 1).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
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
