import { Form, data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { SelectFilter } from '#app/components/backoffice/SelectFilter.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { formatMoney } from '#app/lib/money.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { OFFER_STATES, OFFER_STATE_LABELS, OFFER_VARIANTS, OFFER_VARIANT_LABELS, staffOfferFilter } from '#app/modules/offers/offers.schema.ts';
import { listStaffOffers } from '#app/modules/offers/offers.server.ts';
import { findUserByEmail, findUserByPhone } from '#app/modules/auth/users.server.ts';
import { customerCartLines } from '#app/modules/cart/cart.server.ts';
import { createOffer, newOfferInput, partProducts } from '#app/modules/offers/offer-editor.server.ts';
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
    canWork: staff.capabilities.has('offers.work'), csrf: ctx.csrfToken,
  }, { headers: ADMIN_HEADERS });
}

/**
 * A new offer (ADR 087): from this list's form or from a request's page (its client and model
 * filled in), or from the customer's cart (ADR 088); made as a draft and opened in the editor.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, 'offers.work');
  const form = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === 'string' && v !== ''));
  const parsed = newOfferInput.safeParse(form);
  if (!parsed.success) return data({ message: parsed.error.issues[0]?.message ?? 'Некорректный запрос' }, { status: 400 });
  let products: Parameters<typeof createOffer>[4];
  let input = parsed.data;
  if (form.fromCart === '1') {
    // From the customer's cart (ADR 088): his account by the phone (else the e-mail) typed, his parts at the offer's branch's prices.
    const branchId = staff.branchId ?? input.branchId;
    if (branchId === undefined) return data({ message: 'Выберите филиал' }, { status: 400 });
    const db = ctx.services.db;
    const customer = (await findUserByPhone(db, input.phone)) ?? (input.email ? await findUserByEmail(db, input.email) : undefined);
    const lines = customer ? await customerCartLines(db, customer.id, branchId) : [];
    if (lines.length === 0) return data({ message: 'В корзине клиента с этим телефоном или e-mail нет товаров' }, { status: 400 });
    products = partProducts(lines.map((l) => ({ code: l.code, name: l.name, count: l.count, price: l.price, oldPrice: l.old_price, weightGrams: l.weight_grams })));
    input = { ...input, variant: 'spare-parts' };
  }
  const created = await createOffer(ctx.services, staff, input, ctx.ip, products);
  if (!created.ok) return data({ message: created.message }, { status: 400 });
  throw redirect(`/kp/edit/${created.hash}`);
}

export const meta = () => adminMeta('Коммерческие предложения');

const DATE = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

type OfferRow = Route.ComponentProps['loaderData']['rows'][number];

function columns(branchNames: Record<string, string>): ReadonlyArray<Column<OfferRow>> {
  return [
    { id: 'client', header: 'Клиент', primary: true, cell: (o) => <><Link to={o.state === 'draft' ? `/kp/edit/${o.hash}` : `/admin/offers/${o.hash}`}>{o.clientName}</Link><br /><span className={styles.muted}>{o.managerName}{o.folder ? ` · ${o.folder}` : ''}</span></> },
    { id: 'variant', header: 'Вариант', cell: (o) => <>{OFFER_VARIANT_LABELS[o.variant]}<br /><span className={styles.muted}>{o.source}, версия {o.version}</span></> },
    { id: 'branch', header: 'Филиал', cell: (o) => branchNames[o.branchId] ?? `№ ${o.branchId}` },
    { id: 'total', header: 'Сумма', nowrap: true, cell: (o) => formatMoney(o.total, o.currency) },
    { id: 'valid', header: 'Действует до', nowrap: true, cell: (o) => <>{DATE.format(new Date(`${o.validUntil}T00:00:00Z`))}{o.expired ? <><br /><span className={styles.muted}>истекло</span></> : null}</> },
    { id: 'state', header: 'Состояние', cell: (o) => OFFER_STATE_LABELS[o.state] },
  ];
}

export default function AdminOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, page, hasNext, filter, branches, branchNames, canWork, csrf } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const query = new URLSearchParams(Object.entries(filter).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  const filtered = query.size > 0;
  return (
    <>
      <h1 className={styles.title}>Коммерческие предложения</h1>
      <p className={styles.lead}>Предложения из 1С и бэк-офиса: клиент открывает своё по ссылке. Новые сверху.</p>
      {canWork ? (
        <details className={styles.card} style={{ marginBottom: 16 }} open={actionData !== undefined}>
          <summary><b>Новое предложение</b></summary>
          {actionData ? <p className={styles.error} role="alert">{actionData.message}</p> : null}
          <Form method="post" className={styles.filters} style={{ marginTop: 12 }}>
            <input type="hidden" name="_csrf" value={csrf} />
            <label>Вид<select name="variant" defaultValue="single-technique">{OFFER_VARIANTS.map((v) => <option key={v} value={v}>{OFFER_VARIANT_LABELS[v]}</option>)}</select></label>
            <label>Контактное лицо<input name="clientName" required maxLength={300} /></label>
            <label>Организация<input name="company" maxLength={300} /></label>
            <label>Телефон<input name="phone" required inputMode="tel" maxLength={20} placeholder="+7 900 000-00-00" /></label>
            <label>E-mail<input name="email" type="email" maxLength={254} /></label>
            {branches ? <label>Филиал<select name="branchId" required defaultValue="">{[<option key="" value="" disabled>Выберите</option>, ...branches.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)]}</select></label> : null}
            <label><input type="checkbox" name="fromCart" value="1" /> Из корзины клиента (его учётная запись — по контактам выше)</label>
            <button type="submit" className="btn btn-brand" disabled={busy}>Создать и открыть редактор</button>
          </Form>
        </details>
      ) : null}
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
