import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { pruneFinishedJobs } from '#app/.server/jobs/admin.ts';
import { pruneRateLimits } from '#app/.server/rate-limit.ts';
import { deleteExpiredSessions } from '#app/.server/session.ts';
import { deleteOrphanGuestCarts } from '#app/modules/cart/cart.server.ts';
import { deleteOrphanGuestMarks } from '#app/modules/catalog/marks/marks.server.ts';
import { attachmentStorage } from '#app/modules/orders/attachment-storage.server.ts';
import { ordersHousekeeping } from '#app/modules/orders/orders.server.ts';
import { deleteUnnamedOfferFiles } from '#app/modules/offers/offer-files.server.ts';
import { deleteOrphanGuestPartsHistory } from '#app/modules/parts/history/history.server.ts';
import { vacanciesHousekeeping } from '#app/modules/vacancies/vacancies.server.ts';

/** Periodic clean-up: expired sessions (with their guests' comparison, histories and cart), rate-limit windows, finished jobs past their keeping. Safe to run from every process. */
export async function housekeeping(db: DB, services?: AppServices): Promise<void> {
  await deleteExpiredSessions(db);
  await deleteOrphanGuestMarks(db);
  await deleteOrphanGuestPartsHistory(db);
  await deleteOrphanGuestCarts(db);
  await pruneRateLimits(db);
  await pruneFinishedJobs(db);
  // Idempotency keys past 48 h, staged attachments of orders never created.
  if (services) await ordersHousekeeping(services, attachmentStorage(services.config));
  // CVs of uploads cut off before their application was stored.
  if (services) await vacanciesHousekeeping(services);
  // Documents uploaded in the offer editor that no working copy or version named within a week.
  if (services) await deleteUnnamedOfferFiles(services);
}
