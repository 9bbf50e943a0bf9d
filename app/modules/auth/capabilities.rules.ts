/**
 * Who may do what (ADR 073): each role a user holds grants named capabilities, in this one table.
 * Loaders, actions and the API ask `requireCapability(ctx, capability)` (staff.server.ts); pages
 * hide what the visitor cannot use with `can(roles, capability)`. A new screen names its capability
 * here and in its route's `handle`; the table's test is generated from both.
 */

/** The spec's four flags (§3 User/core) and the company's own roles. */
export const ROLES = ['employee', 'supplier', 'pp_access', 'ps_editor', 'branch_manager', 'content_editor', 'carrier', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  employee: 'Сотрудник',
  supplier: 'Поставщик',
  pp_access: 'Доступ к порталу поставщиков',
  ps_editor: 'Редактор промо-страниц',
  branch_manager: 'Руководитель филиала',
  content_editor: 'Редактор контента',
  carrier: 'Перевозчик',
  administrator: 'Администратор',
};

/** The column of auth_user that holds each role. */
export const ROLE_COLUMN = {
  employee: 'is_employee', supplier: 'is_supplier', pp_access: 'has_pp_access', ps_editor: 'is_ps_editor',
  branch_manager: 'is_branch_manager', content_editor: 'is_content_editor', carrier: 'is_carrier', administrator: 'is_administrator',
} as const satisfies Record<Role, string>;

export const CAPABILITIES = [
  /** Opens /admin at all: its shell and start page. */
  'backoffice.enter',
  'orders.read',
  'orders.work',
  'leads.read',
  'leads.work',
  /** The commercial offers of the staff member's branch (issue 30). */
  'offers.read',
  /** Reviews a client's changes to an offer: accepts or declines each, which makes the next version (ADR 086). */
  'offers.work',
  /** Approves a discount above the branch's threshold (offers) and edits the branch's contacts. */
  'branch.manage',
  /** A catalogue model's options for offers: names, prices, required ones and their rules (/admin/catalog, ADR 102). */
  'catalog.options',
  'content.edit',
  'promo.edit',
  'users.manage',
  'audit.read',
  'jobs.manage',
  /** Financing programmes, their rates and terms by date (/admin/financing, ADR 082). */
  'financing.manage',
  /** Writes and publishes vacancies (/admin/vacancies, ADR 092). */
  'vacancies.edit',
  /** Reads the applications to vacancies and their CVs, moves them new → in review → invited / rejected (HR, within his branch). */
  'vacancies.applications',
  /** The supplier cabinet at /suppliers. */
  'suppliers.cabinet',
  /** Invites suppliers and sets their sources, templates and rules (/suppliers/admin). */
  'suppliers.manage',
  /** Questionnaires: their models, publishing, the results and their CSV (/admin/questionnaires, ADR 093). */
  'questionnaires.manage',
  /** Sees the open loads of the transportation exchange and bids on them (/transportation-orders, ADR 097). */
  'transport.bid',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const CAPABILITY_LABELS: Record<Capability, string> = {
  'backoffice.enter': 'вход в бэк-офис',
  'orders.read': 'просмотр заказов',
  'orders.work': 'работа с заказами',
  'leads.read': 'просмотр заявок',
  'leads.work': 'работа с заявками',
  'offers.read': 'коммерческие предложения',
  'offers.work': 'работа с предложениями',
  'branch.manage': 'скидки и данные филиала',
  'catalog.options': 'опции моделей для КП',
  'content.edit': 'страницы и статьи',
  'promo.edit': 'промо-страницы',
  'users.manage': 'пользователи и роли',
  'audit.read': 'журнал изменений',
  'jobs.manage': 'фоновые задания',
  'financing.manage': 'программы финансирования',
  'vacancies.edit': 'вакансии',
  'vacancies.applications': 'отклики на вакансии',
  'suppliers.cabinet': 'кабинет поставщика',
  'suppliers.manage': 'управление поставщиками',
  'questionnaires.manage': 'анкеты и их результаты',
  'transport.bid': 'биржа перевозок: ставки',
};

const STAFF: Capability[] = ['backoffice.enter', 'orders.read', 'orders.work', 'leads.read', 'leads.work', 'offers.read', 'offers.work'];

/** The table. An administrator holds every capability. */
export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  employee: [...STAFF, 'suppliers.manage'],
  branch_manager: [...STAFF, 'branch.manage', 'catalog.options', 'vacancies.edit', 'vacancies.applications'],
  content_editor: ['backoffice.enter', 'content.edit', 'vacancies.edit', 'questionnaires.manage'],
  ps_editor: ['backoffice.enter', 'promo.edit'],
  supplier: ['suppliers.cabinet'],
  pp_access: ['suppliers.cabinet'],
  carrier: ['transport.bid'],
  administrator: CAPABILITIES,
};

export function capabilitiesOf(roles: readonly Role[]): Set<Capability> {
  return new Set(roles.flatMap((role) => ROLE_CAPABILITIES[role]));
}

export function can(roles: readonly Role[], capability: Capability): boolean {
  return roles.some((role) => ROLE_CAPABILITIES[role].includes(capability));
}

/** The roles a user row holds, in the table's order. */
export function rolesOf(row: Record<(typeof ROLE_COLUMN)[Role], boolean>): Role[] {
  return ROLES.filter((role) => row[ROLE_COLUMN[role]]);
}
