import { useEffect, useMemo, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { api, csrfToken } from '#app/lib/api.ts';
import { formatMoney } from '#app/lib/money.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { applyQueue, effectiveContent, enqueueChange, type ChangeItem } from '../offer-changes.rules.ts';
import { offerTotal } from '../offers.rules.ts';
import { OFFER_VARIANT_LABELS } from '../offers.schema.ts';
import type { ClientOffer, PageOffer } from '../offer-view.schema.ts';
import type { DeliveryQuote } from '../offer-delivery.rules.ts';
import { OfferAccept } from './OfferAccept.tsx';
import { imageUrl } from '#app/lib/picture.ts';
import { DeliverySection, PaymentSection, UseCasesSection } from './OfferChoices.tsx';
import { MachineList, ProductBlock, PartsTable, WorksTable } from './OfferProducts.tsx';
import styles from './OfferPage.module.css';

const DAY = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });
export const dayText = (iso: string) => DAY.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** What the sections get to show the offer as the client is changing it and to queue a change. */
export interface OfferEditing {
  offer: PageOffer;
  /** The version with the saved changes and the queued ones. */
  effective: ClientOffer['effective'];
  /** False while the page is not hydrated ('view'), while saving, and on an offer that cannot change. */
  editable: boolean;
  change: (item: ChangeItem) => void;
  money: (minor: number) => string;
  /** The carriers' last price for delivery to an address of the client's own (ADR 088). */
  quote: DeliveryQuote | null;
  setQuote: (quote: DeliveryQuote) => void;
}

/**
 * The client's offer (spec §4 Offer; ADR 086). It renders as 'view' on the server and becomes
 * 'change' once the page runs (the controls wake up); changes are queued, checked with the same
 * rules as the server's and saved together; while saving every button waits; then the diff is
 * reloaded. A view is reported by the script, never by the page's GET.
 */
export function OfferPage({ offer, productId }: { offer: PageOffer; productId?: string }) {
  const [unit, setUnit] = useState<'view' | 'change'>('view');
  const [queue, setQueue] = useState<ChangeItem[]>([]);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const revalidator = useRevalidator();
  const money = (minor: number) => formatMoney(minor, offer.currency);

  useEffect(() => {
    setUnit('change');
    // A view counts when the page runs in a browser; a mail scanner fetching the link runs nothing.
    void fetch(`/offers/${offer.hash}/seen`, { method: 'POST', headers: { 'X-CSRF-Token': csrfToken() }, credentials: 'same-origin', keepalive: true }).catch(() => undefined);
  }, [offer.hash]);

  const [quote, setQuote] = useState<DeliveryQuote | null>(offer.deliveryQuote);
  useEffect(() => { setQuote(offer.deliveryQuote); }, [offer.deliveryQuote]);
  const local = useMemo(() => applyQueue(offer.content, offer.diff, queue), [offer.content, offer.diff, queue]);
  const { effective, priceUnknown } = useMemo(() => {
    // A queue the rules refuse shows the saved changes (the server's diff) while its message stands.
    const { deliveryPriceUnknown, ...content } = effectiveContent(offer.content, local.ok ? local.diff : offer.diff, quote);
    return { effective: content, priceUnknown: deliveryPriceUnknown };
  }, [local, offer.content, offer.diff, quote]);
  const total = offerTotal(effective);
  const editable = unit === 'change' && !saving && !offer.flags.read_only;

  const change = (item: ChangeItem) => {
    const next = enqueueChange(queue, item);
    const checked = applyQueue(offer.content, offer.diff, next);
    if (!checked.ok) { setNotice({ tone: 'error', text: checked.message }); return; }
    setNotice(null);
    setQueue(next);
  };

  async function save() {
    setSaving(true);
    const answer = await api<{ total: number }>('POST', `/offers/single-technique/set-change?hash=${offer.hash}`, { queue });
    if (answer.error_status === 'success') {
      setQueue([]);
      setNotice({ tone: 'success', text: 'Изменения сохранены и отправлены менеджеру.' });
      await revalidator.revalidate();
    } else {
      setNotice({ tone: 'error', text: answer.message });
    }
    setSaving(false);
  }

  const editing: OfferEditing = { offer, effective, editable, change, money, quote, setQuote };
  const product = productId ? effective.products.find((p) => p.id === productId) : undefined;
  const sale = offer.content.products.some((p) => p.prices.discount > 10);

  return (
    <div className={`container ${styles.page}`} data-unit={unit} data-testid="offer-page">
      <header className={styles.head}>
        <p className={styles.kicker}>Коммерческое предложение · {OFFER_VARIANT_LABELS[offer.variant]} · версия {offer.version}</p>
        <h1 className={styles.title}>{product ? product.name : `Предложение для ${offer.content.client.company ?? offer.content.client.name}`}</h1>
        {product ? <p><Link to={`/offer/${offer.hash}`}>← Всё предложение</Link></p> : null}
        <p className={styles.links}>
          <a href={`/offer/pdf/${offer.hash}?format=pdf`} data-testid="offer-pdf">Скачать PDF</a>
          <a href={`/offer/pdf/${offer.hash}`}>Версия для печати</a>
          <a href={`/offer-slides/?hash=${offer.hash}`}>Показать слайдами</a>
        </p>
        <Validity offer={offer} />
      </header>

      {offer.accepted ? (
        <section className={styles.accepted} role="status" data-testid="offer-accepted">
          <h2>Предложение принято</h2>
          <p>Версия {offer.accepted.version} принята {dayText(offer.accepted.at)}{offer.accepted.orderNumber ? `, номер заказа: ${offer.accepted.orderNumber}` : ''}. Менеджер свяжется с вами.</p>
        </section>
      ) : null}

      <div className={styles.layout}>
        <div className={styles.main}>
          {product ? <ProductBlock {...editing} product={product} /> : <Variant {...editing} />}
          {!product ? (
            <>
              <PaymentSection {...editing} total={total} />
              <DeliverySection {...editing} />
              <UseCasesSection {...editing} />
              <CommentSection {...editing} queue={queue} />
              <Documents offer={offer} />
            </>
          ) : null}
        </div>
        <aside className={styles.side} aria-label="Итог предложения">
          <div className={styles.summary}>
            {sale ? <span className={styles.sale}>Скидка</span> : null}
            <p className={styles.totalLabel}>Итого</p>
            <p className={styles.total} data-testid="offer-total">{money(total)}</p>
            {total !== offer.versionTotal ? <p className={styles.muted}>В версии менеджера: {money(offer.versionTotal)}</p> : null}
            {offer.source === '1C-Personal' ? <p className={styles.muted}>Без учёта доставки</p> : null}
            <Rates currencies={offer.currencies} />
            {priceUnknown ? <p className={styles.muted} data-testid="offer-delivery-on-request">Доставка по новому адресу — по запросу</p> : null}
            {notice ? <p className={notice.tone === 'error' ? styles.error : styles.success} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid="offer-notice">{notice.text}</p> : null}
            {!offer.flags.read_only ? (
              <div className={styles.actions}>
                <button type="button" className="btn btn-brand" onClick={save} disabled={saving || queue.length === 0 || unit !== 'change'} aria-busy={saving} data-testid="offer-save">
                  {saving ? 'Сохраняем…' : 'Сохранить изменения'}
                </button>
                {queue.length ? <button type="button" className="btn btn-secondary" onClick={() => { setQueue([]); setNotice(null); }} disabled={saving}>Отменить</button> : null}
              </div>
            ) : null}
            <Pending offer={offer} />
            <OfferAccept offer={offer} blocked={saving || queue.length > 0 || unit !== 'change'} />
            <Contacts offer={offer} />
          </div>
        </aside>
      </div>
      {queue.length && !offer.flags.read_only ? (
        // On a phone the summary is far below the machines: the total and the save button follow the client.
        <div className={styles.mobileBar} data-testid="offer-mobile-bar">
          <span>Итого <b>{money(total)}</b></span>
          <button type="button" className="btn btn-brand" onClick={save} disabled={saving || unit !== 'change'} aria-busy={saving}>{saving ? 'Сохраняем…' : 'Сохранить'}</button>
        </div>
      ) : null}
    </div>
  );
}

function Variant(editing: OfferEditing) {
  switch (editing.offer.variant) {
    case 'multi-technique': return <MachineList {...editing} />;
    case 'single-technique': return <>{editing.effective.products.map((p) => <ProductBlock key={p.id} {...editing} product={p} />)}</>;
    case 'spare-parts': return <PartsTable {...editing} />;
    case 'engineer': return <WorksTable {...editing} />;
  }
}

function Validity({ offer }: { offer: PageOffer }) {
  const [asked, setAsked] = useState<string | null>(null);
  if (offer.expired && offer.state === 'sent') {
    return (
      <div className={styles.expired} role="alert" data-testid="offer-expired">
        <p>Срок действия предложения истёк {dayText(offer.validUntil)}. Изменить или принять его нельзя.</p>
        {asked ? <p role="status">{asked}</p> : (
          <button type="button" className="btn btn-primary" onClick={async () => {
            const answer = await api('POST', `/offers/${offer.hash}/request-new`);
            setAsked(answer.error_status === 'success' ? (answer as { message?: string }).message ?? '' : answer.message);
          }}>Запросить новое предложение</button>
        )}
      </div>
    );
  }
  if (offer.lockedReason && !offer.accepted) return <p className={styles.locked} role="status">{offer.lockedReason}</p>;
  if (offer.state !== 'sent') return null;
  return (
    <p className={styles.validity}>
      Действует до {dayText(offer.validUntil)}{offer.daysLeft === 0 ? ' (последний день)' : ` (осталось дней: ${offer.daysLeft})`}
    </p>
  );
}

function CommentSection({ offer, editable, change, queue }: OfferEditing & { queue: readonly ChangeItem[] }) {
  const queued = queue.find((q) => q.type === 'comment');
  const value = queued?.type === 'comment' ? queued.data.value : (offer.diff.comment ?? '');
  if (offer.flags.read_only && !value) return null;
  return (
    <section className={styles.section} aria-labelledby="offer-comment">
      <h2 id="offer-comment" className={styles.sectionTitle}>Комментарий менеджеру</h2>
      <textarea className={styles.textarea} rows={3} maxLength={2000} value={value} disabled={!editable} aria-labelledby="offer-comment"
        placeholder="Например: нужна поставка до начала посевной" onChange={(e) => change({ type: 'comment', data: { value: e.currentTarget.value } })} />
    </section>
  );
}

/**
 * The offer's documents (links, or files uploaded in the editor, downloaded by the offer's link) with
 * their types, and its pictures and videos (videos open on their host: no player is embedded).
 */
function Documents({ offer }: { offer: PageOffer }) {
  const { docs, media } = offer.content;
  if (!docs.length && !media.length) return null;
  const images = media.filter((m) => m.type === 'image' && m.image);
  const links = media.filter((m) => !(m.type === 'image' && m.image));
  return (
    <section className={styles.section} aria-labelledby="offer-docs">
      <h2 id="offer-docs" className={styles.sectionTitle}>Документы и материалы</h2>
      {images.length ? (
        <div className={styles.gallery} data-testid="offer-images">
          {images.map(({ image, title }) => {
            // A variant 640 px wide exists for a larger picture; a smaller one has its own width (ADR 077).
            const w = Math.min(640, image!.width);
            return (
              <figure key={image!.id} className={styles.figure}>
                <picture>
                  <source type="image/avif" srcSet={imageUrl(image!.id, w, 'avif')} />
                  <img src={imageUrl(image!.id, w, 'webp')} alt={title ?? 'Фото'} width={w} height={Math.round((w * image!.height) / image!.width)} loading="lazy" />
                </picture>
                {title ? <figcaption className={styles.muted}>{title}</figcaption> : null}
              </figure>
            );
          })}
        </div>
      ) : null}
      <ul className={styles.docs}>
        {docs.map((d) => (
          <li key={d.file?.id ?? d.url}>
            {d.file ? <a href={`/offer/${offer.hash}/files/${d.file.id}`} download>{d.title}</a> : <a href={d.url} rel="noopener noreferrer" target="_blank">{d.title}</a>}
            {d.type ? <span className={styles.muted}> · {d.type}</span> : null}
          </li>
        ))}
        {links.map((m) => <li key={m.url}><a href={m.url} rel="noopener noreferrer" target="_blank">{m.title ?? (m.type === 'video' ? 'Видео' : 'Фото')}</a>{m.type === 'video' ? <span className={styles.muted}> · видео</span> : null}</li>)}
      </ul>
    </section>
  );
}

function Pending({ offer }: { offer: PageOffer }) {
  if (offer.entries.length === 0 && offer.review.length === 0) return null;
  return (
    <div className={styles.pending}>
      {offer.entries.length ? (
        <div data-testid="offer-pending">
          <p className={styles.pendingTitle}>Ваши изменения ждут ответа менеджера</p>
          <ul>{offer.entries.map((e) => <li key={e.key}>{e.title}: {e.kind === 'comment' ? e.to : <>{e.from} → <b>{e.to}</b></>}</li>)}</ul>
        </div>
      ) : null}
      {offer.review.length && !offer.entries.length ? (
        <div data-testid="offer-review">
          <p className={styles.pendingTitle}>Менеджер рассмотрел ваши изменения</p>
          <ul>{offer.review.map((r) => <li key={r.title}>{r.title}: {r.accepted ? 'принято' : 'отклонено'}</li>)}</ul>
        </div>
      ) : null}
    </div>
  );
}

function Contacts({ offer }: { offer: PageOffer }) {
  const { manager } = offer.content;
  return (
    <div className={styles.contacts}>
      <p className={styles.muted}>Ваш менеджер</p>
      <p><b>{manager.name}</b></p>
      {manager.phone ? <p><a href={`tel:+${manager.phone}`}>{formatPhoneDisplay(manager.phone)}</a></p> : null}
      {manager.email ? <p><a href={`mailto:${manager.email}`}>{manager.email}</a></p> : null}
      {offer.branch ? <p className={styles.muted}>{offer.branch.name}, {offer.branch.address}</p> : null}
    </div>
  );
}

/** The rates in force today of the offer's currencies other than the rouble (spec §3 `currencies[]`), for reference. */
function Rates({ currencies }: { currencies: PageOffer['currencies'] }) {
  const foreign = currencies.filter((c) => c.code !== 643);
  if (foreign.length === 0) return null;
  const rate = (value: number) => value.toLocaleString('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return (
    <p className={styles.muted} data-testid="offer-rates">
      Курс на сегодня: {foreign.map((c) => (c.rate === null ? `${c.abbreviation} — не задан` : `1 ${c.abbreviation} = ${rate(c.rate)} ₽`)).join('; ')}
    </p>
  );
}
