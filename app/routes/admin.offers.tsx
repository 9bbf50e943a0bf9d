import { Form, data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { SelectFilter } from '#app/components/backoffice/SelectFilter.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { formatMoney } from '#app/lib/money.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { OFFER_STATES, OFFER_STATE_LABELS, OFFER_VARIANT_LABELS, staffOfferFilter } from '#app/modules/offers/offers.schema.ts';
import { listStaffOffers } from '#app/modules/offers/offers.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/admin.offers';

export const handle: AdminHandle = { capability: 'offers.read' };

const PATH = '/admin/offers';

/** The commercial offers of the staff member's branch (or of one or all for the head office), newest first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const filter = staffOfferFilter.parse(Object.fromEntries(url.searchParams));
  const [list, { branches }] = await Promise.all([listStaffOffers(ctx.services, staff.branchId, filter), regionDirectory(ctx.services)]);
  const { page: _page, ...shown } = filter;
  return data({
    ...list, filter: shown,
    branchNames: Object.fromEntries(branches.map((b) => [b.id, b.name])),
    branches: staff.branchId === null ? branches.map((b) => ({ id: b.id, name: b.name })) : null,
  }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('Коммерческие предложения');

const DATE = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

type OfferRow = Route.ComponentProps['loaderData']['rows'][number];

function columns(branchNames: Record<string, string>): ReadonlyArray<Column<OfferRow>> {
  return [
    { id: 'client', header: 'Клиент', primary: true, cell: (o) => <><Link to={`/admin/offers/${o.hash}`}>{o.clientName}</Link><br /><span className={styles.muted}>{o.managerName}{o.folder ? ` · ${o.folder}` : ''}</span></> },
    { id: 'variant', header: 'Вариант', cell: (o) => <>{OFFER_VARIANT_LABELS[o.variant]}<br /><span className={styles.muted}>{o.source}, версия {o.version}</span></> },
    { id: 'branch', header: 'Филиал', cell: (o) => branchNames[o.branchId] ?? `№ ${o.branchId}` },
    { id: 'total', header: 'Сумма', nowrap: true, cell: (o) => formatMoney(o.total, o.currency) },
    { id: 'valid', header: 'Действует до', nowrap: true, cell: (o) => <>{DATE.format(new Date(`${o.validUntil}T00:00:00Z`))}{o.expired ? <><br /><span className={styles.muted}>истекло</span></> : null}</> },
    { id: 'state', header: 'Состояние', cell: (o) => OFFER_STATE_LABELS[o.state] },
  ];
}

export default function AdminOffers({ loaderData }: Route.ComponentProps) {
  const { rows, page, hasNext, filter, branches, branchNames } = loaderData;
  const query = new URLSearchParams(Object.entries(filter).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  const filtered = query.size > 0;
  return (
    <>
      <h1 className={styles.title}>Коммерческие предложения</h1>
      <p className={styles.lead}>Предложения из 1С и бэк-офиса: клиент открывает своё по ссылке. Новые сверху.</p>
      <Form method="get" className={styles.filters}>
        <SelectFilter label="Состояние" name="state" value={filter.state} options={OFFER_STATES.map((s) => ({ value: s, label: OFFER_STATE_LABELS[s] }))} />
        {branches ? <SelectFilter label="Филиал" name="branch" value={filter.branch} all="Все филиалы" options={branches.map((b) => ({ value: b.id, label: b.name }))} /> : null}
        <button type="submit" className="btn btn-secondary">Показать</button>
        {filtered ? <Link to={PATH}>Сбросить</Link> : null}
      </Form>
      <DataTable caption="Коммерческие предложения" columns={columns(branchNames)} rows={rows} rowKey={(o) => o.hash} rowTestId="offer-row"
        empty={filtered ? 'Предложений по этим условиям нет.' : 'Предложений пока нет.'} />
      <Pager path={PATH} query={query} page={page} hasNext={hasNext} label="Страницы списка предложений" />
    </>
  );
}
