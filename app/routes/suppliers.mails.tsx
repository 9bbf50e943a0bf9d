import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { ADMIN_HEADERS } from '#app/layout/admin-sections.ts';
import { LETTER_STATE_LABELS } from '#app/modules/suppliers/mail/letters.schema.ts';
import { letterTime } from '#app/modules/suppliers/mail/letters.rules.ts';
import { lettersOf } from '#app/modules/suppliers/mail/letters.server.ts';
import { SUPPLIER_MESSAGES } from '#app/modules/suppliers/suppliers.schema.ts';
import { supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.mails';

const PATH = '/suppliers/mails';

/** The organisation's letters to the price-list mailbox (spec §2 `/suppliers/mails`, ADR 095), newest first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { organisation } = await supplierScope(ctx);
  const page = parseStrictInt(url.searchParams.get('page') ?? '1', { max: 100_000 }) ?? 1;
  const letters = organisation ? await lettersOf(ctx.services.db, organisation.id, page) : null;
  return data({ organisation, letters }, { headers: ADMIN_HEADERS });
}

export const meta = () => [{ title: 'Письма — Кабинет поставщика' }, { name: 'robots', content: 'noindex, nofollow' }];

type Row = NonNullable<Route.ComponentProps['loaderData']['letters']>['rows'][number];

const COLUMNS: ReadonlyArray<Column<Row>> = [
  { id: 'subject', header: 'Тема', primary: true, cell: (l) => <RowLink to={`${PATH}/${l.id}`}>{l.subject || 'Без темы'}</RowLink> },
  { id: 'received', header: 'Получено', nowrap: true, cell: (l) => letterTime(l.receivedAt) },
  { id: 'from', header: 'Отправитель', cell: (l) => <span style={{ overflowWrap: 'break-word' }}>{l.from || '—'}</span> },
  { id: 'files', header: 'Вложения', cell: (l) => (l.attachments.length ? <span style={{ overflowWrap: 'break-word' }}>{l.attachments.map((a) => a.fileName).join(', ')}</span> : '—') },
  { id: 'state', header: 'Состояние', cell: (l) => <span className={styles.tag} data-state={l.state}>{LETTER_STATE_LABELS[l.state]}</span> },
];

export default function SupplierMails({ loaderData }: Route.ComponentProps) {
  const { organisation, letters } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Письма</h1>
      {organisation && letters ? (
        <>
          <p className={styles.lead}>Письма с прайс-листами, полученные с адресов поставщика «{organisation.name}». Вложения зарегистрированных отправителей принимаются в обработку.</p>
          <DataTable caption="Письма" columns={COLUMNS} rows={letters.rows} rowKey={(l) => l.id} rowTestId="letter-row"
            empty="Писем пока нет. Пришлите прайс-лист вложением с адреса, который зарегистрирован у нас, — он появится здесь." />
          <Pager path={PATH} query={new URLSearchParams()} page={letters.page} hasNext={letters.page < letters.pageCount} label="Страницы списка писем" />
        </>
      ) : (
        <div className={styles.card}><p style={{ margin: 0 }}>{SUPPLIER_MESSAGES.noOrganisation}</p></div>
      )}
    </>
  );
}
