import { Form, data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import { EditorField, editorStyles } from '#app/components/backoffice/editor.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { quarantineCount } from '#app/modules/suppliers/mail/letters.server.ts';
import { SOURCE_LABELS, newSupplierInput } from '#app/modules/suppliers/suppliers.schema.ts';
import { createOrganisation, listOrganisations } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.admin';

export const handle: AdminHandle = { capability: 'suppliers.manage' };

/** The supplier organisations (spec §2 `/suppliers/admin`, ADR 091): found by name or INN; a new one is made here. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const q = (url.searchParams.get('q') ?? '').slice(0, 100);
  const [organisations, quarantined] = await Promise.all([listOrganisations(ctx.services.db, q), quarantineCount(ctx.services.db)]);
  return data({ q, organisations, quarantined, csrf: ctx.csrfToken }, { headers: ADMIN_HEADERS });
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const form = await request.formData();
  const sent = { name: String(form.get('name') ?? ''), inn: String(form.get('inn') ?? '') };
  const parsed = newSupplierInput.safeParse(sent);
  if (!parsed.success) return data({ errors: firstIssueByField(parsed.error.issues), values: sent }, { status: 400 });
  const made = await createOrganisation(ctx.services.db, staff, parsed.data, ctx.ip);
  if (!made.ok) return data({ errors: { [made.field ?? 'name']: made.message }, values: sent }, { status: 409 });
  return redirect(`/suppliers/admin/edit/${made.value}?done=created`);
}

export const meta = () => adminMeta('Поставщики');

type Row = Route.ComponentProps['loaderData']['organisations'][number];

const COLUMNS: ReadonlyArray<Column<Row>> = [
  { id: 'name', header: 'Поставщик', primary: true, cell: (o) => <RowLink to={`/suppliers/admin/edit/${o.id}`}>{o.name}</RowLink> },
  { id: 'inn', header: 'ИНН', cell: (o) => o.inn ?? '—' },
  { id: 'sources', header: 'Источники', cell: (o) => (o.sources.length ? o.sources.map((s) => SOURCE_LABELS[s]).join(', ') : '—') },
  { id: 'currency', header: 'Валюта', cell: (o) => o.currency },
  { id: 'members', header: 'Пользователи', cell: (o) => o.members },
  { id: 'tokens', header: 'Токены API', cell: (o) => o.tokens },
];

export default function SuppliersAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { q, organisations, quarantined, csrf } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <>
      <h1 className={styles.title}>Поставщики</h1>
      <p className={styles.lead}>Организации, которые присылают прайс-листы: их пользователи, источники, правила разбора и токены API.</p>
      <p className={quarantined ? styles.notice : styles.muted} data-testid="quarantine-link">
        <Link to="/suppliers/admin/quarantine">Письма на проверке</Link>{quarantined ? `: ${quarantined} — с адресов, которых нет ни у одного поставщика` : ': нет'}
      </p>
      <form method="get" className={styles.filters} role="search">
        <label>Название или ИНН <input type="search" name="q" defaultValue={q} maxLength={100} /></label>
        <button type="submit" className="btn btn-secondary">Найти</button>
      </form>
      <DataTable caption="Поставщики" columns={COLUMNS} rows={organisations} rowKey={(o) => o.id} rowTestId="supplier-row"
        empty={q ? 'Никого не нашли: проверьте название или ИНН.' : 'Поставщиков пока нет: пригласите первого формой ниже.'} />
      <section className={styles.card} aria-labelledby="new-supplier" style={{ marginTop: 24 }}>
        <h2 id="new-supplier" style={{ marginTop: 0 }}>Новый поставщик</h2>
        <Form method="post" className={editorStyles.form}>
          <input type="hidden" name="_csrf" value={csrf} />
          <div className={editorStyles.row}>
            <EditorField name="name" label="Название организации" value={actionData?.values.name ?? ''} error={errors.name} maxLength={200} required />
            <EditorField name="inn" label="ИНН" value={actionData?.values.inn ?? ''} error={errors.inn} maxLength={14} inputMode="numeric" hint="Необязательно" />
          </div>
          <div className={editorStyles.actions}>
            <button type="submit" className="btn btn-brand" disabled={busy}>Создать поставщика</button>
          </div>
        </Form>
      </section>
    </>
  );
}
