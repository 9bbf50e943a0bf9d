import { Form, data } from 'react-router';
import { auditFilter, listAudit } from '#app/.server/audit.ts';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { DataTable, type Column } from '#app/components/backoffice/DataTable.tsx';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { ROLE_LABELS, type Role } from '#app/modules/auth/capabilities.rules.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/admin.audit';

export const handle: AdminHandle = { capability: 'audit.read' };

const PATH = '/admin/audit';

/** The audit log, newest first, by who, what and when. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const filter = auditFilter.parse(Object.fromEntries(url.searchParams));
  const [list, { branches }] = await Promise.all([listAudit(ctx.services.db, filter), regionDirectory(ctx.services)]);
  const { page: _page, ...shown } = filter;
  return data({ ...list, filter: shown, branches: Object.fromEntries(branches.map((b) => [b.id, b.name])) }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Журнал изменений');

const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

const ACTION_LABELS: Record<string, string> = {
  'user.roles': 'Роли пользователя',
  'page.publish': 'Публикация страницы',
  'promotion.create': 'Новая акция',
  'promotion.publish': 'Изменение акции',
  'promotion.delete': 'Акция снята с сайта',
  'branch.publish': 'Контакты и реквизиты филиала',
  'financing_programme.create': 'Новая программа финансирования',
  'financing_programme.terms': 'Условия программы финансирования',
  'vacancy.create': 'Новая вакансия',
  'vacancy.update': 'Изменение вакансии',
  'vacancy.publish': 'Публикация вакансии',
  'vacancy.unpublish': 'Вакансия снята с публикации',
  'application.status': 'Состояние отклика на вакансию',
  'vacancy_branch.update': 'Страница вакансий и адрес для откликов филиала',
  'questionnaire.create': 'Новая анкета',
  'questionnaire.update': 'Изменение анкеты',
  'questionnaire.publish': 'Публикация анкеты',
  'questionnaire.unpublish': 'Анкета снята с публикации',
};

/** Where the changed thing is edited, for the entities that have a screen of their own. */
const ENTITY_LINKS: Record<string, (id: string) => string> = {
  user: (id) => `/admin/users/${id}`,
  order: (id) => `/admin/orders/${id}`,
  lead: (id) => `/admin/leads/${id}`,
  page: (id) => `/admin/content/pages/${id}`,
  promotion: (id) => `/admin/content/promotions/${id}`,
  branch: (id) => `/admin/branches/${id}`,
  financing_programme: (id) => `/admin/financing/${id}`,
  vacancy: (id) => `/admin/vacancies/${id}`,
  vacancy_application: (id) => `/admin/vacancies/applications/${id}`,
  questionnaire: (id) => `/admin/questionnaires/${id}`,
};

/** The recorded fields as people call them, and their values as the screens showed them. */
const FIELD_LABELS: Record<string, string> = {
  roles: 'Роли', staffBranchId: 'Филиал',
  title: 'Заголовок', metaDescription: 'Описание для поисковых систем', lead: 'Вводный абзац', bodyHtml: 'Текст страницы',
  text: 'Условия', link: 'Ссылка', badge: 'Метка', startsOn: 'Начало', endsOn: 'Последний день', sort: 'Порядок',
  address: 'Адрес', email: 'E-mail', hours: 'Часы работы', phone: 'Отдел продаж', phoneInternal: 'Продажи, внутри страны',
  servicePhone: 'Сервис', servicePhoneInternal: 'Сервис, внутри страны', legalName: 'Юридическое лицо', legalAddress: 'Юридический адрес',
  kind: 'Вид', name: 'Название', countryCode: 'Страна', currency: 'Валюта', fromDate: 'Действует с', annualRatePercent: 'Ставка, % годовых',
  minTermMonths: 'Срок от, мес.', maxTermMonths: 'Срок до, мес.', minAdvancePercent: 'Аванс от, %', seasonalMonths: 'Месяцы сезонных платежей',
  maxDeferMonths: 'Отсрочка до, мес.', active: 'Открыта',
  city: 'Город', salaryFrom: 'Зарплата от', salaryTo: 'Зарплата до', employment: 'Занятость', schedule: 'График', duties: 'Обязанности',
  requirements: 'Требования', conditions: 'Условия работы', status: 'Состояние', publishedAt: 'Дата публикации', validThrough: 'Актуальна до',
  branchId: 'Филиал', directionId: 'Направление', slug: 'Адрес', alias: 'Адрес списка вакансий', hrEmail: 'E-mail для откликов',
  intro: 'Вступление', thanks: 'Текст благодарности', published: 'Опубликована', model: 'Вопросы (JSON)',
  bankName: 'Банк', inn: 'ИНН', kpp: 'КПП', ogrn: 'ОГРН', bin: 'БИН', bik: 'БИК', corrAccount: 'Корр. счёт', settlementAccount: 'Расчётный счёт',
};

function fieldValue(key: string, value: unknown, branches: Record<string, string>): string {
  if (value === null || value === undefined) return key === 'staffBranchId' ? 'все филиалы' : '—';
  if (key === 'roles' && Array.isArray(value)) return value.length ? value.map((r) => ROLE_LABELS[r as Role] ?? String(r)).join(', ') : 'нет';
  if (key === 'staffBranchId') return branches[String(value)] ?? `№ ${String(value)}`;
  // A page's text and a questionnaire's questions are long: the log says how long they were and became; their screens show them.
  if ((key === 'bodyHtml' || key === 'model') && typeof value === 'string') return `${value.length} символов`;
  if (value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A field-by-field view of what changed: only the fields whose values differ. */
function Changes({ before, after, branches }: { before: unknown; after: unknown; branches: Record<string, string> }) {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  if (keys.length === 0) return <span className={styles.muted}>—</span>;
  return (
    <dl style={{ margin: 0 }}>
      {keys.map((k) => (
        <div key={k}>
          <dt style={{ fontWeight: 600 }}>{FIELD_LABELS[k] ?? k}</dt>
          <dd style={{ margin: '0 0 4px' }}><del>{fieldValue(k, b[k], branches)}</del> → <ins>{fieldValue(k, a[k], branches)}</ins></dd>
        </div>
      ))}
    </dl>
  );
}

type AuditRow = Route.ComponentProps['loaderData']['rows'][number];

function columns(branches: Record<string, string>): ReadonlyArray<Column<AuditRow>> {
  return [
    { id: 'at', header: 'Когда', nowrap: true, primary: true, cell: (r) => when.format(new Date(r.at)) },
    { id: 'actor', header: 'Кто', cell: (r) => (r.actorId !== null ? <Link to={`${PATH}?actor=${r.actorId}`}>{r.actorName}</Link> : r.actorName) },
    {
      id: 'what', header: 'Что',
      cell: (r) => <>{ACTION_LABELS[r.action] ?? r.action}<br />{ENTITY_LINKS[r.entity] && r.action !== 'promotion.delete' ? <Link to={ENTITY_LINKS[r.entity]!(r.entityId)}>№ {r.entityId}</Link> : <span className={styles.muted}>{r.entity} № {r.entityId}</span>}</>,
    },
    { id: 'changes', header: 'Изменения', cell: (r) => <Changes before={r.before} after={r.after} branches={branches} /> },
  ];
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { rows, page, hasNext, filter, branches } = loaderData;
  const query = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]) => [k, String(v)]));
  return (
    <>
      <h1 className={styles.title}>Журнал изменений</h1>
      <p className={styles.lead}>Всё, что сотрудники меняют в бэк-офисе: кто, когда, что было и что стало.</p>
      <Form method="get" className={styles.filters}>
        <label>Объект
          <select name="entity" defaultValue={filter.entity ?? ''}>
            <option value="">Все</option>
            <option value="user">Пользователи</option>
            <option value="order">Заказы</option>
            <option value="lead">Заявки</option>
            <option value="page">Страницы</option>
            <option value="promotion">Акции</option>
            <option value="branch">Филиалы</option>
            <option value="financing_programme">Программы финансирования</option>
          </select>
        </label>
        <label>№ объекта<input name="entityId" defaultValue={filter.entityId ?? ''} maxLength={100} inputMode="numeric" /></label>
        <label>№ сотрудника<input name="actor" defaultValue={filter.actor ?? ''} maxLength={10} inputMode="numeric" /></label>
        <label>С<input type="date" name="from" defaultValue={filter.from ?? ''} /></label>
        <label>По<input type="date" name="to" defaultValue={filter.to ?? ''} /></label>
        <button type="submit" className="btn btn-secondary">Показать</button>
      </Form>
      <DataTable caption="Журнал изменений" columns={columns(branches)} rows={rows} rowKey={(r) => r.id} rowTestId="audit-row" empty="Записей нет." />
      <Pager path={PATH} query={query} page={page} hasNext={hasNext} label="Страницы журнала" />
    </>
  );
}
