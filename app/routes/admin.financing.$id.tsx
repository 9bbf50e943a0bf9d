import { Form, data, redirect, useLocation, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { EditorField, EditorSelect, Preview, editorStyles } from '#app/components/backoffice/editor.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import {
  FINANCING_KINDS, FINANCING_KIND_LABELS, MONTH_NAMES, SCHEDULE_METHODS, calculateSchedule, minAdvanceOf, termsOn, type ProgrammeTerms,
} from '#app/modules/financing/financing.rules.ts';
import {
  COUNTRY_CURRENCY, COUNTRY_LABELS, FINANCING_COUNTRIES, FINANCING_CURRENCIES, FINANCING_MESSAGES, PROGRAMME_TEXT_FIELDS, programmeInput,
} from '#app/modules/financing/financing.schema.ts';
import { financingToday, programmeForEditing, saveProgramme } from '#app/modules/financing/financing.server.ts';
import { ScheduleTable } from '#app/modules/financing/ui/ScheduleTable.tsx';
import { TermsHistory } from '#app/modules/financing/ui/TermsHistory.tsx';
import type { Route } from './+types/admin.financing.$id';

export const handle: AdminHandle = { capability: 'financing.manage' };

const LIST = '/admin/financing';
/** The example the editor's preview calculates: a machine of 10 000 000 in the programme's currency. */
const EXAMPLE_PRICE = 1_000_000_000;

function idOf(raw: string | undefined): number | 'new' {
  if (raw === 'new') return 'new';
  if (!raw || !/^[1-9]\d{0,8}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const id = idOf(params.id);
  const programme = id === 'new' ? null : await programmeForEditing(ctx.services, id);
  if (id !== 'new' && !programme) throw data(null, { status: 404 });
  return data({ id, programme, today: financingToday(), csrf: ctx.csrfToken, saved: url.searchParams.get('done') === 'saved' }, { headers: ADMIN_HEADERS });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const id = idOf(params.id);
  const form = await request.formData();
  const sent: Record<string, unknown> = Object.fromEntries(PROGRAMME_TEXT_FIELDS.map((k) => [k, typeof form.get(k) === 'string' ? form.get(k) : '']));
  sent.seasonalMonths = form.getAll('seasonalMonths').filter((v) => typeof v === 'string');
  sent.active = form.get('active') === 'on';
  const parsed = programmeInput.safeParse(sent);
  if (!parsed.success) return data({ errors: firstIssueByField(parsed.error.issues), values: sent }, { status: 400 });
  const saved = await saveProgramme(ctx.services, { userId: staff.userId, name: staff.name }, id, parsed.data, ctx.ip);
  if (!saved.ok && saved.code === 'not_found') throw data(null, { status: 404 });
  if (!saved.ok) return data({ errors: { [saved.field]: saved.message } as Record<string, string>, values: sent }, { status: 400 });
  return redirect(`${LIST}/${saved.id}?done=saved`);
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? (d.programme ? `Программа «${d.programme.name}»` : 'Новая программа') : FINANCING_MESSAGES.notFound);

const NEW_TERMS = (today: string): ProgrammeTerms => ({
  fromDate: today, annualRatePercent: 12, minTermMonths: 12, maxTermMonths: 60, minAdvancePercent: 10, seasonalMonths: [], maxDeferMonths: 0, active: true,
});
const rateText = (percent: number) => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(percent);

export default function AdminFinancingProgramme({ loaderData, actionData }: Route.ComponentProps) {
  const { programme, today, csrf, saved } = loaderData;
  const busy = useNavigation().state === 'submitting';
  // Each visit (a redirect after saving too) starts the form from what the server has; a refusal keeps what was typed.
  const location = useLocation();
  const inForce = programme ? termsOn(programme.terms, today) : null;
  const latest = programme?.terms.at(-1) ?? null;
  const start = { ...(latest ?? inForce ?? NEW_TERMS(today)), fromDate: latest && latest.fromDate > today ? latest.fromDate : today };
  const sent = actionData?.values;
  const v = (key: string, fallback: string) => (typeof sent?.[key] === 'string' ? sent[key] as string : fallback);
  const months = Array.isArray(sent?.seasonalMonths) ? (sent.seasonalMonths as string[]).map(Number) : start.seasonalMonths;
  const active = typeof sent?.active === 'boolean' ? sent.active : start.active;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const country = (v('countryCode', programme?.countryCode ?? 'RU') as 'RU' | 'KZ');
  const shown = inForce ?? latest;
  const example = shown && programme ? (() => {
    const advance = minAdvanceOf(shown, EXAMPLE_PRICE);
    const input = { price: EXAMPLE_PRICE, advance, termMonths: Math.min(36, shown.maxTermMonths), annualRatePercent: shown.annualRatePercent, kind: programme.kind, startDate: today };
    return SCHEDULE_METHODS.map((method) => calculateSchedule({ ...input, termMonths: Math.max(input.termMonths, shown.minTermMonths), method }));
  })() : null;
  return (
    <>
      <p><Link to={LIST}>← Финансирование</Link></p>
      <h1 className={styles.title}>{programme ? programme.name : 'Новая программа'}</h1>
      <p className={styles.lead}>
        {programme ? <Link to={`/admin/audit?entity=financing_programme&entityId=${programme.id}`}>История изменений</Link> : 'Программа появится в расчётах с даты начала действия условий.'}
      </p>
      <Toast message={saved && !actionData ? FINANCING_MESSAGES.saved : null} token={loaderData} />
      {actionData ? <p className={styles.error} role="alert">Проверьте поля формы: ничего не сохранено.</p> : null}
      <div className={editorStyles.layout}>
        <Form method="post" className={editorStyles.form} key={location.key}>
          <input type="hidden" name="_csrf" value={csrf} />
          <fieldset className={editorStyles.fieldset}>
            <legend>Программа</legend>
            <EditorField name="name" label="Название" value={v('name', programme?.name ?? '')} error={errors.name} maxLength={120} required />
            <div className={editorStyles.row}>
              <EditorSelect name="kind" label="Вид" value={v('kind', programme?.kind ?? 'leasing')} error={errors.kind}
                options={FINANCING_KINDS.map((k) => [k, FINANCING_KIND_LABELS[k]])} />
              <EditorSelect name="countryCode" label="Страна" value={country} error={errors.countryCode}
                options={FINANCING_COUNTRIES.map((c) => [c, COUNTRY_LABELS[c]])} />
              <EditorSelect name="currency" label="Валюта" value={v('currency', programme?.currency ?? COUNTRY_CURRENCY[country])} error={errors.currency}
                options={FINANCING_CURRENCIES.map((c) => [c, c])} />
              <EditorField name="sort" label="Порядок" type="number" inputMode="numeric" value={v('sort', String(programme?.sort ?? 0))} error={errors.sort} hint="Меньше — выше в списке" />
            </div>
          </fieldset>
          <fieldset className={editorStyles.fieldset}>
            <legend>Условия с даты</legend>
            <EditorField name="fromDate" label="Действуют с" type="date" value={v('fromDate', start.fromDate)} error={errors.fromDate} required
              hint="Сегодня или позже. Условия на ту же дату заменяются; прежние остаются в истории." />
            <div className={editorStyles.row}>
              <EditorField name="annualRatePercent" label="Ставка, % годовых" value={v('annualRatePercent', rateText(start.annualRatePercent))} error={errors.annualRatePercent} maxLength={6} required hint="Рассрочка — обычно 0" />
              <EditorField name="minAdvancePercent" label="Аванс от, %" type="number" inputMode="numeric" value={v('minAdvancePercent', String(start.minAdvancePercent))} error={errors.minAdvancePercent} required />
            </div>
            <div className={editorStyles.row}>
              <EditorField name="minTermMonths" label="Срок от, мес." type="number" inputMode="numeric" value={v('minTermMonths', String(start.minTermMonths))} error={errors.minTermMonths} required />
              <EditorField name="maxTermMonths" label="Срок до, мес." type="number" inputMode="numeric" value={v('maxTermMonths', String(start.maxTermMonths))} error={errors.maxTermMonths} required />
              <EditorField name="maxDeferMonths" label="Отсрочка до, мес." type="number" inputMode="numeric" value={v('maxDeferMonths', String(start.maxDeferMonths))} error={errors.maxDeferMonths} hint="0 — без отсрочки" />
            </div>
            <fieldset className={editorStyles.field} data-field="seasonalMonths" style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className={editorStyles.label}>Месяцы сезонных платежей</legend>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px' }}>
                {MONTH_NAMES.map((name, i) => (
                  <label key={name} style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
                    <input type="checkbox" name="seasonalMonths" value={i + 1} defaultChecked={months.includes(i + 1)} />{name}
                  </label>
                ))}
              </div>
              <span className={editorStyles.hint}>Ни одного — сезонного графика нет. Платежи после уборки урожая: например, сентябрь–ноябрь.</span>
              {errors.seasonalMonths ? <p className={editorStyles.fieldError}>{errors.seasonalMonths}</p> : null}
            </fieldset>
            <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <input type="checkbox" name="active" defaultChecked={active} /> Программа открыта (снимите, чтобы закрыть её с этой даты)
            </label>
          </fieldset>
          <div className={editorStyles.actions}>
            <button type="submit" className="btn btn-brand" disabled={busy}>{programme ? 'Сохранить условия' : 'Создать программу'}</button>
          </div>
        </Form>
        {/* One column that never widens the page: its tables scroll sideways on a phone. */}
        <div className={editorStyles.form} style={{ gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 }}>
          {programme && programme.terms.length > 0 ? <TermsHistory terms={programme.terms} today={today} /> : null}
          {example && programme ? (
            <Preview label={`Пример расчёта на сегодня: 10 000 000, аванс ${shown!.minAdvancePercent} %, ${example[0]!.totals.count} мес.`}>
              <div style={{ display: 'grid', gap: 8, gridTemplateColumns: 'minmax(0, 1fr)', padding: '0 8px' }}>
                {example.map((s) => <ScheduleTable key={s.method} schedule={s} currency={programme.currency} expanded={false} />)}
              </div>
            </Preview>
          ) : null}
        </div>
      </div>
    </>
  );
}

