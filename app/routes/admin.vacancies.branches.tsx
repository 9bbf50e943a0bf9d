import { Form, data, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { editorStyles } from '#app/components/backoffice/editor.tsx';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { aliasLink } from '#app/modules/vacancies/vacancies.rules.ts';
import { VACANCY_MESSAGES, branchHrInput } from '#app/modules/vacancies/vacancies.schema.ts';
import { branchesForHr, saveBranchHr } from '#app/modules/vacancies/vacancies-editing.server.ts';
import type { Route } from './+types/admin.vacancies.branches';

export const handle: AdminHandle = { capability: 'vacancies.applications' };

/**
 * `/admin/vacancies/branches` (ADR 092): each branch's vacancies page (its slug) and the HR address
 * its applications are e-mailed to — a branch manager's own branch, every branch for an administrator.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  return data({ branches: await branchesForHr(ctx.services, { branchId: staff.branchId }), csrf: ctx.csrfToken }, { headers: ADMIN_HEADERS });
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const form = await request.formData().catch(() => null);
  const raw = { branchId: form?.get('branchId'), alias: form?.get('alias'), hrEmail: form?.get('hrEmail') };
  const parsed = branchHrInput.safeParse(raw);
  const branchId = typeof raw.branchId === 'string' ? raw.branchId : '';
  if (!parsed.success) return data({ branchId, errors: firstIssueByField(parsed.error.issues) }, { status: 400 });
  const saved = await saveBranchHr(ctx.services, { userId: staff.userId, name: staff.name, branchId: staff.branchId }, parsed.data, ctx.ip);
  if (!saved.ok) return data({ branchId, errors: saved.errors }, { status: saved.code === 'forbidden' ? 403 : 400 });
  return data({ branchId, toast: VACANCY_MESSAGES.branchSaved });
}

export const meta = () => adminMeta('Филиалы и адреса для откликов');

export default function AdminVacancyBranches({ loaderData, actionData }: Route.ComponentProps) {
  const { branches, csrf } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const errorsOf = (id: number): Record<string, string> => (actionData && 'errors' in actionData && actionData.branchId === String(id) ? actionData.errors : {});
  return (
    <>
      <p><Link to="/admin/vacancies">← Вакансии</Link></p>
      <h1 className={styles.title}>Филиалы и адреса для откликов</h1>
      <p className={styles.lead}>
        У филиала с адресом списка есть страница вакансий (/vacancies/адрес), и отклики на его вакансии приходят на указанный e-mail.
      </p>
      <Toast message={actionData && 'toast' in actionData ? actionData.toast : null} token={actionData} />
      {branches.map((b) => {
        const errors = errorsOf(b.branchId);
        return (
          <Form method="post" key={b.branchId} className={styles.card} style={{ marginBottom: 12 }} data-testid="branch-hr" aria-label={`Филиал «${b.name}»`}>
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="branchId" value={b.branchId} />
            <p style={{ margin: '0 0 8px' }}>
              <strong>{b.name}</strong> ({b.city}) · вакансий: {b.vacancies}
              {b.alias ? <> · <Link to={aliasLink(b.alias)}>страница вакансий</Link></> : ' · страницы вакансий нет'}
            </p>
            <div className={editorStyles.row}>
              <div className={editorStyles.field}>
                <label className={editorStyles.label} htmlFor={`alias-${b.branchId}`}>Адрес списка</label>
                <input id={`alias-${b.branchId}`} name="alias" defaultValue={b.alias} maxLength={40} className={editorStyles.input} />
                {errors.alias ? <p className={editorStyles.fieldError}>{errors.alias}</p> : null}
              </div>
              <div className={editorStyles.field}>
                <label className={editorStyles.label} htmlFor={`hr-${b.branchId}`}>E-mail для откликов</label>
                <input id={`hr-${b.branchId}`} name="hrEmail" type="email" defaultValue={b.hrEmail} maxLength={254} className={editorStyles.input} />
                {errors.hrEmail ? <p className={editorStyles.fieldError}>{errors.hrEmail}</p> : null}
              </div>
            </div>
            {errors.branchId ? <p className={styles.error} role="alert">{errors.branchId}</p> : null}
            <button type="submit" className="btn btn-secondary" disabled={busy}>Сохранить</button>
          </Form>
        );
      })}
    </>
  );
}
