import { Form, data, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { DataTable, type Column } from '#app/components/backoffice/DataTable.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { formatMoney } from '#app/lib/money.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { reviewChanges, reviewInput, staffOffer } from '#app/modules/offers/offer-review.server.ts';
import { OFFER_STATE_LABELS, OFFER_VARIANT_LABELS, PAYMENT_TYPE_LABELS } from '#app/modules/offers/offers.schema.ts';
import { compareVersions } from '#app/modules/offers/offer-versions.rules.ts';
import type { Route } from './+types/admin.offers.$hash';

export const handle: AdminHandle = { capability: 'offers.read' };

const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');

/**
 * `/admin/offers/{hash}` (ADR 086): one offer of the staff member's branch (another branch's is a
 * 404): the client's changes to accept or decline one by one, versions side by side with the
 * differences marked (`?a=&b=`), the log of the client's changes, views and the signature.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const found = await staffOffer(ctx.services, staff.branchId, params.hash);
  if (!found) throw data(null, { status: 404 });
  const last = found.versions.length;
  const pick = (key: string, fallback: number) => {
    const n = Number(url.searchParams.get(key));
    return Number.isInteger(n) && n >= 1 && n <= last ? n : fallback;
  };
  const a = pick('a', Math.max(1, last - 1));
  const b = pick('b', last);
  const money = (minor: number) => formatMoney(minor, found.offer.currency);
  const compared = compareVersions(found.versions[a - 1]!.content, found.versions[b - 1]!.content, money);
  const { versions, ...rest } = found;
  return data({
    ...rest, versions: versions.map((v) => ({ version: v.version, at: v.at })), compare: { a, b, rows: compared },
    csrf: ctx.csrfToken, canWork: staff.capabilities.has('offers.work'),
  }, { headers: ADMIN_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, 'offers.work');
  const form = await request.formData();
  const decisions: Record<string, string> = {};
  for (const [key, value] of form) if (key.startsWith('decision:') && typeof value === 'string') decisions[key.slice('decision:'.length)] = value;
  const parsed = reviewInput.safeParse({ seen: form.get('seen'), decisions });
  if (!parsed.success) return data({ message: 'Некорректный запрос: обновите страницу' }, { status: 400 });
  const result = await reviewChanges(ctx.services, staff, staff.branchId, params.hash, parsed.data, ctx.ip);
  if (!result.ok) return data({ message: result.message }, { status: result.code === 'not_found' ? 404 : result.code === 'locked' || result.code === 'stale' ? 409 : 400 });
  return data({ toast: result.message });
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? `КП: ${d.clientName}` : 'Предложение не найдено');

type ActionRow = Route.ComponentProps['loaderData']['actions'][number];

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'да' : 'нет';
  if (typeof v === 'object' && v !== null && 'value' in v) {
    const o = v as { value: string; addres?: string | null; initial_fee?: number; term?: number };
    if (o.value === 'pickupChoice') return 'самовывоз';
    if (o.value === 'deliveryChoice') return `доставка: ${o.addres ?? ''}`;
    const label = PAYMENT_TYPE_LABELS[o.value as keyof typeof PAYMENT_TYPE_LABELS] ?? o.value;
    return o.term ? `${label}, ${o.term} мес.` : label;
  }
  if (Array.isArray(v)) return v.join(', ') || '—';
  return String(v);
};

const KIND_LABELS: Record<ActionRow['kind'], string> = {
  count: 'Количество', option: 'Опция', fast_delivery: 'Быстрая поставка', commissioning: 'Пусконаладка', payment: 'Оплата', delivery: 'Получение', use_cases: 'Сценарии', comment: 'Комментарий',
};

const actionColumns: ReadonlyArray<Column<ActionRow>> = [
  { id: 'at', header: 'Когда', nowrap: true, primary: true, cell: (a) => at(a.at) },
  { id: 'what', header: 'Что', cell: (a) => <>{KIND_LABELS[a.kind]}{a.optionId ? ` ${a.optionId}` : ''}{a.productId ? <span className={styles.muted}> · позиция {a.productId}</span> : null}</> },
  { id: 'change', header: 'Было → стало', cell: (a) => <>{show(a.before)} → <b>{show(a.after)}</b></> },
  { id: 'version', header: 'Версия', cell: (a) => a.version },
  { id: 'decision', header: 'Решение', cell: (a) => (a.decision === 'accepted' ? `принято (${a.decidedBy ?? ''})` : a.decision === 'declined' ? `отклонено (${a.decidedBy ?? ''})` : 'ждёт решения') },
  { id: 'browser', header: 'Браузер', cell: (a) => <span className={styles.muted}>{a.userAgent.slice(0, 80) || '—'}</span> },
];

export default function AdminOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, clientName, clientPhone, clientEmail, managerName, views, versions, actions, acceptance, orderNumber, compare, csrf, canWork } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const failure = actionData && 'message' in actionData ? actionData.message : null;
  const money = (minor: number) => formatMoney(minor, offer.currency);
  const decidable = offer.entries.filter((e) => e.kind !== 'comment');
  const h2 = { margin: '0 0 8px', fontSize: 'var(--text-m)' } as const;
  return (
    <>
      <p><Link to="/admin/offers">← Коммерческие предложения</Link></p>
      <h1 className={styles.title}>КП для {clientName}</h1>
      <p className={styles.lead}>
        <span className={styles.tag} data-testid="offer-state">{OFFER_STATE_LABELS[offer.state]}</span>{' '}
        {OFFER_VARIANT_LABELS[offer.variant]} · {offer.source} · версия {offer.version} · действует до {offer.validUntil.split('-').reverse().join('.')}{offer.expired ? ' (истекло)' : ''}
        {' · '}<a href={`/offer/${offer.hash}`} target="_blank" rel="noreferrer" data-testid="client-link">Страница клиента</a>
        {' · '}<a href={`/offer/pdf/${offer.hash}?format=pdf`}>PDF</a>
        {' · '}<a href={`/offer-slides/?hash=${offer.hash}`} target="_blank" rel="noreferrer">Слайды</a>
        {offer.state === 'sent' ? <>{' · '}<Link to={`/kp/edit/${offer.hash}`}>Редактировать</Link></> : null}
      </p>
      <Toast message={actionData && 'toast' in actionData ? actionData.toast : null} token={actionData} />
      {failure ? <p className={styles.error} role="alert">{failure}</p> : null}

      <div className={styles.grid} style={{ marginBottom: 16 }}>
        <section className={styles.card} aria-labelledby="offer-client">
          <h2 id="offer-client" style={h2}>Клиент</h2>
          <p style={{ margin: 0 }}>{clientName}<br /><a href={`tel:+${clientPhone}`}>{formatPhoneDisplay(clientPhone)}</a>{clientEmail ? <><br /><a href={`mailto:${clientEmail}`}>{clientEmail}</a></> : null}</p>
          <p className={styles.muted} style={{ margin: '8px 0 0' }}>Менеджер: {managerName}</p>
        </section>
        <section className={styles.card} aria-labelledby="offer-views">
          <h2 id="offer-views" style={h2}>Просмотры</h2>
          <p style={{ margin: 0 }} data-testid="offer-views">{views.count ? `${views.count} · впервые ${at(views.first)} · последний ${at(views.last)}` : 'Клиент ещё не открывал предложение'}</p>
        </section>
        <section className={styles.card} aria-labelledby="offer-sum">
          <h2 id="offer-sum" style={h2}>Сумма</h2>
          <p style={{ margin: 0 }}><b>{money(offer.versionTotal)}</b>{offer.total !== offer.versionTotal ? <><br /><span className={styles.muted}>с изменениями клиента: {money(offer.total)}</span></> : null}</p>
        </section>
      </div>

      {acceptance ? (
        <section className={styles.card} aria-labelledby="offer-signature" style={{ marginBottom: 16 }} data-testid="offer-signature">
          <h2 id="offer-signature" style={h2}>Принято клиентом</h2>
          <p style={{ margin: 0 }}>
            Версия {acceptance.version} принята {at(acceptance.signedAt)} кодом из SMS на {formatPhoneDisplay(acceptance.phone)} (код № {acceptance.codeId}).
            {orderNumber ? <> Заказ <Link to={`/admin/orders/${encodeURIComponent(orderNumber)}`}>{orderNumber}</Link>.</> : null}
            <br /><span className={styles.muted}>Браузер: {acceptance.userAgent || '—'}{acceptance.ip ? ` · адрес ${acceptance.ip}` : ''}</span>
          </p>
        </section>
      ) : null}

      <section className={styles.card} aria-labelledby="offer-changes" style={{ marginBottom: 16 }}>
        <h2 id="offer-changes" style={h2}>Изменения клиента</h2>
        {offer.entries.length === 0 ? <p className={styles.muted} style={{ margin: 0 }}>Новых изменений нет.</p> : (
          <Form method="post" data-testid="offer-review">
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="seen" value={JSON.stringify(offer.diff)} />
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className="visually-hidden">Изменения клиента и решения по ним</caption>
                <thead><tr><th scope="col">Что</th><th scope="col">Было</th><th scope="col">Стало</th><th scope="col">Решение</th></tr></thead>
                <tbody>
                  {offer.entries.map((e) => (
                    <tr key={e.key} data-testid="offer-change">
                      <td>{e.title}</td>
                      <td>{e.from || '—'}</td>
                      <td><b>{e.to}</b></td>
                      <td>
                        {e.kind === 'comment' ? <span className={styles.muted}>для сведения</span> : canWork ? (
                          <span style={{ display: 'inline-flex', gap: 12, flexWrap: 'wrap' }}>
                            <label><input type="radio" name={`decision:${e.key}`} value="accept" required /> Принять</label>
                            <label><input type="radio" name={`decision:${e.key}`} value="decline" /> Отклонить</label>
                          </span>
                        ) : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {canWork ? (
              <p style={{ margin: '12px 0 0' }}>
                <button type="submit" className="btn btn-brand" disabled={busy}>{decidable.length ? 'Применить решения' : 'Отметить как прочитанное'}</button>{' '}
                <span className={styles.muted}>Принятые изменения станут новой версией; клиент получит SMS со ссылкой.</span>
              </p>
            ) : null}
          </Form>
        )}
      </section>

      {offer.deliveryQuote ? <DeliveryQuoteCard quote={offer.deliveryQuote} money={money} /> : null}

      <section className={styles.card} aria-labelledby="offer-versions" style={{ marginBottom: 16 }}>
        <h2 id="offer-versions" style={h2}>Версии</h2>
        {versions.length < 2 ? <p className={styles.muted} style={{ margin: 0 }}>Одна версия от {at(versions[0]?.at ?? null)}.</p> : (
          <>
            <Form method="get" className={styles.filters}>
              <label>Версия слева<select name="a" defaultValue={compare.a}>{versions.map((v) => <option key={v.version} value={v.version}>{v.version} от {at(v.at)}</option>)}</select></label>
              <label>Версия справа<select name="b" defaultValue={compare.b}>{versions.map((v) => <option key={v.version} value={v.version}>{v.version} от {at(v.at)}</option>)}</select></label>
              <button type="submit" className="btn btn-secondary">Сравнить</button>
            </Form>
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="offer-compare">
                <caption className="visually-hidden">Версии {compare.a} и {compare.b} рядом</caption>
                <thead><tr><th scope="col">Строка</th><th scope="col">Версия {compare.a}</th><th scope="col">Версия {compare.b}</th></tr></thead>
                <tbody>
                  {compare.rows.map((r) => (
                    <tr key={r.key} data-changed={r.changed || undefined} style={r.changed ? { background: '#fff8e6' } : undefined}>
                      <td>{r.label}{r.changed ? <span className={styles.muted}> · изменено</span> : null}</td>
                      <td>{r.a ?? '—'}</td>
                      <td>{r.changed ? <b>{r.b ?? '—'}</b> : r.b}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <DataTable caption="Журнал изменений клиента" columns={actionColumns} rows={actions} rowKey={(a) => a.id} rowTestId="offer-action" empty="Клиент ничего не менял." />
    </>
  );
}

/** The carriers' price the client's page last asked for an address of his own (ADR 088): the manager sees each item's error. */
function DeliveryQuoteCard({ quote, money }: { quote: NonNullable<Route.ComponentProps['loaderData']['offer']['deliveryQuote']>; money: (minor: number) => string }) {
  const h2 = { margin: '0 0 8px', fontSize: 'var(--text-m)' } as const;
  return (
    <section className={styles.card} aria-labelledby="offer-delivery-quote" style={{ marginBottom: 16 }} data-testid="offer-delivery-quote">
      <h2 id="offer-delivery-quote" style={h2}>Доставка по адресу клиента</h2>
      <p style={{ margin: '0 0 8px' }}>
        {quote.addres}{quote.area ? ` (${quote.area})` : ''} · {quote.distanceKm} км · {quote.error ? <b>по запросу: рассчитайте доставку</b> : <b>{money(quote.price)}</b>}
        <br /><span className={styles.muted}>Рассчитано {at(quote.at)}</span>
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">Цена доставки каждой позиции</caption>
          <thead><tr><th scope="col">Позиция</th><th scope="col">Масса, габариты</th><th scope="col">Цена</th><th scope="col">Перевозчик или ошибка</th></tr></thead>
          <tbody>
            {quote.items.map((i) => {
              const d = i.productDimensions;
              return (
                <tr key={i.id}>
                  <td>{i.name}</td>
                  <td>{d.weight !== null ? `${d.weight} кг` : 'масса неизвестна'}{d.length !== null && d.width !== null && d.height !== null ? ` · ${d.length}×${d.width}×${d.height} см` : ''}</td>
                  <td>{i.auto ? money(i.price) : '—'}</td>
                  <td>{i.error ? <span className={styles.error}>{i.error}</span> : `${i.carrier ?? ''}${i.days ? `, ${i.days} дн.` : ''}`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
