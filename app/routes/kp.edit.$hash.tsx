import { data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { duplicateOffer, editorOffer, saveDraft, sendOffer, setReadOnly } from '#app/modules/offers/offer-editor.server.ts';
import { OFFER_STATE_LABELS } from '#app/modules/offers/offers.schema.ts';
import { OfferEditor } from '#app/modules/offers/ui/OfferEditor.tsx';
import type { Route } from './+types/kp.edit.$hash';

export const handle: AdminHandle = { capability: 'offers.work' };

const DONE: Record<string, string> = { sent: 'Предложение отправлено клиенту по SMS и e-mail', copy: 'Копия создана: это её черновик' };

/**
 * `/kp/edit/{hash}` (spec §2; ADR 087): the manager's editor of an offer of his branch (another
 * branch's is a 404). The working copy is saved as a draft; sending makes it the next version and
 * moves the editor to the offer's new link.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const offer = await editorOffer(ctx.services, staff.branchId, params.hash);
  if (!offer) throw data(null, { status: 404 });
  return data({ offer, csrf: ctx.csrfToken, done: DONE[url.searchParams.get('done') ?? ''] ?? null }, { headers: ADMIN_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const form = await request.formData();
  const intent = form.get('intent');
  const fail = (result: { code: string; message: string; path?: string }) =>
    data({ message: result.path ? `${result.message} (${result.path})` : result.message }, { status: result.code === 'not_found' ? 404 : result.code === 'locked' ? 409 : 400 });
  if (intent === 'save' || intent === 'send') {
    let content: unknown;
    try {
      content = JSON.parse(String(form.get('content') ?? ''));
    } catch {
      return data({ message: 'Некорректный запрос: обновите страницу' }, { status: 400 });
    }
    const saved = await saveDraft(ctx.services, staff.branchId, params.hash, content);
    if (!saved.ok) return fail(saved);
    if (intent === 'save') return data({ toast: 'Черновик сохранён' });
    const sent = await sendOffer(ctx.services, staff, staff.branchId, params.hash, ctx.ip);
    if (!sent.ok) return fail(sent);
    throw redirect(`/kp/edit/${sent.hash}?done=sent`);
  }
  if (intent === 'read-only' || intent === 'editable') {
    const result = await setReadOnly(ctx.services, staff, staff.branchId, params.hash, intent === 'read-only', ctx.ip);
    return result.ok ? data({ toast: result.message }) : fail(result);
  }
  if (intent === 'duplicate') {
    const copy = await duplicateOffer(ctx.services, staff, staff.branchId, params.hash, ctx.ip);
    if (!copy.ok) return fail(copy);
    throw redirect(`/kp/edit/${copy.hash}?done=copy`);
  }
  return data({ message: 'Некорректный запрос' }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? `Редактор КП: ${d.offer.content.client.company ?? d.offer.content.client.name}` : 'Предложение не найдено');

export default function OfferEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, csrf, done } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const failure = actionData && 'message' in actionData ? actionData.message : null;
  const editable = offer.state === 'draft' || offer.state === 'sent';
  return (
    <>
      <p><Link to="/admin/offers">← Коммерческие предложения</Link></p>
      <h1 className={styles.title}>Редактор КП: {offer.content.client.company ?? offer.content.client.name}</h1>
      <p className={styles.lead}>
        <span className={styles.tag} data-testid="editor-state">{OFFER_STATE_LABELS[offer.state]}</span>{' '}
        {offer.sent ? `отправлена версия ${offer.version}` : 'ещё не отправлено'}{offer.hasDraft && offer.sent ? ' · есть неотправленные правки' : ''}
        {offer.readOnly ? ' · только просмотр для клиента' : ''}
        {offer.state !== 'draft' ? <> · <Link to={`/admin/offers/${offer.hash}`}>Изменения клиента и версии</Link> · <a href={`/offer/${offer.hash}`} target="_blank" rel="noreferrer" data-testid="editor-client-link">Страница клиента</a></> : null}
      </p>
      <Toast message={actionData && 'toast' in actionData ? actionData.toast : done} token={actionData ?? done} />
      {failure ? <p className={styles.error} role="alert">{failure}</p> : null}
      <OfferEditor key={`${offer.hash}:${offer.version}`} initial={offer.content} csrf={csrf} busy={busy} editable={editable} />
      <form method="post" className={styles.filters} style={{ marginTop: 16 }}>
        <input type="hidden" name="_csrf" value={csrf} />
        {editable && offer.state !== 'draft' ? (
          <button type="submit" name="intent" value={offer.readOnly ? 'editable' : 'read-only'} className="btn btn-secondary" disabled={busy}>
            {offer.readOnly ? 'Разрешить клиенту изменения' : 'Только просмотр для клиента'}
          </button>
        ) : null}
        <button type="submit" name="intent" value="duplicate" className="btn btn-secondary" disabled={busy}>Дублировать как новое</button>
      </form>
    </>
  );
}
