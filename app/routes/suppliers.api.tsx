import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { ADMIN_HEADERS, adminMeta } from '#app/layout/admin-sections.ts';
import { FILE_STATE_LABELS } from '#app/modules/suppliers/pricelist/intake.schema.ts';
import { API_MAX_POSITIONS, SUPPLIER_API_BASE } from '#app/modules/suppliers/pricelist/supplier-api.schema.ts';
import { apiLists, tokenPrefixes } from '#app/modules/suppliers/pricelist/supplier-api.server.ts';
import { SUPPLIER_MESSAGES } from '#app/modules/suppliers/suppliers.schema.ts';
import { cabinetSummary, supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.api';

/**
 * The API's page of the cabinet (spec §2 `/suppliers/api`, ADR 098): how to push a price list with
 * the organisation's token (in Russian, with curl examples and the OpenAPI schema), which tokens the
 * organisation has (their first characters only: a token is shown once, when it is made), and the
 * lists that came through the API.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { organisation } = await supplierScope(ctx);
  const db = ctx.services.db;
  const [summary, tokens, lists] = organisation
    ? await Promise.all([cabinetSummary(db, organisation.id), tokenPrefixes(db, organisation.id), apiLists(db, organisation.id)])
    : [null, [], []];
  return data({
    organisation, allowed: summary?.sources.includes('api') ?? false, tokens, lists,
    endpoint: `${ctx.services.config.PUBLIC_ORIGIN}${SUPPLIER_API_BASE}`,
  }, { headers: ADMIN_HEADERS });
}

export const meta = () => adminMeta('API');

type ListRow = Route.ComponentProps['loaderData']['lists'][number];

const dateTime = (iso: string) => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Moscow' }).format(new Date(iso));

const COLUMNS: ReadonlyArray<Column<ListRow>> = [
  { id: 'name', header: 'Прайс-лист', primary: true, cell: (f) => <RowLink to={`/suppliers/api/${f.id}/positions`} style={{ overflowWrap: 'anywhere' }}>{f.name}</RowLink> },
  { id: 'id', header: 'id', cell: (f) => f.id, nowrap: true },
  { id: 'date', header: 'Получен', cell: (f) => dateTime(f.createdAt), nowrap: true },
  { id: 'kind', header: 'Вид', cell: (f) => (f.kind === 'full' ? 'полный' : 'изменения') },
  { id: 'state', header: 'Состояние', cell: (f) => FILE_STATE_LABELS[f.state] },
  { id: 'rows', header: 'Строк', cell: (f) => f.rowsTotal.toLocaleString('ru-RU') },
  { id: 'matched', header: 'Сопоставлено', cell: (f) => f.rowsMatched.toLocaleString('ru-RU') },
  { id: 'bad', header: 'С ошибками', cell: (f) => f.rowsBad.toLocaleString('ru-RU') },
];

const pre = { overflowX: 'auto', whiteSpace: 'pre', fontSize: 13, background: 'var(--color-surface-muted, #f4f5f7)', padding: 12, borderRadius: 6, margin: '8px 0' } as const;

export default function SupplierApi({ loaderData }: Route.ComponentProps) {
  const { organisation, allowed, tokens, lists, endpoint } = loaderData;
  if (!organisation) {
    return (
      <>
        <h1 className={styles.title}>API</h1>
        <div className={styles.card}><p style={{ margin: 0 }}>{SUPPLIER_MESSAGES.noOrganisation}</p></div>
      </>
    );
  }
  const token = tokens[0] ? `${tokens[0].prefix}…` : 'sup_…';
  const json = `curl -X POST '${endpoint}/price-lists' \\
  -H 'Authorization: Bearer ${token}' \\
  -H 'Content-Type: application/json' \\
  -d '{"kind": "full", "positions": [
        {"code": "RE59754", "brand": "John Deere", "name": "Фильтр масляный",
         "price": 1250.50, "currency": "RUB", "stock": 12,
         "multiplicity": 1, "minOrder": 1, "leadTimeDays": 5}
      ]}'`;
  const file = `curl -X POST '${endpoint}/price-lists?kind=full&name=price.csv' \\
  -H 'Authorization: Bearer ${token}' \\
  -H 'Content-Type: text/csv' \\
  --data-binary @price.csv`;
  const multipart = `curl -X POST '${endpoint}/price-lists' \\
  -H 'Authorization: Bearer ${token}' \\
  -F 'kind=delta' \\
  -F 'template={"headerRow": 1, "columns": {"code": "Артикул", "brand": "B", "price": "Цена", "stock": 3}}' \\
  -F 'file=@price.xlsx'`;
  const status = `curl '${endpoint}/price-lists/123' -H 'Authorization: Bearer ${token}'
curl '${endpoint}/price-lists/123/positions?show=unmatched&page=1' -H 'Authorization: Bearer ${token}'`;
  return (
    <>
      <h1 className={styles.title}>API</h1>
      <p className={styles.lead}>
        Передавайте прайс-листы из своей учётной системы: позиции в JSON или файл (CSV, XLSX, XLS, ZIP). Мы прочитаем, проверим,
        сопоставим с каталогом и опубликуем их так же, как загруженные в кабинете.
      </p>
      {!allowed ? (
        <div className={styles.notice} role="status" data-testid="api-not-allowed">Передача через API для вашей организации пока не открыта: обратитесь к менеджеру.</div>
      ) : null}

      <section className={styles.card} aria-labelledby="api-tokens">
        <h2 id="api-tokens" style={{ marginTop: 0 }}>Токены</h2>
        <p className={styles.muted}>Токен показывается один раз, когда менеджер его выдаёт; здесь видны только его первые знаки. Потерянный токен менеджер отзовёт и выдаст новый.</p>
        {tokens.length ? (
          <ul data-testid="api-tokens">
            {tokens.map((t) => (
              <li key={t.id}><code>{t.prefix}…</code> — {t.name}{t.lastUsedAt ? `, последний вызов ${dateTime(t.lastUsedAt)}` : ', ещё не использовался'}</li>
            ))}
          </ul>
        ) : <p style={{ margin: 0 }}>Токенов пока нет: попросите менеджера выдать токен.</p>}
      </section>

      <section className={styles.card} aria-labelledby="api-docs">
        <h2 id="api-docs" style={{ marginTop: 0 }}>Как передать прайс-лист</h2>
        <p>Адрес API: <code style={{ overflowWrap: 'anywhere' }}>{endpoint}</code>. В каждом запросе — заголовок <code>Authorization: Bearer &lt;токен&gt;</code>. Полное описание — в <a href={`${SUPPLIER_API_BASE}/openapi.json`}>схеме OpenAPI</a>.</p>
        <h3>Позиции в JSON (до {API_MAX_POSITIONS.toLocaleString('ru-RU')} за вызов)</h3>
        <p>Обязательны <code>code</code> и <code>price</code> (в рублях или валюте <code>currency</code>, до двух знаков после точки). Без <code>currency</code> и <code>leadTimeDays</code> берутся валюта и срок вашей организации. <code>kind</code>: <code>full</code> — полный прайс-лист, <code>delta</code> — только изменения.</p>
        <pre style={pre}>{json}</pre>
        <h3>Файл</h3>
        <p>Файл телом запроса; колонки находятся по заголовкам («Артикул», «Цена», «Остаток»…).</p>
        <pre style={pre}>{file}</pre>
        <p>Или форма multipart с шаблоном колонок: колонка указывается заголовком, буквой или номером с нуля.</p>
        <pre style={pre}>{multipart}</pre>
        <h3>Ответы</h3>
        <ul>
          <li><b>202</b> — принят: <code>{'{"id": 123, "status": "received", "link": "…/price-lists/123"}'}</code>; обработка идёт в фоне.</li>
          <li><b>422</b> — не принят: сообщение называет неверные поля позиций (<code>errors</code>: номер позиции и поле) или колонки файла, которые не найдены (<code>missing</code>) или указаны дважды (<code>doubled</code>).</li>
          <li><b>401</b> — нет токена или он отозван; <b>403</b> — API для организации не открыт; <b>413</b> — тело больше 200 МБ; <b>429</b> — слишком часто (заголовок <code>Retry-After</code>).</li>
        </ul>
        <h3>Состояние и позиции</h3>
        <p>Состояние (<code>received</code>, <code>processing</code>, <code>held</code> — ждёт подтверждения, <code>published</code>, <code>failed</code>), счётчики и отчёт проверки; позиции по 50, с фильтром <code>show</code>: <code>unmatched</code>, <code>problems</code>, <code>matched</code>.</p>
        <pre style={pre}>{status}</pre>
      </section>

      <h2>Прайс-листы, переданные через API</h2>
      <DataTable caption="Прайс-листы, переданные через API" columns={COLUMNS} rows={lists} rowKey={(f) => f.id} rowTestId="api-list-row"
        empty="Через API прайс-листов пока не было." />
    </>
  );
}
