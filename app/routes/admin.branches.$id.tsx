import { Form, data, redirect, useLocation, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DraftNote, EditorActions, EditorField, Preview, editorStyles } from '#app/components/backoffice/editor.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { EDITING_MESSAGES, editIntent } from '#app/modules/content/editing.schema.ts';
import { BRANCH_FIELDS, BRANCH_MESSAGES, branchInput, type BranchInput } from '#app/modules/regions/branch-editing.schema.ts';
import {
  branchCardPreview, branchCountry, branchForEditing, discardBranchDraft, publishBranch, saveBranchDraft,
} from '#app/modules/regions/branch-editing.server.ts';
import { BranchCard } from '#app/modules/regions/ui/BranchCard.tsx';
import type { Route } from './+types/admin.branches.$id';

export const handle: AdminHandle = { capability: 'branch.manage' };

const NOTICES = { draft: 'Черновик сохранён. Предпросмотр показывает карточку филиала, как её увидят посетители.', published: BRANCH_MESSAGES.published, discarded: EDITING_MESSAGES.discarded } as const;

function idOf(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,8}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const branch = await branchForEditing(ctx.services, idOf(params.id), staff.branchId);
  if (!branch) throw data(null, { status: 404 });
  const preview = await branchCardPreview(ctx.services, branch.id, branch.draft ?? branch.live);
  const done = url.searchParams.get('done');
  return data({
    branch, preview, csrf: ctx.csrfToken,
    notice: done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null,
  }, { headers: ADMIN_HEADERS });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const id = idOf(params.id);
  // Another branch's manager is answered as if the branch did not exist, before anything is read from the form.
  const country = await branchCountry(ctx.services, id, staff.branchId);
  if (!country) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = editIntent.parse(form.get('intent'));
  const here = `/admin/branches/${id}`;
  if (intent === 'discard') {
    await discardBranchDraft(ctx.services, id);
    return redirect(`${here}?done=discarded`);
  }
  const sent = Object.fromEntries(BRANCH_FIELDS.map((k) => [k, form.get(k) ?? '']));
  const parsed = branchInput(country).safeParse(sent);
  if (!parsed.success) return data({ errors: firstIssueByField(parsed.error.issues), values: sent as Record<string, unknown> }, { status: 400 });
  const editor = { userId: staff.userId, name: staff.name };
  if (intent === 'publish') await publishBranch(ctx.services, editor, id, parsed.data, ctx.ip);
  else await saveBranchDraft(ctx.services, editor, id, parsed.data);
  return redirect(`${here}?done=${intent === 'publish' ? 'published' : 'draft'}`);
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? `Филиал ${d.branch.name}` : BRANCH_MESSAGES.notFound);

const PHONES = new Set<keyof BranchInput>(['phone', 'phoneInternal', 'servicePhone', 'servicePhoneInternal']);

export default function AdminBranch({ loaderData, actionData }: Route.ComponentProps) {
  const { branch, preview, csrf, notice } = loaderData;
  const busy = useNavigation().state === 'submitting';
  // A save (a redirect with its notice, or a new draft) starts the form from what the server has; a
  // refusal keeps what was typed. Not location.key: it differs between the server and hydration,
  // which would empty what was typed before the page's script ran.
  const location = useLocation();
  const start = branch.draft ?? branch.live;
  const sent = actionData?.values;
  const v = (key: keyof BranchInput) => {
    if (typeof sent?.[key] === 'string') return sent[key] as string;
    return PHONES.has(key) && start[key] ? formatPhoneDisplay(start[key]) : start[key];
  };
  const errors: Record<string, string> = actionData?.errors ?? {};
  const field = (name: keyof BranchInput, label: string, extra: { hint?: string; type?: 'tel' | 'email'; rows?: number; required?: boolean } = {}) => (
    <EditorField name={name} label={label} value={v(name)} error={errors[name]} maxLength={300} {...extra} inputMode={extra.type === 'tel' ? 'tel' : undefined} />
  );
  const ru = branch.countryCode === 'RU';
  const lineHint = 'Пусто — показывается общий номер страны';
  return (
    <>
      <p><Link to="/admin/branches">← Филиалы</Link></p>
      <h1 className={styles.title}>{branch.name}{branch.city !== branch.name ? <> <span className={styles.muted}>{branch.city}</span></> : null}</h1>
      <p className={styles.lead}><Link to="/contacts">Контакты на сайте</Link> · <Link to={`/admin/audit?entity=branch&entityId=${branch.id}`}>История изменений</Link></p>
      <Toast message={actionData ? null : notice} token={loaderData} />
      {actionData ? <p className={styles.error} role="alert">Проверьте поля формы: ничего не сохранено.</p> : null}
      <div className={editorStyles.layout}>
        <Form method="post" className={editorStyles.form} key={`${location.search}|${branch.draft?.updatedAt ?? ''}`}>
          <input type="hidden" name="_csrf" value={csrf} />
          <DraftNote draft={branch.draft} />
          <fieldset className={editorStyles.fieldset}>
            <legend>Контакты</legend>
            {field('address', 'Адрес', { required: true })}
            <div className={editorStyles.row}>
              {field('email', 'E-mail', { type: 'email', required: true })}
              {field('hours', 'Часы работы', { required: true })}
            </div>
            <div className={editorStyles.row}>
              {field('phone', 'Отдел продаж', { type: 'tel', hint: lineHint })}
              {field('phoneInternal', 'Продажи, внутри страны (8…)', { type: 'tel' })}
            </div>
            <div className={editorStyles.row}>
              {field('servicePhone', 'Сервис', { type: 'tel', hint: lineHint })}
              {field('servicePhoneInternal', 'Сервис, внутри страны (8…)', { type: 'tel' })}
            </div>
          </fieldset>
          <fieldset className={editorStyles.fieldset}>
            <legend>Коммерческие предложения</legend>
            {field('discountThreshold', 'Порог скидки, %', { hint: 'Скидку выше порога в предложении согласует руководитель филиала', required: true })}
          </fieldset>
          <fieldset className={editorStyles.fieldset}>
            <legend>Реквизиты для счетов</legend>
            {field('legalName', 'Юридическое лицо')}
            {field('legalAddress', 'Юридический адрес')}
            {ru ? (
              <div className={editorStyles.row}>{field('inn', 'ИНН')}{field('kpp', 'КПП')}{field('ogrn', 'ОГРН')}</div>
            ) : field('bin', 'БИН')}
            {field('bankName', 'Банк')}
            <div className={editorStyles.row}>
              {field('bik', ru ? 'БИК' : 'БИК (SWIFT)')}
              {ru ? field('corrAccount', 'Корр. счёт') : null}
              {field('settlementAccount', ru ? 'Расчётный счёт' : 'IBAN')}
            </div>
            <p className={editorStyles.hint}>Счета выставляются, когда заполнены юридическое лицо и адрес, {ru ? 'ИНН' : 'БИН'}, банк, БИК и {ru ? 'расчётный счёт' : 'IBAN'}.</p>
          </fieldset>
          <EditorActions busy={busy} hasDraft={branch.draft !== null} />
        </Form>
        {preview ? (
          <Preview label={branch.draft ? 'Черновик — карточка на странице контактов' : 'Карточка на странице контактов'} link={<Link to="/contacts">Открыть контакты</Link>}>
            <div style={{ maxWidth: 420, margin: '0 auto', padding: '0 var(--space-2)' }}>
              <BranchCard branch={preview.branch} country={preview.country} />
            </div>
          </Preview>
        ) : null}
      </div>
    </>
  );
}
