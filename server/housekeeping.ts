import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { pruneRateLimits } from '#app/.server/rate-limit.ts';
import { deleteExpiredSessions } from '#app/.server/session.ts';
import { deleteOrphanGuestCarts } from '#app/modules/cart/cart.server.ts';
import { deleteOrphanGuestMarks } from '#app/modules/catalog/marks/marks.server.ts';
import { retryFeedbackDelivery } from '#app/modules/content/content.server.ts';
import { retryLeadDelivery } from '#app/modules/leads/leads.server.ts';
import { attachmentStorage } from '#app/modules/orders/attachment-storage.server.ts';
import { ordersHousekeeping } from '#app/modules/orders/orders.server.ts';
import { deleteOrphanGuestPartsHistory } from '#app/modules/parts/history/history.server.ts';

/** Periodic clean-up: expired sessions (with their guests' comparison, histories and cart) and rate-limit windows; 'Написать нам' and request letters due a retry. Safe to run from every process. */
export async function housekeeping(db: DB, services?: AppServices): Promise<void> {
  await deleteExpiredSessions(db);
  await deleteOrphanGuestMarks(db);
  await deleteOrphanGuestPartsHistory(db);
  await deleteOrphanGuestCarts(db);
  await pruneRateLimits(db);
  if (services) await retryFeedbackDelivery(services);
  if (services) await retryLeadDelivery(services);
  // Idempotency keys past 48 h, staged attachments of orders never created, order letters due.
  if (services) await ordersHousekeeping(services, attachmentStorage(services.config));
}
