import { Form, data, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { ConfirmDialog } from '#app/components/backoffice/ConfirmDialog.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { CAPABILITY_LABELS, ROLES, ROLE_CAPABILITIES, ROLE_LABELS } from '#app/modules/auth/capabilities.rules.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { ROLES_MESSAGES, rolesInput } from '#app/modules/auth/staff-users.schema.ts';
import { setUserRoles, userForAdmin } from '#app/modules/auth/staff-users.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/admin.users.$id';

export const handle: AdminHandle = { capability: 'users.manage' };

function userId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const user = await userForAdmin(ctx.services.db, userId(params.id));
  if (!user) throw data(null, { status: 404 });
  const { branches } = await regionDirectory(ctx.services);
  return data({
    user, csrf: ctx.csrfToken,
    branches: branches.map((b) => ({ id: b.id, name: `${b.name} (${b.city})` })),
  }, { headers: ADMIN_HEADERS });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const id = userId(params.id);
  const form = await request.formData();
  const parsed = rolesInput.safeParse({ roles: form.getAll('roles'), staffBranchId: form.get('staffBranchId') ?? '' });
  if (!parsed.success) return data({ message: parsed.error.issues[0]!.message }, { status: 400 });
  // Taking roles away asks first (ADR 079): the answer names them and the page asks for a
  // confirmation, which posts the same roles with `confirmed` (in a dialog, or in place without scripts).
  const user = await userForAdmin(ctx.services.db, id);
  if (!user) throw data(null, { status: 404 });
  const removed = user.roles.filter((r) => !parsed.data.roles.includes(r));
  if (removed.length > 0 && form.get('confirmed') !== '1') {
    return data({ confirm: { removed: removed.map((r) => ROLE_LABELS[r]), roles: parsed.data.roles, staffBranchId: parsed.data.staffBranchId } });
  }
  const result = await setUserRoles(ctx.services.db, staff, id, parsed.data, ctx.ip);
  if (!result.ok) return data({ message: result.message }, { status: result.status });
  return data({ toast: result.changed ? 'Сохранено' : 'Изменений нет' });
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? `Пользователь ${d.user.name}` : ROLES_MESSAGES.notFound);

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, csrf, branches } = loaderData;
  const failure = actionData && 'message' in actionData ? actionData.message : null;
  const confirm = actionData && 'confirm' in actionData ? actionData.confirm : null;
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <p><Link to="/admin/users">← Пользователи</Link></p>
      <h1 className={styles.title}>{user.name || 'Без имени'} <span className={styles.muted}>№ {user.id}</span></h1>
      <p className={styles.lead}>
        {[user.email, user.phone ? formatPhoneDisplay(user.phone) : null].filter(Boolean).join(' · ')}
        {' · '}<Link to={`/admin/audit?entity=user&entityId=${user.id}`}>История изменений</Link>
      </p>
      <Toast message={actionData && 'toast' in actionData ? actionData.toast : null} token={actionData} />
      {failure ? <p className={styles.error} role="alert">{failure}</p> : null}
      {confirm ? (
        <ConfirmDialog
          openFor={actionData}
          title={confirm.removed.length > 1 ? 'Снять роли?' : 'Снять роль?'}
          message={<p>{user.name || 'Пользователь'} потеряет {confirm.removed.length > 1 ? 'роли' : 'роль'} «{confirm.removed.join('», «')}» и разделы, которые {confirm.removed.length > 1 ? 'они открывали' : 'она открывала'}.</p>}
          confirmLabel="Снять и сохранить"
          fields={{ _csrf: csrf, roles: confirm.roles, staffBranchId: confirm.staffBranchId, confirmed: '1' }}
          busy={busy}
        />
      ) : null}
      <Form method="post" className={styles.card} style={{ maxWidth: 640 }}>
        <input type="hidden" name="_csrf" value={csrf} />
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>Роли</legend>
          {ROLES.map((r) => (
            <label key={r} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '6px 0' }}>
              <input type="checkbox" name="roles" value={r} defaultChecked={user.roles.includes(r)} style={{ marginTop: 4 }} />
              <span>{ROLE_LABELS[r]}<br /><span className={styles.muted} style={{ fontSize: 'var(--text-xs)' }}>{ROLE_CAPABILITIES[r].map((c) => CAPABILITY_LABELS[c]).join(', ')}</span></span>
            </label>
          ))}
        </fieldset>
        <div className={styles.filters}>
          <label>Филиал сотрудника
            <select name="staffBranchId" defaultValue={user.staffBranchId ?? ''}>
              <option value="">Все филиалы (центральный офис)</option>
              {branches.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
            </select>
          </label>
        </div>
        <button type="submit" className="btn btn-brand" disabled={busy}>{busy ? 'Сохраняем…' : 'Сохранить'}</button>
      </Form>
    </>
  );
}
