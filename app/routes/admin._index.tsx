import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, ADMIN_SECTIONS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { listLeads } from '#app/modules/leads/leads.server.ts';
import type { Route } from './+types/admin._index';

export const handle: AdminHandle = { capability: 'backoffice.enter' };

const ABOUT: Record<string, string> = {
  '/admin/orders': 'Заказы покупателей: статусы, цены позиций «по запросу».',
  '/admin/leads': 'Запросы предложений, сервиса и финансирования от посетителей.',
  '/admin/offers': 'Коммерческие предложения из 1С: версии, суммы, сроки.',
  '/admin/content': 'Страницы сайта и акции: черновики, предпросмотр, публикация.',
  '/admin/branches': 'Адреса, телефоны, часы работы и реквизиты филиалов.',
  '/admin/financing': 'Программы лизинга, кредита и рассрочки: ставки и сроки с датой начала.',
  '/admin/users': 'Учётные записи, роли и филиалы сотрудников.',
  '/admin/audit': 'Кто, когда и что изменил.',
  '/admin/jobs': 'Письма и SMS в очереди, ошибки и повторы.',
};

/** The back-office's start: the sections he may open, with what waits in them. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const leads = staff.capabilities.has('leads.read') ? (await listLeads(ctx.services, { page: 1, branchId: staff.branchId })).total : null;
  const sections = ADMIN_SECTIONS.filter((s) => s.to !== '/admin' && staff.capabilities.has(s.capability))
    .map(({ to, label }) => ({ to, label, about: ABOUT[to] ?? '', count: to === '/admin/leads' ? leads : null }));
  return data({ name: staff.name, sections }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Сводка');

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { name, sections } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Здравствуйте, {name}</h1>
      <p className={styles.lead}>Разделы бэк-офиса, доступные вашей роли.</p>
      {sections.length === 0 ? <p className={styles.empty}>Вашей роли пока не открыт ни один раздел.</p> : (
        <ul className={styles.grid} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sections.map((s) => (
            <li key={s.to} className={styles.card}>
              <h2 style={{ margin: '0 0 8px', fontSize: 'var(--text-l)' }}><Link to={s.to}>{s.label}</Link></h2>
              {s.count !== null ? <p className={styles.stat}>{s.count}</p> : null}
              <p className={styles.muted} style={{ margin: 0 }}>{s.about}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
