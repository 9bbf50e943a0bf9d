import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// Spec §2 Routes, by area (ADR 073): each area is a layout route with its own data and shell. The
// shop's pages load the catalogue menu; the back-office's load its own navigation and none of the
// shop's; the benchmark's yardstick has no shell at all. Paths owned by later capabilities are added
// with them; unknown paths reach the shop's fallback, which resolves page aliases (category, model,
// other) or answers 404, or, under /admin, the back-office's own 404 (after its capability check).
export default [
  layout('routes/shop.layout.tsx', { id: 'shop' }, [
    index('routes/home.tsx'),
    route('servis', 'routes/content-page.tsx', { id: 'servis' }),
    route('finansirovanie', 'routes/content-page.tsx', { id: 'finansirovanie' }),
    route('dostavka-i-oplata', 'routes/content-page.tsx', { id: 'dostavka-i-oplata' }),
    route('documents/policy-privacy', 'routes/content-page.tsx', { id: 'documents/policy-privacy' }),
    route('akcii', 'routes/promotions.tsx'),
    route('contacts', 'routes/contacts.tsx'),
    // Agro news and the blog (spec §2 `/blog/*`, ADR 089): the list, a section's list, an article, the feed.
    route('blog', 'routes/blog.tsx'),
    route('blog/rss.xml', 'routes/blog.rss.ts'),
    route('blog/:type', 'routes/blog.tsx', { id: 'blog-type' }),
    route('blog/:type/:slug', 'routes/blog.article.tsx'),
    // Vacancies (spec §2 `/vacancies`, `/vacancies/{vacancyAlias}/{activeVacancySlug?}`, ADR 092).
    route('vacancies', 'routes/vacancies.tsx'),
    route('vacancies/:alias/:slug?', 'routes/vacancies.alias.tsx'),
    // A questionnaire (spec §2, ADR 093): personal (whether this visitor answered), never kept in the page cache.
    route('questionnaire/:questionnaireId', 'routes/questionnaire.$questionnaireId.tsx'),
    // The transportation exchange (spec §2 `/transportation-orders/`, ADR 097): personal, never kept in the page cache.
    route('transportation-orders', 'routes/transportation-orders.tsx'),
    route('transportation-orders/new', 'routes/transportation-orders.new.tsx'),
    route('transportation-orders/:id', 'routes/transportation-orders.$id.tsx'),
    route('zapchasti', 'routes/zapchasti.tsx'),
    route('fp/*', 'routes/fp.$.tsx'),
    route('parts-catalog', 'routes/parts-catalog.tsx'),
    route('catalog', 'routes/catalog.tsx'),
    route('zapchasti/*', 'routes/zapchasti.$.tsx'),
    route('model-lines/view', 'routes/model-lines.view.tsx'),
    route('compare/:productCodes?', 'routes/compare.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('search', 'routes/search.tsx'),
    route('search/sparepart', 'routes/search.sparepart.tsx'),
    route('login', 'routes/login.tsx'),
    route('signup', 'routes/signup.tsx'),
    route('auth/reset-password', 'routes/auth.reset-password.tsx'),
    route('auth-social/consent', 'routes/auth-social.consent.tsx'),
    route('auth/confirm-email', 'routes/auth.confirm-email.tsx'),
    route('auth/confirm-email-change', 'routes/auth.confirm-email-change.tsx'),
    // A supplier's invitation by its link (ADR 101): personal, never kept in the page cache.
    route('supplier-invitation/:token', 'routes/supplier-invitation.$token.tsx'),
    route('profile', 'routes/profile.tsx', [
      index('routes/profile._index.tsx'),
      route('bookmarks', 'routes/profile.bookmarks.tsx'),
      route('machines', 'routes/profile.machines.tsx'),
      route('feedback', 'routes/profile.feedback.tsx'),
      route('orders', 'routes/profile.orders.tsx'),
    ]),
    route('cart/order/:number', 'routes/cart.order.$number.tsx'),
    route('cart/order/:number/files/:id', 'routes/cart.order.$number.files.$id.ts'),
    route('cart/order/:number/invoice.pdf', 'routes/cart.order.$number.invoice.pdf.ts'),
    // The client's commercial offer by its link (ADR 086), and its documents (ADR 102).
    route('offer/:hash/files/:id', 'routes/offer.$hash.files.$id.ts'),
    route('offer/:hash/:id?', 'routes/offer.$hash.tsx'),
    // The shared components in their states (ADR 079): open to everyone, never indexed.
    route('demo/index', 'routes/demo.index.tsx'),
    route('*', 'routes/fallback.tsx'),
  ]),
  route('admin', 'routes/admin.layout.tsx', { id: 'admin' }, [
    index('routes/admin._index.tsx'),
    route('orders', 'routes/admin.orders.tsx'),
    route('orders/:number', 'routes/admin.orders.$number.tsx'),
    route('leads', 'routes/admin.leads.tsx'),
    route('leads/:id', 'routes/admin.leads.$id.tsx'),
    route('offers', 'routes/admin.offers.tsx'),
    route('offers/:hash', 'routes/admin.offers.$hash.tsx'),
    route('catalog', 'routes/admin.catalog.tsx'),
    route('catalog/:id', 'routes/admin.catalog.$id.tsx'),
    route('users', 'routes/admin.users.tsx'),
    route('users/:id', 'routes/admin.users.$id.tsx'),
    route('audit', 'routes/admin.audit.tsx'),
    route('jobs', 'routes/admin.jobs.tsx'),
    route('content', 'routes/admin.content.tsx'),
    route('content/pages/*', 'routes/admin.content.pages.$.tsx'),
    route('content/promotions', 'routes/admin.content.promotions.tsx'),
    route('content/promotions/:id', 'routes/admin.content.promotions.$id.tsx'),
    route('blog', 'routes/admin.blog.tsx'),
    route('blog/:id', 'routes/admin.blog.$id.tsx'),
    route('vacancies', 'routes/admin.vacancies.tsx'),
    route('vacancies/applications', 'routes/admin.vacancies.applications.tsx'),
    route('vacancies/branches', 'routes/admin.vacancies.branches.tsx'),
    route('vacancies/applications/:id', 'routes/admin.vacancies.applications.$id.tsx'),
    route('vacancies/:id', 'routes/admin.vacancies.$id.tsx'),
    route('questionnaires', 'routes/admin.questionnaires.tsx'),
    route('questionnaires/:id', 'routes/admin.questionnaires.$id.tsx'),
    route('questionnaires/:id/results', 'routes/admin.questionnaires.$id.results.tsx'),
    route('branches', 'routes/admin.branches.tsx'),
    route('branches/:id', 'routes/admin.branches.$id.tsx'),
    route('financing', 'routes/admin.financing.tsx'),
    route('financing/rates', 'routes/admin.financing.rates.tsx'),
    route('financing/:id', 'routes/admin.financing.$id.tsx'),
    route('*', 'routes/admin.not-found.tsx'),
  ]),
  // The manager's offer editor (spec §2 `/kp/edit/{hash}`): the back-office's area and shell (ADR 087).
  route('kp', 'routes/admin.layout.tsx', { id: 'kp' }, [
    route('edit/:hash', 'routes/kp.edit.$hash.tsx'),
    route('edit/:hash/files', 'routes/kp.edit.$hash.files.ts'),
    route('find', 'routes/kp.find.ts'),
  ]),
  // An applicant's CV for HR (ADR 092): a download, outside the back-office's shell.
  route('admin/vacancies/applications/:id/cv', 'routes/admin.vacancies.applications.$id.cv.ts'),
  // The article editor's pickers of models and parts (ADR 100): JSON, outside the back-office's shell.
  route('admin/blog/find', 'routes/admin.blog.find.ts'),
  // Employees manage the suppliers at /suppliers/admin (spec §2): the back-office's area and shell (ADR 091).
  route('suppliers/admin', 'routes/admin.layout.tsx', { id: 'suppliers-admin' }, [
    index('routes/suppliers.admin.tsx'),
    route('edit/:id', 'routes/suppliers.admin.edit.$id.tsx'),
    route('quarantine', 'routes/suppliers.admin.quarantine.tsx'),
  ]),
  // A quarantined letter's file (ADR 095): a download, outside the area's screens.
  route('suppliers/admin/quarantine/:id/files/:fileId', 'routes/suppliers.admin.quarantine.$id.files.$fileId.ts'),
  // The supplier cabinet's area: its shell now, its screens with the supplier cabinet (ADR 073).
  route('suppliers', 'routes/suppliers.layout.tsx', { id: 'suppliers' }, [
    index('routes/suppliers._index.tsx'),
    // Price lists, their positions, processing logs and notices (spec §2, ADR 096).
    route('files', 'routes/suppliers.files.tsx'),
    route('files/:id', 'routes/suppliers.files.$id.tsx'),
    route('files/:id/positions', 'routes/suppliers.files.$id.positions.tsx'),
    // The API's page and its lists' positions: the positions screen is the files' one (ADR 098).
    route('api', 'routes/suppliers.api.tsx'),
    route('api/:id/positions', 'routes/suppliers.files.$id.positions.tsx', { id: 'suppliers-api-positions' }),
    route('processing-logs', 'routes/suppliers.processing-logs.tsx'),
    route('processing-logs/:id', 'routes/suppliers.processing-logs.$id.tsx'),
    route('notifications', 'routes/suppliers.notifications.tsx'),
    route('mails', 'routes/suppliers.mails.tsx'),
    route('mails/:id', 'routes/suppliers.mails.$id.tsx'),
    route('mails/:id/files/:fileId', 'routes/suppliers.mails.$id.files.$fileId.ts'),
    route('*', 'routes/suppliers.not-found.tsx'),
  ]),
  // The print area: documents the app's printer turns into PDFs; nobody else reaches it (ADR 074).
  route('print', 'routes/print.tsx', [
    route('invoice/:number', 'routes/print.invoice.$number.tsx'),
    route('offer/:hash', 'routes/print.offer.$hash.tsx'),
  ]),
  // The client's offer as a document and as slides (spec §2, ADR 085): personal pages by the offer's
  // link, without the shop's shell; the print page has no scripts either (handle.print).
  route('offer/pdf/:hash', 'routes/offer.pdf.$hash.tsx'),
  route('offer-slides', 'routes/offer-slides.tsx'),
  // A questionnaire's responses as CSV for the editors (ADR 093): a file, not a screen of the back-office's shell.
  route('admin/questionnaires/:id/results.csv', 'routes/admin.questionnaires.$id.results.csv.ts'),
  route('__bench/bare', 'routes/bench-bare.tsx'),
] satisfies RouteConfig;
