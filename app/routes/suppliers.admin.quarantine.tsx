import { Form, data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { ConfirmDialog } from '#app/components/backoffice/ConfirmDialog.tsx';
import { DataTable, type Column } from '#app/components/backoffice/DataTable.tsx';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { LETTER_MESSAGES, LETTER_STATE_LABELS, quarantineDecision } from '#app/modules/suppliers/mail/letters.schema.ts';
import { fileSize, letterTime } from '#app/modules/suppliers/mail/letters.rules.ts';
import { assignLetter, deleteQuarantinedLetter, quarantinedLetters } from '#app/modules/suppliers/mail/letters.server.ts';
import { mailboxStatus } from '#app/modules/suppliers/mail/mail-intake.server.ts';
import { listOrganisations } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.admin.quarantine';

export const handle: AdminHandle = { capability: 'suppliers.manage' };

const PATH = '/suppliers/admin/quarantine';
const NOTICES = { assigned: LETTER_MESSAGES.assigned, deleted: LETTER_MESSAGES.deleted } as const;

/**
 * Letters of no organisation (ADR 095): senders nobody registered, and letters refused from them.
 * An employee gives a letter to a supplier (adding its address to the supplier's senders) or deletes it.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const page = parseStrictInt(url.searchParams.get('page') ?? '1', { max: 100_000 }) ?? 1;
  const [letters, organisations, mailbox] = await Promise.all([quarantinedLetters(ctx.services.db, page), listOrganisations(ctx.services.db), mailboxStatus(ctx.services)]);
  const done = url.searchParams.get('done');
  return data({
    letters, organisations: organisations.map((o) => ({ id: o.id, name: o.name })), mailbox, csrf: ctx.csrfToken,
    notice: done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null,
  }, { headers: ADMIN_HEADERS });
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const form = await request.formData();
  const letterId = parseStrictInt(String(form.get('letterId') ?? ''));
  const parsed = quarantineDecision.safeParse({
    intent: String(form.get('intent') ?? ''), organisationId: String(form.get('organisationId') ?? ''), addSender: form.get('addSender') ?? undefined,
  });
  if (!parsed.success || letterId === null) {
    return data({ letterId, error: parsed.success ? LETTER_MESSAGES.notFound : parsed.error.issues[0]?.message ?? 'Неизвестное действие' }, { status: 400 });
  }
  const decision = parsed.data;
  const outcome = decision.intent === 'assign'
    ? await assignLetter(ctx.services.db, staff, letterId, decision.organisationId, decision.addSender, ctx.ip)
    : await deleteQuarantinedLetter(ctx.services.db, ctx.services.config, staff, letterId, ctx.ip);
  if (!outcome.ok) return data({ letterId, error: outcome.message }, { status: outcome.status });
  return redirect(`${PATH}?done=${decision.intent === 'assign' ? 'assigned' : 'deleted'}`);
}

export const meta = () => adminMeta('Письма на проверке');

type Row = Route.ComponentProps['loaderData']['letters']['rows'][number];

export default function SuppliersQuarantine({ loaderData, actionData }: Route.ComponentProps) {
  const { letters, organisations, mailbox, csrf, notice } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const columns: ReadonlyArray<Column<Row>> = [
    { id: 'from', header: 'Отправитель', primary: true, cell: (l) => <span style={{ overflowWrap: 'break-word' }}>{l.from || 'без адреса'}{l.fromName ? ` (${l.fromName})` : ''}</span> },
    { id: 'received', header: 'Получено', nowrap: true, cell: (l) => letterTime(l.receivedAt) },
    { id: 'subject', header: 'Тема', cell: (l) => <span style={{ overflowWrap: 'break-word' }}>{l.subject || 'Без темы'}</span> },
    {
      id: 'files', header: 'Вложения', cell: (l) => (l.attachments.length ? (
        <ul style={{ margin: 0, paddingLeft: 16 }}>
          {l.attachments.map((a) => (
            <li key={a.id} style={{ overflowWrap: 'break-word' }}>
              {a.state === 'refused' ? a.fileName : <a href={`${PATH}/${l.id}/files/${a.id}`} download>{a.fileName}</a>} <span className={styles.muted}>{fileSize(a.size)}</span>
            </li>
          ))}
        </ul>
      ) : '—'),
    },
    { id: 'state', header: 'Почему здесь', cell: (l) => <><span className={styles.tag}>{LETTER_STATE_LABELS[l.state]}</span> <span className={styles.muted}>{l.reason}</span></> },
    {
      id: 'decision', header: 'Решение', cell: (l) => (
        <div style={{ display: 'grid', gap: 6 }} data-testid="quarantine-decision">
          {actionData && actionData.letterId === l.id ? <p className={styles.error} role="alert" style={{ margin: 0 }}>{actionData.error}</p> : null}
          {l.state === 'quarantined' && organisations.length ? (
            <Form method="post" style={{ display: 'grid', gap: 4 }}>
              <input type="hidden" name="_csrf" value={csrf} />
              <input type="hidden" name="letterId" value={l.id} />
              <label>Поставщик{' '}
                <select name="organisationId" required defaultValue="">
                  <option value="" disabled>Выберите…</option>
                  {organisations.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
                </select>
              </label>
              {l.from ? <label><input type="checkbox" name="addSender" defaultChecked /> Добавить {l.from} в адреса поставщика</label> : null}
              <button type="submit" name="intent" value="assign" className="btn btn-secondary" disabled={busy}>Передать поставщику</button>
            </Form>
          ) : null}
          <ConfirmDialog trigger="Удалить" title="Удалить письмо?" message={`Письмо ${l.from || 'без адреса'} «${l.subject || 'Без темы'}» и его вложения будут удалены безвозвратно.`}
            confirmLabel="Да, удалить" fields={{ _csrf: csrf, letterId: l.id, intent: 'delete' }} busy={busy} />
        </div>
      ),
    },
  ];
  return (
    <>
      <p style={{ margin: '0 0 8px' }}><Link to="/suppliers/admin">← Поставщики</Link></p>
      <h1 className={styles.title}>Письма на проверке</h1>
      <p className={styles.lead}>Письма в ящик прайс-листов с адресов, которых нет ни у одного поставщика. Передайте письмо поставщику — его вложения уйдут в обработку, — или удалите.</p>
      <p className={styles.muted} data-testid="mailbox-status" style={{ overflowWrap: 'break-word' }}>
        {!mailbox ? 'Ящик прайс-листов не настроен (SUPPLIERS_IMAP_URL): письма не читаются.'
          : mailbox.checkedAt ? `Ящик ${mailbox.mailbox} прочитан ${letterTime(mailbox.checkedAt)}. Если давно не читался — ответ почтового сервера в «Фоновых заданиях» («Почта поставщиков»).`
            : `Ящик ${mailbox.mailbox} ещё не читался.`}
      </p>
      {notice && !actionData ? <p className={styles.notice} role="status">{notice}</p> : null}
      <DataTable caption="Письма на проверке" columns={columns} rows={letters.rows} rowKey={(l) => l.id} rowTestId="quarantine-row"
        empty="Писем на проверке нет." />
      <Pager path={PATH} query={new URLSearchParams()} page={letters.page} hasNext={letters.page < letters.pageCount} label="Страницы списка писем" />
    </>
  );
}
