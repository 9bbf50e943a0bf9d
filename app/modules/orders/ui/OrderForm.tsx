import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FileField } from '#app/components/ui/FileField.tsx';
import { api, csrfToken } from '#app/lib/api.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import {
  ATTACHMENT_ACCEPT, ATTACHMENT_KINDS_LABEL, ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, COMMENT_MAX_LENGTH, IDEMPOTENCY_HEADER, ORDER_MESSAGES,
  type DeliveryMethod,
} from '../orders.constants.ts';
import { fileSize, type LineChange } from '../orders.rules.ts';
import type { CustomerInfo, OrderCreatedAnswer } from '../orders.schema.ts';
import styles from './orders.module.css';

const CONTACT_FIELDS = ['name', 'phone', 'email'] as const;
type ContactField = typeof CONTACT_FIELDS[number];

/** The messages of a refused order that belong to a contact field. */
function contactErrors(fields: Record<string, string> | undefined): Partial<Record<ContactField, string>> {
  const out: Partial<Record<ContactField, string>> = {};
  for (const f of CONTACT_FIELDS) if (fields?.[f]) out[f] = fields[f];
  return out;
}

/**
 * A checked cart line as the cart page shows it: id, count, the price (minor units; null: 'цена по
 * запросу', sent as 0 and ordered asking for a price) and the pieces in stock the customer sees.
 */
export interface OrderFormLine { id: number; count: number; price: number | null; stock: number }

/** The address the delivery was priced for (spec §3 address and its coords). */
export interface OrderFormPoint { country: string; city: string; region: string; district: string; street: string; house: string; lat: number; long: number }

/**
 * The delivery choice of the cart page (the delivery module's fields). `point`, `terminalId` and
 * `company` let the server quote the delivery itself (ADR 042); `price` is what the page showed,
 * minor units (null: no price, the manager names it), so a different quote is shown before the
 * order is taken.
 */
export interface OrderFormDelivery {
  method: DeliveryMethod;
  address?: string | null;
  terminal?: string | null;
  carrier?: string | null;
  point?: OrderFormPoint | null;
  terminalId?: number | null;
  company?: string | null;
  price?: number | null;
}

/** The customer's credit line (spec §3 Cart limit), when he has one: the form offers to pay from it. */
export interface OrderFormCredit { balanceText: string; days: number }

export interface OrderFormProps {
  lines: readonly OrderFormLine[];
  branchId: number;
  delivery: OrderFormDelivery;
  credit?: OrderFormCredit | null;
  /** Disables the submit with this reason shown (e.g. a delivery without its terminal yet). */
  blocked?: string | null;
  /** Called once the order exists (the cart page goes to `answer.url`). */
  onOrdered: (answer: OrderCreatedAnswer) => void;
}

/**
 * The order form under the cart: contacts prefilled from customer-info, a comment, files (limits
 * shown), one submit at a time. The idempotency key lives as long as the form's content: a retry
 * after a timeout or a second click sends the same key and gets the same order (ADR 041).
 */
export function OrderForm({ lines, branchId, delivery, credit = null, blocked = null, onOrdered }: OrderFormProps) {
  const id = useId();
  const [contacts, setContacts] = useState({ name: '', phone: '', email: '' });
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server's word on each contact field, shown at the field (issue 28 point 13).
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ContactField, string>>>({});
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | null>>>({});
  const commentInput = useRef<HTMLTextAreaElement>(null);
  const [changes, setChanges] = useState<LineChange[] | null>(null);
  const [prices, setPrices] = useState<ReadonlyMap<number, number>>(new Map());
  // The stock the customer confirmed after the server said less is there ('под заказ' for the rest).
  const [stocks, setStocks] = useState<ReadonlyMap<number, number>>(new Map());
  const [onCredit, setOnCredit] = useState(false);
  // A delivery price the customer confirmed after the server quoted another one; only for the same delivery.
  const deliveryKey = JSON.stringify([delivery.method, delivery.point, delivery.terminalId, delivery.company, delivery.price, branchId]);
  const [confirmedDelivery, setConfirmedDelivery] = useState<{ key: string; price: number | null } | null>(null);
  const key = useRef<string | null>(null);
  const lastDeliveryKey = useRef(deliveryKey);
  // Another delivery is another order: a new key, and a change shown for the old one is gone.
  useEffect(() => {
    if (lastDeliveryKey.current === deliveryKey) return;
    lastDeliveryKey.current = deliveryKey;
    key.current = null;
    setChanges((c) => (c && c.some((x) => x.kind === 'delivery') ? null : c));
  }, [deliveryKey]);

  useEffect(() => {
    // What was typed before the page was hydrated is in the fields but not in the state: React keeps
    // a field's text at hydration and would put the state's back at the next render. Taken first,
    // so neither that render nor the prefill below loses it.
    const typed = (el: HTMLInputElement | HTMLTextAreaElement | null | undefined) => el?.value ?? '';
    setContacts((c) => ({ name: c.name || typed(inputs.current.name), phone: c.phone || typed(inputs.current.phone), email: c.email || typed(inputs.current.email) }));
    setComment((c) => c || typed(commentInput.current));
    let live = true;
    void api<CustomerInfo>('GET', '/api/order/customer-info').then((info) => {
      if (!live || info.error_status !== 'success') return;
      setContacts((c) => ({ name: c.name || info.name, phone: c.phone || formatPhoneDisplay(info.phone), email: c.email || info.email }));
    }).catch(() => {});
    return () => { live = false; };
  }, []);

  // Another content is another order: a new key.
  const fresh = () => { key.current = null; };

  /** Files picked now join those chosen before, within the limits (a refused pick changes nothing). */
  function addFiles(picked: File[]) {
    fresh();
    const same = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
    const next = [...files, ...picked.filter((f) => !files.some((g) => same(f, g)))];
    if (next.length > ATTACHMENT_MAX_FILES) { setError(`Можно приложить не больше ${ATTACHMENT_MAX_FILES} файлов`); return; }
    const big = next.find((f) => f.size > ATTACHMENT_MAX_BYTES);
    if (big) { setError(`Файл «${big.name}» больше ${fileSize(ATTACHMENT_MAX_BYTES)}`); return; }
    setError(null);
    setFiles(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!lines.length) { setError(ORDER_MESSAGES.noProducts); return; }
    if (blocked) { setError(blocked); return; }
    setSending(true);
    setError(null);
    key.current ??= crypto.randomUUID();
    const body = new FormData();
    body.append('_csrf', csrfToken());
    body.append('products', JSON.stringify(lines.map((l) => ({ id: l.id, count: l.count, price: prices.get(l.id) ?? l.price ?? 0, stock: stocks.get(l.id) ?? l.stock }))));
    body.append('name', contacts.name);
    body.append('phone', contacts.phone);
    body.append('email', contacts.email);
    body.append('branchId', String(branchId));
    body.append('deliveryMethod', delivery.method);
    if (delivery.address) body.append('deliveryAddress', delivery.address);
    if (delivery.terminal) body.append('deliveryTerminal', delivery.terminal);
    if (delivery.carrier) body.append('deliveryCarrier', delivery.carrier);
    if (delivery.method !== 'pickup') {
      if (delivery.point) body.append('deliveryPoint', JSON.stringify(delivery.point));
      if (delivery.method === 'terminals' && delivery.terminalId != null && delivery.company) {
        body.append('deliveryTerminalId', String(delivery.terminalId));
        body.append('deliveryCompany', delivery.company);
      }
      const seen = confirmedDelivery?.key === deliveryKey ? confirmedDelivery.price : (delivery.price ?? null);
      body.append('deliveryPriceSeen', seen === null ? 'none' : String(seen));
    }
    if (credit && onCredit) body.append('onCredit', '1');
    body.append('comment', comment);
    for (const f of files) body.append('files[]', f, f.name);
    try {
      const res = await fetch('/api/order/create', { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key.current, Accept: 'application/json' }, credentials: 'same-origin' });
      const json = await res.json() as { error_status: string; message?: string; code?: string; changes?: LineChange[]; fields?: Record<string, string> } & OrderCreatedAnswer;
      if (res.ok && json.error_status === 'success') { setChanges(null); setFieldErrors({}); onOrdered(json); return; }
      const atFields = contactErrors(json.fields);
      setFieldErrors(atFields);
      const first = CONTACT_FIELDS.find((f) => atFields[f]);
      if (first) { inputs.current[first]?.focus(); fresh(); return; }
      if (json.code === 'changed' && json.changes) { setChanges(json.changes); fresh(); }
      setError(json.message ?? ORDER_MESSAGES.failed);
      if (res.status !== 409) fresh();
    } catch {
      // Network failure: the same key is kept, so sending again cannot make a second order.
      setError(ORDER_MESSAGES.failed);
    } finally {
      setSending(false);
    }
  }

  function acceptNewPrices() {
    if (!changes) return;
    const next = new Map(prices);
    const nextStocks = new Map(stocks);
    for (const c of changes) {
      if (c.kind === 'price' && c.price !== null) next.set(c.id, c.price);
      // Gone 'по запросу': the line is still ordered, asking for a price.
      if (c.kind === 'no-price') next.set(c.id, 0);
      if (c.kind === 'stock') nextStocks.set(c.id, c.quantity);
    }
    setPrices(next);
    setStocks(nextStocks);
    const d = changes.find((c) => c.kind === 'delivery');
    if (d) setConfirmedDelivery({ key: deliveryKey, price: d.price });
    setChanges(null);
    setError(null);
    fresh();
  }

  const field = (name: ContactField, label: string, type: string, autoComplete: string) => {
    const problem = fieldErrors[name];
    return (
      <label className={styles.field} htmlFor={`${id}-${name}`}>
        <span>{label}<span className={styles.required} aria-hidden="true"> *</span></span>
        <input id={`${id}-${name}`} name={name} type={type} autoComplete={autoComplete} required value={contacts[name]}
          ref={(el) => { inputs.current[name] = el; }}
          aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-${name}-error` : undefined}
          onChange={(e) => { fresh(); setFieldErrors((errors) => ({ ...errors, [name]: undefined })); setContacts({ ...contacts, [name]: e.target.value }); }}
          // A number the shop can read is shown as it writes numbers everywhere else.
          onBlur={name === 'phone' ? (e) => { const shown = formatPhoneDisplay(e.target.value); if (/^\+\d+ \(/.test(shown)) setContacts((c) => ({ ...c, phone: shown })); } : undefined} />
        {problem && <span id={`${id}-${name}-error`} className={styles.error}>{problem}</span>}
      </label>
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={sending}>
      <div className={styles.row}>
        {field('name', 'Ваше имя', 'text', 'name')}
        {field('phone', 'Номер телефона', 'tel', 'tel')}
        {field('email', 'E-mail', 'email', 'email')}
      </div>
      <label className={styles.field} htmlFor={`${id}-comment`}>
        <span>Комментарий к заказу</span>
        <textarea id={`${id}-comment`} ref={commentInput} rows={3} maxLength={COMMENT_MAX_LENGTH} value={comment} onChange={(e) => { fresh(); setComment(e.target.value); }} />
      </label>
      <FileField
        label="Файлы (заявка, реквизиты, фото детали)"
        hint={<>До {ATTACHMENT_MAX_FILES} файлов, каждый не больше {fileSize(ATTACHMENT_MAX_BYTES)}: {ATTACHMENT_KINDS_LABEL}.</>}
        files={files}
        onAdd={addFiles}
        onRemove={(index) => { fresh(); setError(null); setFiles((list) => list.filter((_, i) => i !== index)); }}
        accept={ATTACHMENT_ACCEPT}
        sizeLabel={fileSize}
      />
      {credit && (
        <label className={styles.check}>
          <input type="checkbox" checked={onCredit} onChange={(e) => { fresh(); setOnCredit(e.target.checked); }} />
          <span>Оплатить с отсрочкой{credit.days > 0 ? ` ${credit.days} дн.` : ''} из кредитного лимита (остаток {credit.balanceText})</span>
        </label>
      )}
      {changes && (
        <div className={styles.changes} role="alert">
          <p>{ORDER_MESSAGES.changed}</p>
          <ul>{changes.map((c, i) => <li key={i}>{c.message}</li>)}</ul>
          <button type="button" className={styles.submit} onClick={acceptNewPrices}>
            {changes.some((c) => c.kind === 'price' || c.kind === 'delivery') ? 'Подтвердить новые цены' : 'Подтвердить'}
          </button>
        </div>
      )}
      <p className={styles.hint}><span aria-hidden="true">* </span>Все поля контактов обязательны</p>
      {error && !changes && <p className={styles.error} role="alert">{error}</p>}
      {blocked && !error && <p className={styles.hint}>{blocked}</p>}
      <button type="submit" className={styles.submit} aria-disabled={sending || !!blocked}>{sending ? 'Отправляем заказ…' : 'Оформить заказ'}</button>
    </form>
  );
}
