import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS } from '#app/layout/admin-sections.ts';
import { MISSING_ROWS_LABELS, SOURCE_LABELS, SUPPLIER_MESSAGES } from '#app/modules/suppliers/suppliers.schema.ts';
import { cabinetSummary, supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers._index';

/** The supplier cabinet's start: whose cabinet it is and the rules its price lists are read by. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const { staff, organisation } = await supplierScope(ctx);
  const summary = organisation ? await cabinetSummary(ctx.services.db, organisation.id) : null;
  return data({ name: staff.name, summary }, { headers: ADMIN_HEADERS });
}

export const meta = () => [{ title: 'Сводка — Кабинет поставщика' }, { name: 'robots', content: 'noindex, nofollow' }];

export default function SuppliersHome({ loaderData }: Route.ComponentProps) {
  const { name, summary } = loaderData;
  return (
    <>
      <h1 className={styles.title}>Здравствуйте, {name}</h1>
      <p className={styles.lead}>{summary ? <>Кабинет поставщика «{summary.name}» для «Агротехники».</> : 'Кабинет поставщика «Агротехники».'}</p>
      {summary ? (
        <div className={styles.card} data-testid="supplier-summary">
          <h2 style={{ marginTop: 0 }}>Как мы читаем ваши прайс-листы</h2>
          <dl className={styles.grid} style={{ margin: 0 }}>
            <Fact label="Источники">{summary.sources.length ? summary.sources.map((s) => SOURCE_LABELS[s]).join(', ') : 'пока не открыты'}</Fact>
            {summary.senders.length ? <Fact label="Письма принимаем с адресов">{summary.senders.join(', ')}</Fact> : null}
            <Fact label="Валюта">{summary.currency}</Fact>
            <Fact label="Срок поставки">{summary.leadTimeDays} дн.</Fact>
            <Fact label="Позиции, которых нет в полном прайс-листе">{MISSING_ROWS_LABELS[summary.missingRows]}</Fact>
          </dl>
          <p style={{ marginBottom: 0 }}>
            <Link to="/suppliers/files">Загрузить прайс-лист</Link> · <Link to="/suppliers/api">API</Link> · <Link to="/suppliers/notifications">Уведомления</Link>
            <span className={styles.muted}> · Вопросы — вашему менеджеру.</span>
          </p>
        </div>
      ) : (
        <div className={styles.card}>
          <p style={{ margin: 0 }}>{SUPPLIER_MESSAGES.noOrganisation}</p>
        </div>
      )}
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className={styles.muted}>{label}</dt>
      <dd style={{ margin: '2px 0 0', overflowWrap: 'anywhere' }}>{children}</dd>
    </div>
  );
}
