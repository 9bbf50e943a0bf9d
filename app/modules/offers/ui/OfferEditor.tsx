import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import styles from '#app/components/backoffice/kit.module.css';
import { MoneyField as SharedMoneyField } from '#app/components/backoffice/MoneyField.tsx';
import { CURRENCY_LABELS, formatMoney } from '#app/lib/money.ts';
import { DISCOUNT_MESSAGES, discountState } from '../offer-discount.rules.ts';
import { offerOptionsFromModel, offerTotal, type CatalogueOption } from '../offers.rules.ts';
import {
  OFFER_CURRENCIES, OFFER_SOURCES, OFFER_VARIANTS, OFFER_VARIANT_LABELS, PAYMENT_TYPES, PAYMENT_TYPE_LABELS,
  type OfferContent, type OfferCurrencyCode, type PaymentType,
} from '../offers.schema.ts';
import ed from './OfferEditor.module.css';
import { OfferMaterialsEditor, type Uploader } from './OfferMaterialsEditor.tsx';

type Product = OfferContent['products'][number];
type Option = Product['options'][number];

const isoOf = (ru: string) => ru.split('.').reverse().join('-');
const ruOf = (iso: string) => iso.split('-').reverse().join('.');

function MoneyField(props: { label: string; value: number; onChange: (minor: number) => void }) {
  return <SharedMoneyField {...props} className={ed.field} />;
}

function TextField({ label, value, onChange, type = 'text', required }: { label: string; value: string; onChange: (v: string) => void; type?: string; required?: boolean }) {
  return (
    <label className={ed.field}>
      <span>{label}{required ? ' *' : ''}</span>
      <input type={type} value={value} required={required} onChange={(e) => onChange(e.currentTarget.value)} />
    </label>
  );
}

function nextId(prefix: string, taken: readonly string[]): string {
  let n = taken.length + 1;
  while (taken.includes(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

const emptyProduct = (id: string, kind: Product['kind']): Product => ({
  id, kind, name: '', prices: { price: 0, default_price: 0, count: 1, sale: 0, discount: 0, delivery: 0, commissioning_total: 0 },
  counts: [], options: [], productOptionsConfig: { hiddenPriceOptionsIds: [] },
});

/** The price with its discount from the list price worked out (spec §9: the badge shows above 10 %). */
function priced(p: Product, prices: Partial<Product['prices']>): Product {
  const next = { ...p.prices, ...prices };
  const base = Math.max(next.default_price, next.price);
  const sale = base - next.price;
  return { ...p, prices: { ...next, default_price: base, sale, discount: base > 0 ? Math.round((sale / base) * 10_000) / 100 : 0 } };
}

/**
 * A catalogue model or a part of the parts catalogue as the editor's search finds it, with the offer
 * branch's prices (minor units; ADR 087, 088). A part brings its weight for the delivery price.
 */
export interface CatalogueCandidate {
  kind: 'machine' | 'part'; name: string; code: string; price: number | null; oldPrice: number | null; line: string; weightKg?: number | null;
  /** A model's options from the catalogue (ADR 102), carried into the offer with their rules. */
  options?: CatalogueOption[];
}

export interface CatalogueSearch { find: (text: string, kind: 'machine' | 'part', currency: keyof typeof CURRENCY_LABELS) => void; results: CatalogueCandidate[] | null; loading: boolean }

function CatalogueFinder({ catalogue, currency, onAdd, initialKind }: { catalogue: CatalogueSearch; currency: keyof typeof CURRENCY_LABELS; onAdd: (c: CatalogueCandidate) => void; initialKind: 'machine' | 'part' }) {
  const [text, setText] = useState('');
  const [kind, setKind] = useState<'machine' | 'part'>(initialKind);
  const go = () => { if (text.trim().length >= 2) catalogue.find(text.trim(), kind, currency); };
  return (
    <div className={ed.finder}>
      <label className={ed.field}>
        <span>Искать в каталоге</span>
        <select value={kind} onChange={(e) => setKind(e.currentTarget.value as 'machine' | 'part')}>
          <option value="machine">Техника</option>
          <option value="part">Запчасти</option>
        </select>
      </label>
      <label className={ed.field}>
        <span>{kind === 'machine' ? 'Модель из каталога' : 'Запчасть: номер или название'}</span>
        <input type="search" value={text} placeholder={kind === 'machine' ? 'Например: К-742 или МТЗ 1523' : 'Например: RE504836 или фильтр масляный'} onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); go(); } }} />
      </label>
      <button type="button" className="btn btn-secondary" disabled={text.trim().length < 2 || catalogue.loading} onClick={go}>Найти</button>
      {catalogue.results ? (
        catalogue.results.length === 0 ? <p className={styles.muted}>Ничего не нашлось.</p> : (
          <ul className={ed.candidates} aria-label={catalogue.results[0]?.kind === 'part' ? 'Найденные запчасти' : 'Найденные модели'}>
            {catalogue.results.map((c) => (
              <li key={`${c.kind}:${c.code}:${c.line}`}>
                <span><b>{c.name}</b> <span className={styles.muted}>{c.line} · {c.code} · {c.price === null ? 'цена по запросу' : formatMoney(c.price, currency)}{c.options?.length ? ` · опций: ${c.options.length}` : ''}</span></span>
                <button type="button" className="btn btn-secondary" onClick={() => onAdd(c)}>Добавить</button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/**
 * The manager's editor (ADR 087): the offer's whole content edited in the page and posted as one
 * JSON field, checked by the server with the schema 1C's offers go through; errors name the field.
 */
export function OfferEditor({ initial, csrf, busy, editable, catalogue, discount, upload, hash }: {
  initial: OfferContent; csrf: string; busy: boolean; editable: boolean; catalogue: CatalogueSearch;
  /** Sends a document or a picture to the offer's upload route (ADR 102); `hash` names the offer's files. */
  upload: Uploader; hash: string;
  /** The branch's threshold and the prices its manager approved (ADR 088). */
  discount: { threshold: number; approvedKey: string | null };
}) {
  const [content, setContent] = useState<OfferContent>(initial);
  const set = (patch: Partial<OfferContent>) => setContent((c) => ({ ...c, ...patch }));
  const setProduct = (i: number, p: Product) => set({ products: content.products.map((x, j) => (j === i ? p : x)) });
  const currency = OFFER_CURRENCIES[content.currency_code as OfferCurrencyCode] ?? 'RUB';
  const payment = content.payments[0];
  const total = content.products.length ? offerTotal(content) : 0;
  const discountNow = discountState(content, discount.threshold, null);
  const unapproved = discountNow.needed && discountNow.key !== discount.approvedKey;

  return (
    <Form method="post" className={ed.editor} aria-label="Редактор предложения">
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="content" value={JSON.stringify(content)} />
      <fieldset className={ed.box} disabled={!editable || busy}>
        <legend>Клиент</legend>
        <div className={ed.grid}>
          <TextField label="Контактное лицо" required value={content.client.name} onChange={(name) => set({ client: { ...content.client, name } })} />
          <TextField label="Организация" value={content.client.company ?? ''} onChange={(company) => set({ client: { ...content.client, company: company || undefined } })} />
          <TextField label="Телефон (11–12 цифр)" required value={content.client.phone} onChange={(phone) => set({ client: { ...content.client, phone: phone.replace(/\D/g, '') } })} />
          <TextField label="E-mail" type="email" value={content.client.email ?? ''} onChange={(email) => set({ client: { ...content.client, email: email || undefined } })} />
        </div>
      </fieldset>

      <fieldset className={ed.box} disabled={!editable || busy}>
        <legend>Условия</legend>
        <div className={ed.grid}>
          <label className={ed.field}><span>Вид</span>
            <select value={content.variant} onChange={(e) => set({ variant: e.currentTarget.value as OfferContent['variant'] })}>
              {OFFER_VARIANTS.map((v) => <option key={v} value={v}>{OFFER_VARIANT_LABELS[v]}</option>)}
            </select>
          </label>
          <label className={ed.field}><span>Источник</span>
            <select value={content.source} onChange={(e) => set({ source: e.currentTarget.value as OfferContent['source'] })}>
              {OFFER_SOURCES.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
          <TextField label="Действует до" type="date" required value={isoOf(content.valid_date)} onChange={(v) => set({ valid_date: ruOf(v) })} />
          <label className={ed.field}><span>Валюта</span>
            <select value={content.currency_code} onChange={(e) => set({ currency_code: Number(e.currentTarget.value) })}>
              {Object.entries(OFFER_CURRENCIES).map(([code, c]) => <option key={code} value={code}>{c}</option>)}
            </select>
          </label>
          <TextField label="Папка" value={content.folder ?? ''} onChange={(folder) => set({ folder: folder || undefined })} />
          <TextField label="Менеджер" required value={content.manager.name} onChange={(name) => set({ manager: { ...content.manager, name } })} />
          <TextField label="Телефон менеджера" value={content.manager.phone ?? ''} onChange={(phone) => set({ manager: { ...content.manager, phone: phone.replace(/\D/g, '') || undefined } })} />
          <TextField label="E-mail менеджера" type="email" value={content.manager.email ?? ''} onChange={(email) => set({ manager: { ...content.manager, email: email || undefined } })} />
        </div>
        <div className={ed.grid}>
          <label className={ed.field}><span>Получение</span>
            <select value={content.delivery_method} onChange={(e) => set({ delivery_method: e.currentTarget.value as 'pickup' | 'delivery' })}>
              <option value="pickup">Самовывоз</option>
              <option value="delivery">Доставка</option>
            </select>
          </label>
          {content.delivery_method === 'delivery' ? (
            <>
              <TextField label="Адрес доставки" value={content.delivery?.address ?? ''} onChange={(address) => set({ delivery: { price: 0, deliveryIncluded: false, ...content.delivery, address } })} />
              <MoneyField label={`Доставка, ${CURRENCY_LABELS[currency]}`} value={content.delivery?.price ?? 0} onChange={(price) => set({ delivery: { address: '', deliveryIncluded: false, ...content.delivery, price } })} />
            </>
          ) : null}
          <label className={ed.field}><span>Оплата</span>
            <select value={payment?.type ?? ''} onChange={(e) => {
              const type = e.currentTarget.value as PaymentType | '';
              set({ payments: type ? [{ type, amount: total, initial_fee: payment?.initial_fee ?? 0, term: payment?.term ?? 0, details: [] }] : [] });
            }}>
              <option value="">Не указана</option>
              {PAYMENT_TYPES.map((t) => <option key={t} value={t}>{PAYMENT_TYPE_LABELS[t]}</option>)}
            </select>
          </label>
          {payment && ['installment', 'leasing', 'loan', 'credit'].includes(payment.type) ? (
            <>
              <MoneyField label={`Аванс, ${CURRENCY_LABELS[currency]}`} value={payment.initial_fee} onChange={(initial_fee) => set({ payments: [{ ...payment, initial_fee }] })} />
              <TextField label="Срок, мес." value={String(payment.term)} onChange={(v) => set({ payments: [{ ...payment, term: Math.min(120, Number.parseInt(v, 10) || 0) }] })} />
            </>
          ) : null}
        </div>
      </fieldset>

      <fieldset className={ed.box} disabled={!editable || busy}>
        <legend>Позиции</legend>
        {content.products.length === 0 ? <p className={styles.muted}>Позиций пока нет: добавьте технику, запчасть или работу.</p> : null}
        {content.products.map((p, i) => (
          <ProductEditor key={p.id} product={p} currency={currency} onChange={(next) => setProduct(i, next)}
            onRemove={() => set({ products: content.products.filter((_, j) => j !== i) })} />
        ))}
        <CatalogueFinder catalogue={catalogue} currency={currency} initialKind={content.variant === 'spare-parts' || content.variant === 'engineer' ? 'part' : 'machine'} onAdd={(c) => {
          const id = nextId(c.kind === 'part' ? 'z' : 'p', content.products.map((x) => x.id));
          const price = c.price ?? 0;
          const added = {
            ...emptyProduct(id, c.kind), name: c.name, code: c.code, ...(c.weightKg ? { dimensions: { weight: c.weightKg } } : {}),
            options: c.options ? offerOptionsFromModel(c.options) : [],
          };
          set({ products: [...content.products, priced(added, { price, default_price: Math.max(price, c.oldPrice ?? 0) })] });
        }} />
        <div className={ed.row}>
          {(['machine', 'part', 'work'] as const).map((kind) => (
            <button key={kind} type="button" className="btn btn-secondary" onClick={() => set({ products: [...content.products, emptyProduct(nextId('p', content.products.map((x) => x.id)), kind)] })}>
              {kind === 'machine' ? '+ Техника' : kind === 'part' ? '+ Запчасть' : '+ Работа'}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset className={ed.box} disabled={!editable || busy}>
        <legend>Документы, сценарии, фото и видео</legend>
        <OfferMaterialsEditor value={content} onChange={set} upload={upload} hash={hash} />
      </fieldset>

      <div className={ed.bar}>
        <p className={ed.total}>Итого: <b data-testid="editor-total">{formatMoney(total, currency)}</b></p>
        {unapproved ? <p className={styles.muted} data-testid="editor-discount-note">{DISCOUNT_MESSAGES.needsApproval(discountNow.percent, discountNow.threshold)}</p> : null}
        {editable ? (
          <>
            <button type="submit" name="intent" value="save" className="btn btn-secondary" disabled={busy}>Сохранить черновик</button>
            <button type="submit" name="intent" value="send" className="btn btn-brand" disabled={busy}>Сохранить и отправить клиенту</button>
          </>
        ) : null}
      </div>
    </Form>
  );
}

function ProductEditor({ product: p, currency, onChange, onRemove }: { product: Product; currency: keyof typeof CURRENCY_LABELS; onChange: (p: Product) => void; onRemove: () => void }) {
  const unit = CURRENCY_LABELS[currency];
  const setOption = (i: number, o: Option) => onChange({ ...p, options: p.options.map((x, j) => (j === i ? o : x)) });
  const others = (o: Option) => p.options.filter((x) => x.id !== o.id);
  return (
    <section className={ed.product} aria-label={p.name || 'Новая позиция'} data-testid="editor-product">
      <div className={ed.grid}>
        <TextField label="Наименование" required value={p.name} onChange={(name) => onChange({ ...p, name })} />
        <TextField label="Код (модель, артикул)" value={p.code ?? ''} onChange={(code) => onChange({ ...p, code: code || undefined })} />
        <MoneyField label={`Цена, ${unit}`} value={p.prices.price} onChange={(price) => onChange(priced(p, { price }))} />
        <MoneyField label={`Цена без скидки, ${unit}`} value={p.prices.default_price} onChange={(default_price) => onChange(priced(p, { default_price }))} />
        <TextField label="Количество" value={String(p.prices.count)} onChange={(v) => onChange({ ...p, prices: { ...p.prices, count: Math.max(1, Number.parseInt(v, 10) || 1) } })} />
        {p.kind === 'machine' ? <MoneyField label={`Пусконаладка, ${unit}`} value={p.prices.commissioning_total} onChange={(commissioning_total) => onChange({ ...p, prices: { ...p.prices, commissioning_total } })} /> : null}
        {p.kind === 'work' ? (
          <>
            <TextField label="Часы" value={String(p.hours ?? 0)} onChange={(v) => onChange({ ...p, hours: Number(v.replace(',', '.')) || 0 })} />
            <MoneyField label={`Ставка в час, ${unit}`} value={p.rate ?? 0} onChange={(rate) => onChange({ ...p, rate })} />
          </>
        ) : null}
      </div>
      {p.kind !== 'work' ? <DimensionsEditor product={p} onChange={onChange} /> : null}
      {p.prices.discount > 0 ? <p className={styles.muted}>Скидка {p.prices.discount.toLocaleString('ru-RU')} %{p.prices.discount > 10 ? ' — клиент увидит значок скидки' : ''}</p> : null}
      {p.kind === 'machine' ? (
        <div className={ed.options}>
          <p className={ed.subTitle}>Опции</p>
          {p.options.map((o, i) => (
            <div key={o.id} className={ed.option} data-testid="editor-option">
              <TextField label="Опция" value={o.name} onChange={(name) => setOption(i, { ...o, name })} />
              <MoneyField label={`Цена, ${unit}`} value={o.price} onChange={(price) => setOption(i, { ...o, price })} />
              <TextField label="Кол-во" value={String(o.count)} onChange={(v) => setOption(i, { ...o, count: Math.max(0, Number.parseInt(v, 10) || 0) })} />
              <label className={ed.check}><input type="checkbox" checked={o.isIncluded} onChange={(e) => setOption(i, { ...o, isIncluded: e.currentTarget.checked })} /> входит в цену</label>
              <label className={ed.check}><input type="checkbox" checked={o.required ?? false} onChange={(e) => setOption(i, { ...o, required: e.currentTarget.checked || undefined, count: e.currentTarget.checked ? Math.max(1, o.count) : o.count })} /> обязательна</label>
              {others(o).length ? (
                <>
                  <label className={ed.field}><span>Требует</span>
                    <select multiple value={o.requires} onChange={(e) => setOption(i, { ...o, requires: [...e.currentTarget.selectedOptions].map((x) => x.value), excludes: o.excludes.filter((x) => ![...e.currentTarget.selectedOptions].some((s) => s.value === x)) })}>
                      {others(o).map((x) => <option key={x.id} value={x.id}>{x.name || x.id}</option>)}
                    </select>
                  </label>
                  <label className={ed.field}><span>Несовместима с</span>
                    <select multiple value={o.excludes} onChange={(e) => setOption(i, { ...o, excludes: [...e.currentTarget.selectedOptions].map((x) => x.value), requires: o.requires.filter((x) => ![...e.currentTarget.selectedOptions].some((s) => s.value === x)) })}>
                      {others(o).map((x) => <option key={x.id} value={x.id}>{x.name || x.id}</option>)}
                    </select>
                  </label>
                </>
              ) : null}
              <button type="button" className="btn btn-secondary" onClick={() => onChange({
                ...p, options: p.options.filter((x) => x.id !== o.id).map((x) => ({ ...x, requires: x.requires.filter((r) => r !== o.id), excludes: x.excludes.filter((r) => r !== o.id) })),
              })}>Убрать опцию</button>
            </div>
          ))}
          <button type="button" className="btn btn-secondary" onClick={() => onChange({
            ...p, options: [...p.options, { id: nextId('o', p.options.map((o) => o.id)), name: '', price: 0, count: 0, isIncluded: false, requires: [], excludes: [] }],
          })}>+ Опция</button>
        </div>
      ) : null}
      <p className={ed.row}><button type="button" className="btn btn-secondary" onClick={onRemove}>Убрать позицию</button></p>
    </section>
  );
}

type Dimensions = NonNullable<Product['dimensions']>;

/**
 * One unit's mass and size for the carriers' delivery price (ADR 088). Empty: the catalogue's mass
 * (the model's 'Масса', the part's weight) is used, and without any the delivery is by request.
 */
function DimensionsEditor({ product: p, onChange }: { product: Product; onChange: (p: Product) => void }) {
  const d: Dimensions = p.dimensions ?? {};
  const set = (key: keyof Dimensions, text: string) => {
    const n = Number(text.replace(/\s/g, '').replace(',', '.'));
    const value = text.trim() === '' || !Number.isFinite(n) || n <= 0 ? undefined : key === 'weight' ? n : Math.round(n);
    const next: Dimensions = { ...d, [key]: value };
    const kept = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as Dimensions;
    onChange({ ...p, dimensions: Object.keys(kept).length ? kept : undefined });
  };
  return (
    <fieldset className={ed.grid} data-testid="editor-dimensions">
      <legend className={styles.muted}>Для расчёта доставки (пусто — масса из каталога)</legend>
      <NumberField label="Масса единицы, кг" value={d.weight} onCommit={(v) => set('weight', v)} />
      <NumberField label="Длина, см" value={d.length} onCommit={(v) => set('length', v)} />
      <NumberField label="Ширина, см" value={d.width} onCommit={(v) => set('width', v)} />
      <NumberField label="Высота, см" value={d.height} onCommit={(v) => set('height', v)} />
    </fieldset>
  );
}

/** A number typed freely and taken when the field is left (so '15,5' can be typed). */
function NumberField({ label, value, onCommit }: { label: string; value: number | undefined; onCommit: (text: string) => void }) {
  const [text, setText] = useState(value === undefined ? '' : String(value).replace('.', ','));
  useEffect(() => setText(value === undefined ? '' : String(value).replace('.', ',')), [value]);
  return (
    <label className={ed.field}>
      <span>{label}</span>
      <input inputMode="decimal" value={text} onChange={(e) => setText(e.currentTarget.value)} onBlur={() => onCommit(text)} />
    </label>
  );
}
