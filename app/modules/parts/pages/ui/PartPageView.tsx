import type { ReactNode } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { Breadcrumbs } from '#app/modules/catalog/listing/ui/Breadcrumbs.tsx';
import { useRecordPartsView } from '../../history/ui/use-record-parts-view.ts';
import { PartFit } from '../../yard/ui/PartFit.tsx';
import type { PartPage, PartRelative } from '../pages.schema.ts';
import { CartButton } from '../../ui/cart-button-slot.tsx';
import { SupplierOrder } from '../../ui/SupplierOffer.tsx';
import { PartPrice, PartsTable } from './PartsTable.tsx';
import styles from './parts-pages.module.css';

const RELATION_TITLES: Record<PartRelative['relation'], string> = { replacement: 'Замена', analog: 'Аналог', replaced: 'Заменённый номер' };

function relationLabel(r: PartRelative): string {
  if (r.relation === 'analog') return RELATION_TITLES.analog;
  return r.distance > 1 ? `${RELATION_TITLES[r.relation]} (через ${r.distance - 1})` : RELATION_TITLES[r.relation];
}

function weightLabel(grams: number): string {
  return grams >= 1000 ? `${(grams / 1000).toLocaleString('ru-RU', { maximumFractionDigits: 2 })} кг` : `${grams.toLocaleString('ru-RU')} г`;
}

export interface PartPageViewProps {
  data: PartPage;
  /**
   * The slot of the favourites button ('В избранное' for parts): favourites of parts are built
   * apart; whoever builds them passes the button here.
   */
  favouriteButton?: ReactNode;
}

/**
 * A part's page (issue 9, point 5): number as printed, name, maker, weight, 1C code, description;
 * price (signed in) and stock here and at the other branches; add to cart; the chain of
 * supersessions and the analogs with their stock; every drawing it is on with its callout marked;
 * the models it fits.
 */
export function PartPageView({ data, favouriteButton }: PartPageViewProps) {
  useRecordPartsView({ partId: data.id });
  const chain = data.relatives.filter((r) => r.relation !== 'analog');
  const analogs = data.relatives.filter((r) => r.relation === 'analog');
  const replacement = chain.filter((r) => r.relation === 'replacement').sort((a, b) => b.distance - a.distance)[0];
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs trail={data.trail} current={data.code} />
      <div className={styles.partHead}>
        <div>
          <h1 className={styles.title}><span className={styles.code} data-testid="part-code">{data.code}</span> {data.name}</h1>
          {replacement ? (
            <p className={`${styles.status} ${styles.error}`} role="note">
              Номер заменён: актуальный номер <Link to={replacement.link}>{replacement.code}</Link>
            </p>
          ) : null}
          <dl className={styles.facts}>
            <dt>Производитель</dt><dd>{data.manufacturer.name}{data.manufacturer.country ? `, ${data.manufacturer.country}` : ''} · {data.manufacturer.kind === 'oem' ? 'оригинал' : 'аналог'}</dd>
            <dt>Номер детали</dt><dd>{data.code}</dd>
            {data.weightGrams !== null ? <><dt>Вес</dt><dd>{weightLabel(data.weightGrams)}</dd></> : null}
            {data.oneCCode ? <><dt>Код 1С</dt><dd>{data.oneCCode}</dd></> : null}
          </dl>
          {data.description ? <p>{data.description}</p> : null}
          <PartFit partId={data.id} />
        </div>
        <div className={styles.buy} data-testid="part-buy">
          <p className={styles.muted}>{data.branchName}</p>
          <PartPrice here={data.here} size="page" />
          <CartButton partId={data.id} />
          {data.supplierOffer ? <SupplierOrder partId={data.id} offer={data.supplierOffer} /> : null}
          {favouriteButton ?? null}
          <div>
            <h2 className={styles.filterTitle}>В других филиалах</h2>
            {data.elsewhere.length ? (
              <ul className={styles.branches} data-testid="part-elsewhere">
                {data.elsewhere.map((b) => <li key={b.branchId}><span>{b.branchName}</span><span>{b.quantity.toLocaleString('ru-RU')} шт.</span></li>)}
              </ul>
            ) : <p className={styles.muted}>Нет в наличии. Привезём под заказ.</p>}
          </div>
        </div>
      </div>

      {chain.length ? (
        <section className={styles.section} aria-labelledby="part-chain">
          <h2 id="part-chain" className={styles.sectionTitle}>Замены номера</h2>
          <ol className={styles.chain} aria-label="Цепочка замен, от старого номера к новому" data-testid="part-chain">
            {[...chain.filter((r) => r.relation === 'replaced').sort((a, b) => b.distance - a.distance), null, ...chain.filter((r) => r.relation === 'replacement').sort((a, b) => a.distance - b.distance)]
              .map((r) => r ? <li key={r.id}><Link to={r.link}>{r.code}</Link></li> : <li key="this" aria-current="true"><strong>{data.code}</strong></li>)}
          </ol>
          <PartsTable caption="Замены номера" items={chain} extra={{ title: 'Связь', cell: (i) => <span className={styles.relation}>{relationLabel(chain.find((c) => c.id === i.id)!)}</span> }} />
        </section>
      ) : null}
      <section className={styles.section} aria-labelledby="part-analogs">
        <h2 id="part-analogs" className={styles.sectionTitle}>Аналоги</h2>
        {analogs.length
          ? <PartsTable caption="Аналоги" items={analogs} />
          : <p className={styles.muted}>Аналогов в каталоге нет.</p>}
      </section>

      <section className={styles.section} aria-labelledby="part-drawings">
        <h2 id="part-drawings" className={styles.sectionTitle}>На сборочных чертежах</h2>
        {data.drawings.length ? (
          <ul className={styles.drawings}>
            {data.drawings.map((d) => (
              <li key={`${d.drawingId}-${d.callout}`} className={styles.drawing} data-testid="part-drawing">
                <Link to={d.link} className={styles.thumb} aria-label={`${d.title}, ${d.line.name}: позиция ${d.callout}`}>
                  <img src={d.image.src} width={d.image.width} height={d.image.height} alt="" loading="lazy" decoding="async" />
                  <span className={styles.callout} style={{ left: `${(d.x / d.image.width) * 100}%`, top: `${(d.y / d.image.height) * 100}%` }} aria-hidden="true" />
                </Link>
                <div className={styles.drawingText}>
                  <Link to={d.link}>{d.title}</Link>
                  <span>{d.line.name}{d.model ? ` · ${d.model.name}` : ''}</span>
                  <span className={styles.muted}>
                    Позиция {d.callout} · {d.quantity} шт.{d.note ? ` · ${d.note}` : ''}
                    {d.serialFrom || d.serialTo ? ` · серийные номера ${d.serialFrom ? `с ${d.serialFrom}` : ''}${d.serialFrom && d.serialTo ? ' ' : ''}${d.serialTo ? `по ${d.serialTo}` : ''}` : ''}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        ) : <p className={styles.muted}>Деталь не показана на чертежах каталога.</p>}
      </section>

      <section className={styles.section} aria-labelledby="part-models">
        <h2 id="part-models" className={styles.sectionTitle}>Подходит для техники</h2>
        {data.models.length ? (
          <ul className={styles.models} data-testid="part-models">
            {data.models.map((m) => <li key={m.id}><Link to={m.link}>{m.manufacturer} {m.name}</Link></li>)}
          </ul>
        ) : <p className={styles.muted}>Применяемость уточняйте у менеджера.</p>}
      </section>
    </div>
  );
}
