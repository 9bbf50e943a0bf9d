import { Form, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { modelsForOptions } from '#app/modules/catalog/model-options.server.ts';
import type { Route } from './+types/admin.catalog';

export const handle: AdminHandle = { capability: 'catalog.options' };

/** `/admin/catalog?q=` (ADR 102): the catalogue's models with how many options each has for offers; those with options first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const q = (url.searchParams.get('q') ?? '').slice(0, 100);
  return data({ q, models: await modelsForOptions(ctx.services.db, q) }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Опции моделей');

type ModelRow = Route.ComponentProps['loaderData']['models'][number];

const COLUMNS: ReadonlyArray<Column<ModelRow>> = [
  { id: 'name', header: 'Модель', primary: true, cell: (m) => <RowLink to={`/admin/catalog/${m.id}`}>{m.name}</RowLink> },
  { id: 'line', header: 'Линейка', cell: (m) => m.line },
  { id: 'code', header: 'Код', cell: (m) => m.productCode },
  { id: 'options', header: 'Опций', cell: (m) => (m.options ? String(m.options) : <span className={styles.muted}>нет</span>) },
];

export default function AdminCatalog({ loaderData }: Route.ComponentProps) {
  const { q, models } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Опции моделей</h1>
      <p className={styles.lead}>Опции, цены и правила между ними: модель, добавленная в коммерческое предложение, приходит в него с этими опциями.</p>
      <Form method="get" className={styles.filters} role="search">
        <label>Модель, линейка или код <input type="search" name="q" defaultValue={q} maxLength={100} /></label>
        <button type="submit" className="btn btn-secondary">Найти</button>
      </Form>
      <DataTable caption="Модели каталога" columns={COLUMNS} rows={models} rowKey={(m) => m.id} rowTestId="model-row" empty="Ничего не нашлось." />
    </>
  );
}
