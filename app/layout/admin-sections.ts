import type { Capability } from '#app/modules/auth/capabilities.rules.ts';

/**
 * The back-office's sections (ADR 073) in its navigation's order, each with the capability that
 * opens it. Its screens name the same capability in their `handle` (the capability table's test
 * holds both to each other and to the routes).
 */
export interface AdminSection { to: string; label: string; capability: Capability }

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin', label: 'Сводка', capability: 'backoffice.enter' },
  { to: '/admin/orders', label: 'Заказы', capability: 'orders.read' },
  { to: '/admin/leads', label: 'Заявки', capability: 'leads.read' },
  { to: '/admin/offers', label: 'Предложения', capability: 'offers.read' },
  { to: '/admin/catalog', label: 'Опции моделей', capability: 'catalog.options' },
  { to: '/admin/content', label: 'Страницы и акции', capability: 'content.edit' },
  { to: '/admin/blog', label: 'Статьи и новости', capability: 'content.edit' },
  { to: '/admin/vacancies', label: 'Вакансии', capability: 'vacancies.edit' },
  { to: '/admin/questionnaires', label: 'Анкеты', capability: 'questionnaires.manage' },
  { to: '/admin/branches', label: 'Филиалы', capability: 'branch.manage' },
  { to: '/admin/financing', label: 'Финансирование', capability: 'financing.manage' },
  { to: '/suppliers/admin', label: 'Поставщики', capability: 'suppliers.manage' },
  { to: '/admin/users', label: 'Пользователи', capability: 'users.manage' },
  { to: '/admin/audit', label: 'Журнал изменений', capability: 'audit.read' },
  { to: '/admin/jobs', label: 'Фоновые задания', capability: 'jobs.manage' },
];

/** What a back-office route declares: the capability its loader and action require. */
export interface AdminHandle { capability: Capability }

/** A back-office page's title and the robots' refusal (a route's meta replaces its parents'). */
export function adminMeta(title: string) {
  return [{ title: `${title} — Бэк-офис` }, { name: 'robots', content: 'noindex, nofollow' }];
}

/** Every back-office answer is the visitor's own and never indexed. */
export const ADMIN_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const;
