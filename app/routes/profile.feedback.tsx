import { Form, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { viewerOf } from '#app/modules/auth/users.server.ts';
import { listFeedback } from '#app/modules/content/content.server.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/profile.feedback';
import styles from './profile.feedback.module.css';

// The layout (profile.tsx) sends guests to sign in and marks the page private, no-store.

/**
 * 'Написать нам' for company employees (auth_user.is_employee): the newest messages of one branch
 * (the employee's current branch by default) or of all, with their delivery state. Others get 404,
 * as if the page did not exist.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const viewer = await viewerOf(ctx);
  if (!viewer.isLbrUser) throw data(null, { status: 404 });
  const raw = url.searchParams.get('branch');
  const { branches } = await regionDirectory(ctx.services);
  const current = (await currentLocation(ctx)).currentBranch.id;
  // Strict: digits naming a known branch, 'all', or nothing (the employee's branch).
  const branchId = raw === 'all' ? null : raw && /^\d{1,9}$/.test(raw) && branches.some((b) => b.id === Number(raw)) ? Number(raw) : current;
  const messages = await listFeedback(ctx.services, { branchId, limit: 100 });
  return { branchId, branches: branches.map((b) => ({ id: b.id, name: b.name })), messages };
}

export const meta = () => [...pageMeta('Обращения «Написать нам»', 'Сообщения посетителей филиалам.'), { name: 'robots', content: 'noindex, nofollow' }];

export const handle = { crumbs: () => [{ label: 'Личный кабинет', to: '/profile' }] };

const STATE_LABEL = { sent: 'отправлено в филиал', pending: 'ждёт отправки', failed: 'не доставлено' } as const;

export default function ProfileFeedback({ loaderData }: Route.ComponentProps) {
  const { branchId, branches, messages } = loaderData;
  const names = new Map(branches.map((b) => [b.id, b.name]));
  return (
    <section aria-labelledby="feedback-title">
      <h1 id="feedback-title" className={styles.title}>Обращения «Написать нам»</h1>
      <Form method="get" className={styles.filter}>
        <label htmlFor="branch">Филиал</label>
        <select id="branch" name="branch" defaultValue={branchId ?? 'all'}>
          <option value="all">Все филиалы</option>
          {branches.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
        </select>
        <button type="submit" className="btn btn-secondary">Показать</button>
      </Form>
      {messages.length === 0 ? <p className={styles.muted}>Обращений нет.</p> : (
        <ol className={styles.list}>
          {messages.map((m) => (
            <li key={m.id} className={styles.item}>
              <p className={styles.head}>
                <strong>№{m.id} · {m.name}</strong> · <a href={`tel:+${m.phone}`}>+{m.phone}</a>
                {m.email ? <> · <a href={`mailto:${m.email}`}>{m.email}</a></> : null}
              </p>
              <p className={styles.muted}>
                {new Date(m.createdAt).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })} · {m.branchId ? names.get(m.branchId) ?? `филиал ${m.branchId}` : 'без филиала'} ·{' '}
                <span className={m.deliveryState === 'sent' ? styles.ok : styles.warn}>{STATE_LABEL[m.deliveryState]}</span>
              </p>
              <p className={styles.message}>{m.message}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
