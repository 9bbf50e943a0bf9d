// The server bundle's entry: Vite builds it together with the app, so the composition root,
// the modules and React Router's build share one module graph. server/main.ts loads it.
import * as build from 'virtual:react-router/server-build';
import type { ServerBuild } from 'react-router';

export { createApp } from './app.ts';
export { assertPublicOrigin, loadConfig, settlePublicOrigin } from '#app/.server/config.ts';
export { connect } from '#app/.server/db/connect.ts';
export { createPdfPrinter } from '#app/.server/pdf/printer.ts';
export { migrateToLatest } from '#app/.server/db/migrate.ts';
export { seed } from '#app/.server/db/seed.ts';
export { housekeeping } from './housekeeping.ts';
export { jobLog } from './jobs.ts';
export { runDueJobs, startJobRunner } from '#app/.server/jobs/runner.ts';
export { enqueueMail } from '#app/.server/jobs/mail.ts';
export { enqueueJob } from '#app/.server/jobs/enqueue.ts';
export { jobCounts } from '#app/.server/jobs/admin.ts';
export { benchProbeJob } from '#app/.server/jobs/bench-probe.ts';
export { registeredKinds } from '#app/.server/jobs/kinds.ts';
// The invoice's and the offer's print jobs (ADR 080, 085), named here so every process that loads the build (the
// server, `npm run worker`) has registered it, whichever routes the bundle keeps.
export { invoicePdfJob } from '#app/modules/orders/invoice-job.server.ts';
export { offerPdfJob } from '#app/modules/offers/offer-pdf-job.server.ts';
// The PDFs' benchmark (bench/pdf.ts) prints a 50-line invoice and a 50-line offer.
export { invoiceForPrint } from '#app/modules/orders/invoice.server.ts';
export { invoicePrintPath } from '#app/modules/orders/invoice.rules.ts';
export { importOffers } from '#app/modules/offers/offers.server.ts';
export { printableOffer } from '#app/modules/offers/offer-print.server.ts';
export { offerPrintAreaPath } from '#app/modules/offers/offer-print.rules.ts';
// Suppliers' price lists are read by a job (ADR 096).
export { processFile, processPriceListJob, registerPriceList } from '#app/modules/suppliers/pricelist/process.server.ts';
// The suppliers' benchmark (bench/pricelist-publish.ts) times the storefront's read of their offers.
export { supplierOffersForParts } from '#app/modules/suppliers/pricelist/intake.server.ts';
export { fileStorage } from '#app/.server/files/files.ts';
// The suppliers' mailbox (ADR 095): its job kind for every runner, its schedule for the server.
export { startMailIntakeSchedule, supplierMailIntakeJob } from '#app/modules/suppliers/mail/mail-intake.server.ts';
export { createProviders } from '#app/modules/auth/providers/config.ts';
export { createOAuthSetup } from '#app/modules/auth/oauth/oauth.config.ts';
export { createDeliveryProviders } from '#app/modules/delivery/providers/config.ts';
export { ROLES, authorize, createEmployee, createUser, findUserByEmail, findUserByPhone, setRole } from '#app/modules/auth/users.server.ts';
export { grantRole } from '#app/modules/suppliers/suppliers.server.ts';
export { issueCode, verifyCode } from '#app/modules/auth/codes.server.ts';
export { setCustomerLimit } from '#app/modules/cart/cart.server.ts';
export { testContext } from '#app/.server/test-context.ts';

export const serverBuild = build as unknown as ServerBuild;
// The back-office's orders list, for its benchmark (bench/admin-orders.ts).
export { listStaffOrders } from '#app/modules/orders/order-work.server.ts';
export { staffOrderFilter } from '#app/modules/orders/order-work.schema.ts';
