import { useState } from 'react';
import { data, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import type { CatalogueCandidate } from '#app/modules/offers/ui/OfferEditor.tsx';
import { approveDiscount, duplicateOffer, editorOffer, saveDraft, sendOffer, setReadOnly } from '#app/modules/offers/offer-editor.server.ts';
import { DISCOUNT_MESSAGES } from '#app/modules/offers/offer-discount.rules.ts';
import { OFFER_STATE_LABELS } from '#app/modules/offers/offers.schema.ts';
import { OFFER_DOC_MAX_BYTES } from '#app/modules/offers/offer-files.constants.ts';
import { OfferEditor } from '#app/modules/offers/ui/OfferEditor.tsx';
import { offerIdByHash } from '#app/modules/offers/offer-client.server.ts';
import { linkChoice, linkQuestionnaire, type LinkSubject } from '#app/modules/questionnaires/questionnaire-links.server.ts';
import { parseLinkChoice } from '#app/modules/questionnaires/questionnaires.schema.ts';
import { QuestionnaireLinkForm } from '#app/modules/questionnaires/ui/QuestionnaireLinkForm.tsx';
import type { Uploader } from '#app/modules/offers/ui/OfferMaterialsEditor.tsx';
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
  // The branch's manager (or the head office's) approves a discount above the branch's threshold (ADR 088).
  const canApprove = staff.capabilities.has('branch.manage') && (staff.branchId === null || staff.branchId === offer.branchId);
  const questionnaire = await linkChoice(ctx.services, await offerSubject(ctx.services, offer.hash));
  return data({ offer, canApprove, questionnaire, csrf: ctx.csrfToken, done: DONE[url.searchParams.get('done') ?? ''] ?? null }, { headers: ADMIN_HEADERS });
}

/** A send refused for its discount still saved the draft: the approval panel must show it (ADR 088). */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
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
    data({ message: result.path ? `${result.message} (${result.path})` : result.message }, { status: result.code === 'not_found' ? 404 : ['locked', 'approval', 'stale'].includes(result.code) ? 409 : 400 });
  if (intent === 'save' || intent === 'send') {
    let content: unknown;
    try {
      content = JSON.parse(String(form.get('content') ?? ''));
    } catch {
      return data({ message: 'Некорректный запрос: обновите страницу' }, { status: 400 });
    }
    const saved = await saveDraft(ctx.services, staff.branchId, params.hash, content, { staff, ip: ctx.ip });
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
  if (intent === 'approve-discount') {
    if (!staff.capabilities.has('branch.manage')) return data({ message: DISCOUNT_MESSAGES.notYours }, { status: 403 });
    const approved = await approveDiscount(ctx.services, staff, params.hash, String(form.get('key') ?? ''), ctx.ip);
    return approved.ok ? data({ toast: approved.message }) : fail(approved);
  }
  if (intent === 'questionnaire') {
    // The questionnaire the client is invited to on the offer's page (ADR 103); another branch's offer is a 404.
    const chosen = parseLinkChoice(form.get('questionnaireId'));
    if (chosen === undefined) return data({ message: 'Некорректный запрос' }, { status: 400 });
    if (!(await editorOffer(ctx.services, staff.branchId, params.hash))) return data({ message: 'Предложение не найдено' }, { status: 404 });
    const linked = await linkQuestionnaire(ctx.services, staff, await offerSubject(ctx.services, params.hash), chosen, ctx.ip);
    return linked.ok ? data({ toast: linked.message }) : data({ message: linked.message }, { status: linked.status });
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
  const { offer, csrf, done, canApprove, questionnaire } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const [found, setFound] = useState<{ results: CatalogueCandidate[] | null; loading: boolean }>({ results: null, loading: false });
  const find = async (text: string, kind: 'machine' | 'part', currency: string) => {
    setFound((f) => ({ ...f, loading: true }));
    const answer = await fetch(`/kp/find?branch=${offer.branchId}&kind=${kind}&currency=${currency}&q=${encodeURIComponent(text)}`, { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() as Promise<{ candidates: CatalogueCandidate[] }> : { candidates: [] }))
      .catch(() => ({ candidates: [] }));
    setFound({ results: answer.candidates, loading: false });
  };
  // A document or a picture goes to the upload route at once; the editor puts the answer into the working copy (ADR 102).
  const upload: Uploader = async (kind, file) => {
    const body = new FormData();
    body.append('file', file);
    try {
      const r = await fetch(`/kp/edit/${offer.hash}/files?kind=${kind}`, { method: 'POST', body, headers: { 'x-csrf-token': csrf, accept: 'application/json' } });
      // The route's body limit answers a far too large file with a page of its own.
      if (r.status === 413 && !r.headers.get('content-type')?.includes('json')) return { ok: false, message: `Файл слишком большой: не более ${OFFER_DOC_MAX_BYTES / 1024 / 1024} МБ` };
      const answer = await r.json() as { message?: string } & Record<string, unknown>;
      return r.ok ? { ok: true, ...answer } as Awaited<ReturnType<Uploader>> : { ok: false, message: answer.message ?? 'Файл не загружен' };
    } catch {
      return { ok: false, message: 'Файл не загружен: проверьте соединение' };
    }
  };
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
      <DiscountPanel discount={offer.discount} canApprove={canApprove && editable} csrf={csrf} busy={busy} />
      <OfferEditor key={`${offer.hash}:${offer.version}`} initial={offer.content} csrf={csrf} busy={busy} editable={editable}
        discount={{ threshold: offer.discount.threshold, approvedKey: offer.discount.approval?.key ?? null }}
        catalogue={{ find: (text, kind, currency) => { void find(text, kind, currency); }, ...found }} upload={upload} hash={offer.hash} />
      <form method="post" className={styles.filters} style={{ marginTop: 16 }}>
        <input type="hidden" name="_csrf" value={csrf} />
        {editable && offer.state !== 'draft' ? (
          <button type="submit" name="intent" value={offer.readOnly ? 'editable' : 'read-only'} className="btn btn-secondary" disabled={busy}>
            {offer.readOnly ? 'Разрешить клиенту изменения' : 'Только просмотр для клиента'}
          </button>
        ) : null}
        <button type="submit" name="intent" value="duplicate" className="btn btn-secondary" disabled={busy}>Дублировать как новое</button>
      </form>
      <div style={{ marginTop: 16 }}>
        <QuestionnaireLinkForm choice={questionnaire} csrf={csrf} busy={busy} subjectLabel="на странице предложения и в письме при его отправке" />
      </div>
    </>
  );
}

/** The offer as a questionnaire's subject: by its id, which a new sending's link keeps. */
async function offerSubject(services: Parameters<typeof offerIdByHash>[0], hash: string): Promise<LinkSubject> {
  const id = await offerIdByHash(services, hash);
  if (id === null) throw data(null, { status: 404 });
  return { kind: 'offer', id, hash };
}

const when = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Moscow' });
const pct = (n: number) => n.toLocaleString('ru-RU', { maximumFractionDigits: 2 });

/** The saved prices' discount against the branch's threshold: approved by whom and when, or the approval it waits for. */
function DiscountPanel({ discount, canApprove, csrf, busy }: { discount: Route.ComponentProps['loaderData']['offer']['discount']; canApprove: boolean; csrf: string; busy: boolean }) {
  if (!discount.needed && !discount.approval) return null;
  const { approval } = discount;
  return (
    <section className={styles.card} aria-label="Согласование скидки" style={{ marginBottom: 16 }} data-testid="discount-approval">
      {approval ? (
        <p style={{ margin: 0 }}>
          Скидка {pct(discount.percent)} % выше порога филиала {pct(discount.threshold)} % — <b>согласована</b>: {approval.by.name}, {when.format(new Date(approval.at))}.
        </p>
      ) : (
        <form method="post" style={{ margin: 0 }}>
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="key" value={discount.key} />
          <p style={{ margin: '0 0 8px' }}>
            Скидка {pct(discount.percent)} % выше порога филиала {pct(discount.threshold)} %: отправить предложение можно после согласования руководителя филиала.
            {discount.stale ? ' Цены изменились после прошлого согласования.' : ''}
          </p>
          {canApprove
            ? <button type="submit" name="intent" value="approve-discount" className="btn btn-brand" disabled={busy}>Согласовать скидку {pct(discount.percent)} %</button>
            : <p className={styles.muted} style={{ margin: 0 }}>Сохраните черновик и попросите руководителя филиала согласовать скидку в этом редакторе.</p>}
        </form>
      )}
    </section>
  );
}
