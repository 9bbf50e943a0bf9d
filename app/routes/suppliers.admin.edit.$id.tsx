import { Form, data, redirect, useLocation, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { EditorField, EditorSelect, editorStyles } from '#app/components/backoffice/editor.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import {
  INVITATION_MESSAGES, MAX_MARKUP_RULES, MISSING_ROWS, MISSING_ROWS_LABELS, SOURCE_LABELS, SUPPLIER_CURRENCIES, SUPPLIER_MESSAGES, SUPPLIER_SOURCES,
  supplierSettingsInput, tokenNameInput,
} from '#app/modules/suppliers/suppliers.schema.ts';
import {
  addMember, createToken, organisationForEditing, removeMember, revokeToken, updateSettings,
} from '#app/modules/suppliers/suppliers.server.ts';
import { pendingInvitations } from '#app/modules/suppliers/invitations.server.ts';
import type { Route } from './+types/suppliers.admin.edit.$id';

export const handle: AdminHandle = { capability: 'suppliers.manage' };

const NOTICES = {
  created: 'Поставщик создан. Задайте источники и правила разбора, добавьте его пользователей.',
  saved: SUPPLIER_MESSAGES.saved,
  member: 'Пользователь добавлен: теперь он входит в кабинет поставщика.',
  invited: INVITATION_MESSAGES.invited,
  removed: 'Пользователь больше не работает у поставщика.',
  revoked: 'Токен отозван: запросы с ним больше не принимаются.',
} as const;

function idOf(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,8}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

/** One supplier organisation (spec §2 `/suppliers/admin/edit/{id}`, ADR 091): its settings, people and API tokens. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const id = idOf(params.id);
  const [organisation, invitations] = await Promise.all([organisationForEditing(ctx.services.db, id), pendingInvitations(ctx.services.db, id)]);
  if (!organisation) throw data(null, { status: 404 });
  const done = url.searchParams.get('done');
  return data({
    organisation, invitations, csrf: ctx.csrfToken,
    notice: done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null,
  }, { headers: ADMIN_HEADERS });
}

type Refusal = { intent: string; errors: Record<string, string>; values?: Record<string, unknown> };

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const id = idOf(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const here = `/suppliers/admin/edit/${id}`;
  const refuse = (errors: Record<string, string>, status: number, values?: Record<string, unknown>) => data<Refusal>({ intent, errors, values }, { status });
  const db = ctx.services.db;
  if (intent === 'settings') {
    const sent = {
      name: String(form.get('name') ?? ''), inn: String(form.get('inn') ?? ''), sources: form.getAll('sources').map(String),
      senders: String(form.get('senders') ?? ''), currency: String(form.get('currency') ?? ''), leadTimeDays: String(form.get('leadTimeDays') ?? ''),
      markupRules: Array.from({ length: MAX_MARKUP_RULES }, (_, i) => ({ from: String(form.get(`markupFrom${i}`) ?? ''), percent: String(form.get(`markupPercent${i}`) ?? '') })),
      autoPublishMaxChange: String(form.get('autoPublishMaxChange') ?? ''), missingRows: String(form.get('missingRows') ?? ''),
    };
    const parsed = supplierSettingsInput.safeParse(sent);
    if (!parsed.success) return refuse(firstIssueByField(parsed.error.issues), 400, sent);
    const saved = await updateSettings(db, staff, id, parsed.data, ctx.ip);
    if (!saved.ok && !saved.field) throw data(null, { status: 404 });
    if (!saved.ok) return refuse({ [saved.field!]: saved.message }, 409, sent);
    return redirect(`${here}?done=saved`);
  }
  if (intent === 'add-member') {
    const email = String(form.get('email') ?? '').trim().slice(0, 254);
    if (!email) return refuse({ email: SUPPLIER_MESSAGES.email }, 400);
    const added = await addMember(db, staff, id, email, ctx.services.config.PUBLIC_ORIGIN, ctx.ip);
    if (!added.ok) return refuse({ email: added.message }, added.field === 'email' && added.message === SUPPLIER_MESSAGES.email ? 400 : 409, { email });
    return redirect(`${here}?done=${added.value === 'invited' ? 'invited' : 'member'}`);
  }
  if (intent === 'remove-member') {
    const removed = await removeMember(db, staff, id, Number(form.get('userId')) || 0, ctx.ip);
    return removed.ok ? redirect(`${here}?done=removed`) : refuse({ members: removed.message }, 404);
  }
  if (intent === 'create-token') {
    const name = tokenNameInput.safeParse(String(form.get('tokenName') ?? ''));
    if (!name.success) return refuse({ tokenName: name.error.issues[0]!.message }, 400);
    const made = await createToken(db, staff, id, name.data, ctx.ip);
    if (!made.ok) return refuse({ tokenName: made.message }, 409);
    // The token itself is in this answer only: never in a page that can be reloaded or in a log.
    return data({ intent, token: made.value, tokenName: name.data });
  }
  if (intent === 'revoke-token') {
    const revoked = await revokeToken(db, staff, id, Number(form.get('tokenId')) || 0, ctx.ip);
    return revoked.ok ? redirect(`${here}?done=revoked`) : refuse({ tokens: revoked.message }, 404);
  }
  return refuse({ form: 'Неизвестное действие' }, 400);
}

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `${loaderData.organisation.name} — поставщик` : 'Поставщик');

const dateTime = (iso: string) => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Moscow' }).format(new Date(iso));

export default function SupplierEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation: o, invitations, csrf, notice } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const location = useLocation();
  const refusal = actionData && 'errors' in actionData ? actionData : null;
  const token = actionData && 'token' in actionData ? actionData : null;
  const errors: Record<string, string> = refusal?.errors ?? {};
  const sent = refusal?.intent === 'settings' ? refusal.values as Record<string, unknown> | undefined : undefined;
  const v = (key: string, fallback: string) => (typeof sent?.[key] === 'string' ? sent[key] as string : fallback);
  const sources = Array.isArray(sent?.sources) ? sent.sources as string[] : o.sources;
  const rules = Array.isArray(sent?.markupRules) ? sent.markupRules as Array<{ from: string; percent: string }> : o.markupRules.map((r) => ({ from: String(r.from / 100), percent: String(r.percent) }));
  const hidden = <input type="hidden" name="_csrf" value={csrf} />;
  return (
    <>
      <p><Link to="/suppliers/admin">← Поставщики</Link></p>
      <h1 className={styles.title}>{o.name}</h1>
      <p className={styles.lead}><Link to={`/admin/audit?entity=supplier&entityId=${o.id}`}>История изменений</Link></p>
      <Toast message={!actionData ? notice : null} token={loaderData} />
      {refusal?.intent === 'settings' ? <p className={styles.error} role="alert">Проверьте поля формы: ничего не сохранено.</p> : null}

      <Form method="post" className={editorStyles.form} key={location.key}>
        {hidden}
        <input type="hidden" name="intent" value="settings" />
        <fieldset className={editorStyles.fieldset}>
          <legend>Организация</legend>
          <div className={editorStyles.row}>
            <EditorField name="name" label="Название" value={v('name', o.name)} error={errors.name} maxLength={200} required />
            <EditorField name="inn" label="ИНН" value={v('inn', o.inn ?? '')} error={errors.inn} maxLength={14} inputMode="numeric" />
          </div>
        </fieldset>
        <fieldset className={editorStyles.fieldset}>
          <legend>Откуда приходят прайс-листы</legend>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }} data-field="sources">
            {SUPPLIER_SOURCES.map((s) => (
              <label key={s} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                <input type="checkbox" name="sources" value={s} defaultChecked={sources.includes(s)} />{SOURCE_LABELS[s]}
              </label>
            ))}
          </div>
          {errors.sources ? <p className={editorStyles.fieldError}>{errors.sources}</p> : null}
          <EditorField name="senders" label="Адреса отправителей писем" rows={3} value={v('senders', o.senders.join('\n'))} error={errors.senders}
            hint="По одному в строке. Вложения писем с других адресов попадают в карантин." code />
        </fieldset>
        <fieldset className={editorStyles.fieldset}>
          <legend>Правила разбора</legend>
          <div className={editorStyles.row}>
            <EditorSelect name="currency" label="Валюта прайс-листа" value={v('currency', o.currency)} error={errors.currency} options={SUPPLIER_CURRENCIES.map((c) => [c, c])} />
            <EditorField name="leadTimeDays" label="Срок поставки, дней" inputMode="numeric" value={v('leadTimeDays', String(o.leadTimeDays))} error={errors.leadTimeDays} maxLength={3} required />
            <EditorField name="autoPublishMaxChange" label="Публиковать сам, если цены изменились не больше чем на, %" inputMode="numeric"
              value={v('autoPublishMaxChange', String(o.autoPublishMaxChange))} error={errors.autoPublishMaxChange} maxLength={3} required
              hint="Больше — прайс-лист ждёт проверки сотрудника" />
          </div>
          <EditorSelect name="missingRows" label="Строки, которых нет в полном прайс-листе" value={v('missingRows', o.missingRows)} error={errors.missingRows}
            options={MISSING_ROWS.map((m) => [m, MISSING_ROWS_LABELS[m]])} />
          <fieldset className={editorStyles.field} data-field="markupRules" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className={editorStyles.label}>Наценка к цене поставщика</legend>
            <table className={styles.table}>
              <thead><tr><th scope="col">Цена поставщика от, {v('currency', o.currency)}</th><th scope="col">Наценка, %</th></tr></thead>
              <tbody>
                {Array.from({ length: MAX_MARKUP_RULES }, (_, i) => (
                  <tr key={i}>
                    <td><input className={editorStyles.input} name={`markupFrom${i}`} aria-label={`Цена от, строка ${i + 1}`} defaultValue={rules[i]?.from ?? ''} inputMode="decimal" maxLength={20} /></td>
                    <td><input className={editorStyles.input} name={`markupPercent${i}`} aria-label={`Наценка, строка ${i + 1}`} defaultValue={rules[i]?.percent ?? ''} inputMode="decimal" maxLength={10} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
            <span className={editorStyles.hint}>Действует строка с наибольшей «ценой от», которую цена достигает. Пустые строки не учитываются.</span>
            {errors.markupRules ? <p className={editorStyles.fieldError}>{errors.markupRules}</p> : null}
          </fieldset>
        </fieldset>
        <div className={editorStyles.actions}>
          <button type="submit" className="btn btn-brand" disabled={busy}>Сохранить настройки</button>
        </div>
      </Form>

      <section className={styles.card} aria-labelledby="members">
        <h2 id="members" style={{ marginTop: 0 }}>Пользователи поставщика</h2>
        {o.members.length ? (
          <ul data-testid="supplier-members">
            {o.members.map((m) => (
              <li key={m.id}>
                {m.name} {m.email ? <span className={styles.muted}>{m.email}</span> : null}{' '}
                <Form method="post" style={{ display: 'inline' }}>
                  {hidden}<input type="hidden" name="intent" value="remove-member" /><input type="hidden" name="userId" value={m.id} />
                  <button type="submit" className="btn btn-secondary" disabled={busy} aria-label={`Убрать: ${m.name}`}>Убрать</button>
                </Form>
              </li>
            ))}
          </ul>
        ) : <p className={styles.muted}>Пользователей пока нет.</p>}
        {invitations.length ? (
          <>
            <h3>Приглашены, ещё не вошли</h3>
            <ul data-testid="supplier-invitations">
              {invitations.map((i) => <li key={i.email}>{i.email} <span className={styles.muted}>ссылка действует до {dateTime(i.expiresAt)}</span></li>)}
            </ul>
          </>
        ) : null}
        {errors.members ? <p className={styles.error} role="alert">{errors.members}</p> : null}
        <Form method="post" className={editorStyles.form} key={location.key}>
          {hidden}<input type="hidden" name="intent" value="add-member" />
          <EditorField name="email" label="E-mail пользователя" type="email" value={refusal?.intent === 'add-member' ? String(refusal.values?.email ?? '') : ''}
            error={errors.email} maxLength={254} required
            hint="Он получит доступ к кабинету поставщика и увидит только данные этой организации. Если у него ещё нет учётной записи, мы пришлём ему приглашение со ссылкой." />
          <div className={editorStyles.actions}><button type="submit" className="btn btn-secondary" disabled={busy}>Добавить пользователя</button></div>
        </Form>
      </section>

      <section className={styles.card} aria-labelledby="tokens">
        <h2 id="tokens" style={{ marginTop: 0 }}>Токены API</h2>
        {token ? (
          <div className={styles.notice} role="status" data-testid="new-token">
            <p style={{ marginTop: 0 }}>Токен «{token.tokenName}» создан. {SUPPLIER_MESSAGES.tokenShownOnce}</p>
            <code style={{ wordBreak: 'break-all' }}>{token.token}</code>
          </div>
        ) : null}
        {o.tokens.length ? (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Токены API</caption>
              <thead><tr><th scope="col">Название</th><th scope="col">Начало</th><th scope="col">Создан</th><th scope="col">Последний запрос</th><th scope="col">Состояние</th></tr></thead>
              <tbody>
                {o.tokens.map((t) => (
                  <tr key={t.id} data-testid="token-row">
                    <td>{t.name}</td><td><code>{t.prefix}…</code></td><td>{dateTime(t.createdAt)}</td><td>{t.lastUsedAt ? dateTime(t.lastUsedAt) : '—'}</td>
                    <td>{t.revokedAt ? `отозван ${dateTime(t.revokedAt)}` : (
                      <Form method="post">
                        {hidden}<input type="hidden" name="intent" value="revoke-token" /><input type="hidden" name="tokenId" value={t.id} />
                        <button type="submit" className="btn btn-secondary" disabled={busy} aria-label={`Отозвать: ${t.name}`}>Отозвать</button>
                      </Form>
                    )}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : <p className={styles.muted}>Токенов нет. Токен нужен, чтобы присылать прайс-листы через API.</p>}
        {errors.tokens ? <p className={styles.error} role="alert">{errors.tokens}</p> : null}
        <Form method="post" className={editorStyles.form} key={location.key}>
          {hidden}<input type="hidden" name="intent" value="create-token" />
          <EditorField name="tokenName" label="Название нового токена" value="" error={errors.tokenName} maxLength={100} required hint="Например, «Выгрузка из 1С»" />
          <div className={editorStyles.actions}><button type="submit" className="btn btn-secondary" disabled={busy}>Создать токен</button></div>
        </Form>
      </section>
    </>
  );
}
