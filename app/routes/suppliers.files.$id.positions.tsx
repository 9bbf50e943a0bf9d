import { Form, data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { SelectFilter } from '#app/components/backoffice/SelectFilter.tsx';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta } from '#app/layout/admin-sections.ts';
import { formatMoney } from '#app/lib/money.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';
import {
  INTAKE_MESSAGES, MATCH_LABELS, POSITION_FILTERS, POSITION_FILTER_LABELS, manualMatchInput, positionsQuery, type PositionRow,
} from '#app/modules/suppliers/pricelist/intake.schema.ts';
import { fileOf, matchByHand, partNamed, positionsOf } from '#app/modules/suppliers/pricelist/intake.server.ts';
import { problemLabel } from '#app/modules/suppliers/pricelist/report.rules.ts';
import { supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.files.$id.positions';

/**
 * A price list's positions (spec §2 `/suppliers/files/{id}/positions`): filtered by match state and
 * problems, found by code, name or brand; a position that matched nothing is matched here by our
 * part's number, and the match is remembered for the next lists. The same screen answers
 * `/suppliers/api/{id}/positions` (app/routes.ts, ADR 098) for the lists pushed through the API only.
 */
async function scope(context: Route.LoaderArgs['context'], id: string, url: URL) {
  const ctx = context.get(requestContext);
  const { staff, organisation } = await supplierScope(ctx);
  const file = organisation && /^[1-9][0-9]{0,9}$/.test(id) ? await fileOf(ctx.services.db, organisation.id, Number(id)) : null;
  const viaApi = url.pathname.startsWith('/suppliers/api/');
  if (!organisation || !file || (viaApi && file.source !== 'api')) throw data(INTAKE_MESSAGES.notFound, { status: 404 });
  return { ctx, staff, organisation, file, base: viaApi ? `/suppliers/api/${file.id}` : `/suppliers/files/${file.id}` };
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { ctx, organisation, file, base } = await scope(context, params.id, url);
  const q = positionsQuery.parse(Object.fromEntries(url.searchParams));
  const list = (await positionsOf(ctx.services.db, organisation.id, file.id, q))!;
  return data({
    file: { id: file.id, name: file.name }, base, q, ...list, csrf: ctx.csrfToken,
    notice: url.searchParams.get('done') === 'matched' ? INTAKE_MESSAGES.matched : null,
  }, { headers: ADMIN_HEADERS });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { ctx, staff, organisation, file } = await scope(context, params.id, new URL(request.url));
  const form = await request.formData();
  const sent = { row: String(form.get('row') ?? ''), part: String(form.get('part') ?? '') };
  const parsed = manualMatchInput.safeParse(sent);
  if (!parsed.success) return data({ row: sent.row, error: parsed.error.issues[0]!.message }, { status: 400 });
  const named = await partNamed(ctx.services, parsed.data.part);
  if (!named.ok) return data({ row: sent.row, error: named.reason === 'ambiguous' ? INTAKE_MESSAGES.partAmbiguous : INTAKE_MESSAGES.partNotFound }, { status: 422 });
  const done = await matchByHand(ctx.services.db, organisation.id, file.id, parsed.data.row, named.partId, staff.userId);
  if (!done) return data({ row: sent.row, error: INTAKE_MESSAGES.notFound }, { status: 404 });
  const back = new URL(request.url);
  back.searchParams.set('done', 'matched');
  return redirect(`${back.pathname}?${back.searchParams}`);
}

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `Позиции — ${loaderData.file.name}` : 'Позиции');

function price(p: PositionRow): string {
  if (p.price === null) return '—';
  return ['RUB', 'KZT', 'USD', 'EUR', 'CNY'].includes(p.currency ?? '') ? formatMoney(p.price, p.currency as CurrencyCode) : `${(p.price / 100).toLocaleString('ru-RU')} ${p.currency ?? ''}`;
}

export default function SupplierFilePositions({ loaderData, actionData }: Route.ComponentProps) {
  const { file, base, q, positions, hasNext, csrf, notice } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const query = new URLSearchParams(Object.entries({ show: q.show ?? '', q: q.q ?? '' }).filter(([, v]) => v));
  const columns: ReadonlyArray<Column<PositionRow>> = [
    { id: 'row', header: 'Строка', cell: (p) => p.rowNumber, nowrap: true },
    { id: 'code', header: 'Код', primary: true, cell: (p) => <span style={{ overflowWrap: 'anywhere' }}>{p.code || '—'}</span> },
    { id: 'brand', header: 'Бренд', cell: (p) => p.brand || '—' },
    { id: 'name', header: 'Наименование', cell: (p) => p.name || '—' },
    { id: 'price', header: 'Цена', cell: price, nowrap: true },
    { id: 'stock', header: 'Остаток', cell: (p) => (p.stock === null ? '—' : p.stock.toLocaleString('ru-RU')) },
    {
      id: 'match', header: 'Деталь каталога', cell: (p) => {
        if (p.part) return <><Link to={p.part.link}>{p.part.code}</Link> {p.part.name} <span className={styles.muted}>({MATCH_LABELS[p.matchedBy!]})</span></>;
        if (p.problems.length) return <span className={styles.muted}>не сопоставляется, пока в строке ошибки</span>;
        const mine = actionData?.row === String(p.rowNumber) ? actionData : null;
        return (
          <Form method="post" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'start' }}>
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="row" value={p.rowNumber} />
            <label style={{ display: 'grid', gap: 2 }}>
              <span className={styles.muted}>Номер детали в нашем каталоге</span>
              <input name="part" maxLength={120} required defaultValue="" aria-invalid={mine ? true : undefined} aria-describedby={mine ? `match-error-${p.rowNumber}` : undefined} />
            </label>
            <button type="submit" className="btn btn-secondary" disabled={busy} style={{ alignSelf: 'end' }}>Сопоставить</button>
            {mine ? <span id={`match-error-${p.rowNumber}`} className={styles.error} role="alert" style={{ flexBasis: '100%' }}>{mine.error}</span> : null}
          </Form>
        );
      },
    },
    { id: 'problems', header: 'Ошибки', cell: (p) => (p.problems.length ? p.problems.map(problemLabel).join(', ') : '—') },
  ];
  return (
    <>
      <p><Link to={`/suppliers/files/${file.id}`}>← {file.name}</Link></p>
      <h1 className={styles.title}>Позиции прайс-листа</h1>
      <Toast message={!actionData ? notice : null} token={loaderData} />
      <form method="get" className={styles.filters} role="search">
        <SelectFilter label="Показать" name="show" value={q.show} options={POSITION_FILTERS.map((f) => ({ value: f, label: POSITION_FILTER_LABELS[f] }))} all="Все позиции" />
        <label>Код, наименование или бренд <input type="search" name="q" defaultValue={q.q ?? ''} maxLength={100} /></label>
        <button type="submit" className="btn btn-secondary">Показать</button>
      </form>
      <DataTable caption="Позиции прайс-листа" columns={columns} rows={positions} rowKey={(p) => p.rowNumber} rowTestId="position-row"
        empty={q.show || q.q ? 'Таких позиций нет.' : 'В прайс-листе пока нет позиций.'} />
      <Pager path={`${base}/positions`} query={query} page={q.page} hasNext={hasNext} label="Страницы позиций" />
    </>
  );
}
