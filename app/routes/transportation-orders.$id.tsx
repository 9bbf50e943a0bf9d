import { Form, data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { NotFound } from '#app/layout/NotFound.tsx';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { signInRedirect } from '#app/modules/auth/profile.server.ts';
import { TRANSPORT_PATH, TRANSPORT_TITLE } from '#app/modules/transport/transport.constants.ts';
import { TRANSPORT_MESSAGES } from '#app/modules/transport/transport-messages.constants.ts';
import { ACTION_LABELS, actionsFor } from '#app/modules/transport/transport.rules.ts';
import { bidInput, parseLoadId, transportAction } from '#app/modules/transport/transport.schema.ts';
import { changeStatus, loadFor, placeBid, transportViewerOf } from '#app/modules/transport/transport.server.ts';
import styles from '#app/modules/transport/ui/Transport.module.css';
import type { Route } from './+types/transportation-orders.$id';

/*
 * /transportation-orders/{id} (ADR 097): the load, and what the viewer may do with it — the owner
 * sees the bids (labels until the award) and awards one, starts, delivers or cancels; a carrier bids
 * or changes his bid while the load is open, and once awarded sees the owner's phone and moves it on.
 * Anyone else, and any unknown id, gets a 404.
 */

const NO_STORE = { 'Cache-Control': 'private, no-store' } as const;
const DONE = ['posted', 'bid', 'award', 'start', 'deliver', 'cancel'] as const;
const DONE_TEXT: Record<(typeof DONE)[number], string> = {
  posted: TRANSPORT_MESSAGES.posted, bid: TRANSPORT_MESSAGES.bidSaved, award: TRANSPORT_MESSAGES.awarded,
  start: TRANSPORT_MESSAGES.in_transit, deliver: TRANSPORT_MESSAGES.delivered, cancel: TRANSPORT_MESSAGES.cancelled,
};

function idOf(raw: string | undefined): number {
  const id = parseLoadId(raw);
  if (id === null) throw data(null, { status: 404, headers: NO_STORE });
  return id;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const id = idOf(params.id);
  const viewer = await transportViewerOf(ctx);
  if (!viewer) throw redirect(signInRedirect(url.pathname));
  const load = await loadFor(ctx.services.db, viewer, id);
  if (!load) throw data(null, { status: 404, headers: NO_STORE });
  const done = url.searchParams.get('done');
  return data({
    load, csrf: ctx.csrfToken, today: new Date().toISOString().slice(0, 10),
    notice: done && (DONE as readonly string[]).includes(done) ? DONE_TEXT[done as (typeof DONE)[number]] : null,
  }, { headers: NO_STORE });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const id = idOf(params.id);
  const viewer = await transportViewerOf(ctx);
  if (!viewer) throw redirect(signInRedirect(`${TRANSPORT_PATH}/${id}`));
  const form = Object.fromEntries([...(await request.formData()).entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  if (form.intent === 'bid') {
    const parsed = bidInput.safeParse(form);
    if (!parsed.success) return data({ errors: firstIssueByField(parsed.error.issues), message: TRANSPORT_MESSAGES.invalid, values: form }, { status: 400, headers: NO_STORE });
    const out = await placeBid(ctx.services.db, viewer, id, parsed.data);
    if (!out.ok && out.code === 'not_found') throw data(null, { status: 404, headers: NO_STORE });
    if (!out.ok) return data({ errors: {}, message: out.message, values: form }, { status: 409, headers: NO_STORE });
    return redirect(`${TRANSPORT_PATH}/${id}?done=bid`, { headers: NO_STORE });
  }
  const parsed = transportAction.safeParse(form);
  if (!parsed.success) return data({ errors: {}, message: 'Неизвестное действие', values: form }, { status: 400, headers: NO_STORE });
  const out = await changeStatus(ctx.services, viewer, id, parsed.data.intent, parsed.data.bidId);
  if (!out.ok && out.code === 'not_found') throw data(null, { status: 404, headers: NO_STORE });
  if (!out.ok) return data({ errors: {}, message: out.message, values: form }, { status: out.code === 'invalid' ? 400 : 409, headers: NO_STORE });
  return redirect(`${TRANSPORT_PATH}/${id}?done=${parsed.data.intent}`, { headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => (d
  ? [...pageMeta(`Груз №${d.load.id}: ${d.load.fromCity} → ${d.load.toCity} — ${TRANSPORT_TITLE}`, d.load.machine), { name: 'robots', content: 'noindex, nofollow' }]
  : NOT_FOUND_META);

export default function LoadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { load, csrf, notice, today } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const owner = load.role === 'owner';
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const moves = owner ? actionsFor(load.status, 'owner') : load.awardedToMe ? actionsFor(load.status, 'carrier') : [];
  const statusMoves = moves.filter((m) => m !== 'award');
  const canAward = owner && moves.includes('award');
  return (
    <div className={`container ${styles.page}`}>
      <p><Link to={TRANSPORT_PATH}>← {TRANSPORT_TITLE}</Link></p>
      <h1>Груз №{load.id}: {load.fromCity} → {load.toCity}</h1>
      <p><span className={styles.status} data-testid="load-status">{load.statusLabel}</span></p>
      {notice && !actionData ? <p className={styles.notice} role="status" data-testid="load-notice">{notice}</p> : null}
      {actionData?.message ? <p className={styles.alert} role="alert">{actionData.message}</p> : null}
      <dl className={styles.facts}>
        <dt>Техника</dt><dd>{load.machine}{load.model ? <> (<Link to={load.model.link}>{load.model.name}</Link>)</> : null}</dd>
        <dt>Откуда</dt><dd>{[load.fromCity, load.fromAddress].filter(Boolean).join(', ')}</dd>
        <dt>Куда</dt><dd>{[load.toCity, load.toAddress].filter(Boolean).join(', ')}</dd>
        <dt>Габариты (Д × Ш × В)</dt><dd>{load.dimensions}</dd>
        <dt>Масса</dt><dd>{load.weightKg.toLocaleString('ru-RU')} кг</dd>
        <dt>Готов к отправке</dt><dd>{load.readyOn}</dd>
        <dt>Доставить до</dt><dd>{load.deadlineOn}</dd>
        {load.note ? <><dt>Комментарий</dt><dd>{load.note}</dd></> : null}
        <dt>Контакты владельца</dt>
        <dd data-testid="owner-contacts">{load.contactPhone ? <>{load.ownerName ? `${load.ownerName}, ` : ''}<a href={`tel:+${load.contactPhone.replace(/\D/g, '')}`}>{load.contactPhone}</a></> : 'Откроются, когда владелец выберет вашу ставку'}</dd>
      </dl>
      {load.photos.length ? (
        <ul className={styles.photos} aria-label="Фотографии">
          {load.photos.map((p, i) => <li key={p.id}><img src={p.src} srcSet={p.srcSet} sizes="160px" alt={`Фото ${i + 1}`} loading="lazy" width={160} height={120} /></li>)}
        </ul>
      ) : null}

      {statusMoves.length ? (
        <div className={styles.actions}>
          {statusMoves.map((m) => (
            <Form method="post" key={m}>
              <input type="hidden" name="_csrf" value={csrf} />
              <button type="submit" name="intent" value={m} className={m === 'cancel' ? 'btn btn-secondary' : 'btn btn-brand'} disabled={busy}>{ACTION_LABELS[m as keyof typeof ACTION_LABELS]}</button>
            </Form>
          ))}
        </div>
      ) : null}

      <section className={styles.section} aria-labelledby="bids-title">
        <h2 id="bids-title">{owner ? 'Предложения перевозчиков' : 'Ваша ставка'}</h2>
        {owner && !load.bids.length ? <p className={styles.meta}>Пока никто не ответил. Перевозчики видят груз в списке открытых.</p> : null}
        {owner && load.status === 'open' && load.bids.length ? <p className={styles.meta}>Контакты перевозчика откроются, когда вы выберете его предложение.</p> : null}
        {load.bids.length ? (
          <ul className={styles.bids} data-testid="bids">
            {load.bids.map((b) => (
              <li key={b.id} className={styles.bid} data-awarded={b.awarded} data-testid="bid">
                <div>
                  <strong>{b.label}</strong>{b.awarded ? ' — выбран' : ''}
                  <p className={styles.meta}><span>{b.price}</span><span>забор {b.pickupOn}</span>{b.comment ? <span>{b.comment}</span> : null}</p>
                  {b.carrier ? <p data-testid="carrier-contacts">{b.carrier.name}{b.carrier.phone ? <>, <a href={`tel:+${b.carrier.phone.replace(/\D/g, '')}`}>{b.carrier.phone}</a></> : null}{b.carrier.email ? <>, <a href={`mailto:${b.carrier.email}`}>{b.carrier.email}</a></> : null}</p> : null}
                </div>
                {canAward ? (
                  <Form method="post">
                    <input type="hidden" name="_csrf" value={csrf} />
                    <input type="hidden" name="bidId" value={b.id} />
                    <button type="submit" name="intent" value="award" className="btn btn-primary" disabled={busy}>Выбрать</button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {!owner && load.status === 'open' ? (
          <Form method="post" className={styles.form} data-testid="bid-form">
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="intent" value="bid" />
            <label className={styles.field}>
              <span>Цена перевозки, ₽ *</span>
              <input name="price" inputMode="numeric" required defaultValue={values.price ?? (load.myBid ? String(load.myBid.price) : '')} aria-invalid={errors.price ? true : undefined} />
              {errors.price ? <span className={styles.error} role="alert">{errors.price}</span> : null}
            </label>
            <label className={styles.field}>
              <span>Дата забора груза *</span>
              <input name="pickupOn" type="date" required min={today} defaultValue={values.pickupOn ?? load.myBid?.pickupOn ?? load.readyOn} aria-invalid={errors.pickupOn ? true : undefined} />
              {errors.pickupOn ? <span className={styles.error} role="alert">{errors.pickupOn}</span> : null}
            </label>
            <label className={`${styles.field} ${styles.wide}`}>
              <span>Комментарий</span>
              <textarea name="comment" rows={2} maxLength={1000} defaultValue={values.comment ?? load.myBid?.comment ?? ''} />
            </label>
            <p className={styles.wide}><button type="submit" className="btn btn-primary" disabled={busy}>{load.myBid ? 'Изменить ставку' : 'Предложить цену'}</button></p>
          </Form>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <NotFound />;
}
