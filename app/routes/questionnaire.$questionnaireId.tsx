import { useEffect, useRef } from 'react';
import { data, redirect } from 'react-router';
import { requestContext, type RequestContext } from '#app/.server/context.ts';
import { NotFound } from '#app/layout/NotFound.tsx';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { clientOffer } from '#app/modules/offers/offer-client.server.ts';
import { ownOrder } from '#app/modules/orders/orders.server.ts';
import { QUESTIONNAIRE_MESSAGES, QUESTIONNAIRE_PATH, RESPONDENT_COOKIE, RESPONDENT_COOKIE_DAYS } from '#app/modules/questionnaires/questionnaires.constants.ts';
import { rawAnswersOf } from '#app/modules/questionnaires/questionnaires.rules.ts';
import { parseQuestionnaireId, responseLinkQuery, type ResponseLink } from '#app/modules/questionnaires/questionnaires.schema.ts';
import { newRespondentCookie, questionnaireForRespondent, respondentBrowserOf, respondentOf, submitResponse } from '#app/modules/questionnaires/questionnaires.server.ts';
import { QuestionnaireForm } from '#app/modules/questionnaires/ui/QuestionnaireForm.tsx';
import styles from '#app/modules/questionnaires/ui/Questionnaire.module.css';
import type { Route } from './+types/questionnaire.$questionnaireId';

/*
 * /questionnaire/{questionnaireId} (spec §2, ADR 093): a published questionnaire's form, its thanks,
 * or 'Вы уже ответили…'. One response per respondent: the account of a signed-in visitor, or a guest's
 * browser by a long-lived random cookie of its own. The page knows whether this visitor answered,
 * so it is never kept in the page cache or a shared cache.
 *
 * A questionnaire is linked from an order or an offer as `/questionnaire/{id}?order={number}` or
 * `?offer={hash}`: the response keeps the link when it names the respondent's own order (a
 * signed-in customer's) or an existing offer (its hash is its access); otherwise it is left out.
 */

function idOf(raw: string | undefined): number {
  const id = parseQuestionnaireId(raw);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

function respondentCookie(ctx: RequestContext, value: string): string {
  const secure = ctx.services.config.PUBLIC_ORIGIN.startsWith('https:') ? '; Secure' : '';
  return `${RESPONDENT_COOKIE}=${value}; Path=/; Max-Age=${RESPONDENT_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure}`;
}

/** The order or offer the respondent came by, when it is his order or an existing offer. */
async function verifiedLink(ctx: RequestContext, query: { order?: unknown; offer?: unknown }): Promise<ResponseLink> {
  const { order, offer } = responseLinkQuery.parse({ order: query.order ?? undefined, offer: query.offer ?? undefined });
  const [ownedOrder, existingOffer] = await Promise.all([
    order ? ownOrder(ctx, order) : null,
    offer ? clientOffer(ctx.services, offer, ctx.session?.userId != null) : null,
  ]);
  return { orderNumber: ownedOrder ? ownedOrder.number : null, offerHash: existingOffer ? existingOffer.hash : null };
}

const NO_STORE = { 'Cache-Control': 'private, no-store' } as const;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const id = idOf(params.questionnaireId);
  const userId = ctx.session?.userId ?? null;
  const sentCookie = respondentBrowserOf(request);
  const respondent = respondentOf(userId, sentCookie);
  const found = await questionnaireForRespondent(ctx.services, id, respondent);
  if (!found) throw data(null, { status: 404, headers: NO_STORE });
  const url = new URL(request.url);
  const link = await verifiedLink(ctx, { order: url.searchParams.get('order'), offer: url.searchParams.get('offer') });
  const headers = new Headers(NO_STORE);
  // A guest's browser gets its identity on its first visit, so that its answer is its own.
  if (userId === null && respondent === null) headers.append('Set-Cookie', respondentCookie(ctx, newRespondentCookie()));
  const { questionnaire, answered } = found;
  return data({
    questionnaire: { id: questionnaire.id, title: questionnaire.title, intro: questionnaire.intro, model: questionnaire.model },
    thanks: answered && url.searchParams.has('thanks') ? questionnaire.thanks || 'Спасибо за ответы!' : null,
    answered, link: { order: link.orderNumber, offer: link.offerHash }, csrf: ctx.csrfToken,
  }, { headers });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const id = idOf(params.questionnaireId);
  const form = await request.formData();
  const userId = ctx.session?.userId ?? null;
  const sentCookie = respondentBrowserOf(request);
  const known = respondentOf(userId, sentCookie);
  // A guest whose browser has no identity yet (its first page came without one): one is made now.
  const fresh = known === null ? newRespondentCookie() : null;
  const respondent = known ?? respondentOf(null, fresh)!;
  const text = (key: string) => { const v = form.get(key); return typeof v === 'string' ? v : undefined; };
  const link = await verifiedLink(ctx, { order: text('order'), offer: text('offer') });
  const raw = rawAnswersOf(form.entries());
  const outcome = await submitResponse(ctx.services, { questionnaireId: id, respondent, userId, link, raw, ip: ctx.ip });
  if (outcome.ok) {
    const headers = new Headers(NO_STORE);
    if (fresh) headers.append('Set-Cookie', respondentCookie(ctx, fresh));
    return redirect(`${QUESTIONNAIRE_PATH}/${id}?thanks=1`, { headers });
  }
  switch (outcome.code) {
    case 'not_found': throw data(null, { status: 404, headers: NO_STORE });
    case 'invalid': return data({ errors: outcome.errors, values: raw, message: QUESTIONNAIRE_MESSAGES.invalid }, { status: 400, headers: NO_STORE });
    case 'already_answered': return data({ errors: {}, values: raw, message: outcome.message, answered: true }, { status: 409, headers: NO_STORE });
    case 'rate_limited': return data({ errors: {}, values: raw, message: outcome.message }, { status: 429, headers: { ...NO_STORE, 'Retry-After': String(outcome.retryAfterSeconds) } });
  }
}

/** Personal: whether this visitor answered. Never kept by a shared cache; the respondent cookie passes through. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(NO_STORE);
  for (const cookie of [...actionHeaders.getSetCookie(), ...loaderHeaders.getSetCookie()]) out.append('Set-Cookie', cookie);
  const retry = actionHeaders.get('Retry-After');
  if (retry) out.set('Retry-After', retry);
  return out;
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => (d
  ? [...pageMeta(d.questionnaire.title, d.questionnaire.intro.slice(0, 200) || 'Анкета'), { name: 'robots', content: 'noindex, follow' }]
  : NOT_FOUND_META);

export default function QuestionnairePage({ loaderData, actionData }: Route.ComponentProps) {
  const { questionnaire, thanks, link, csrf } = loaderData;
  const refusedAsAnswered = Boolean(actionData && 'answered' in actionData && actionData.answered);
  const answered = loaderData.answered || refusedAsAnswered;
  // A second answer refused: the message replaces the form, and the reader is taken to it.
  const notice = useRef<HTMLElement>(null);
  useEffect(() => { if (refusedAsAnswered) notice.current?.focus(); }, [refusedAsAnswered, actionData]);
  return (
    <div className={`container ${styles.wrap}`}>
      <h1>{questionnaire.title}</h1>
      {thanks ? (
        <section className={styles.notice} role="status" data-testid="questionnaire-thanks">
          <h2>Ответы отправлены</h2>
          <p>{thanks}</p>
        </section>
      ) : answered ? (
        <section className={styles.notice} role={refusedAsAnswered ? 'alert' : 'status'} data-testid="questionnaire-answered" ref={notice} tabIndex={-1}>
          <p>{QUESTIONNAIRE_MESSAGES.alreadyAnswered}</p>
        </section>
      ) : (
        <>
          {questionnaire.intro ? <p className={styles.intro}>{questionnaire.intro}</p> : null}
          {link.order ? <p className={styles.about}>Анкета о заказе {link.order}</p> : link.offer ? <p className={styles.about}>Анкета о коммерческом предложении</p> : null}
          {actionData?.message ? <p className={styles.alert} role="alert">{actionData.message}</p> : null}
          <QuestionnaireForm model={questionnaire.model} csrf={csrf} errors={actionData?.errors} values={actionData?.values} link={link} />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <NotFound />;
}
