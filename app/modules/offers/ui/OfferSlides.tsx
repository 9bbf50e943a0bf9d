import { useCallback, useEffect, useRef, useState } from 'react';
import { CURRENCY_LABELS, formatMoney } from '#app/lib/money.ts';
import { offerSlides, type OfferDocumentView, type OfferLineView, type OfferSlide } from '../offer-print.rules.ts';
import { OfferLogo } from './OfferDocument.tsx';
import styles from './offer-slides.module.css';

const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
/** Spec §9: the sale badge shows above a 10 % discount. */
const SALE_BADGE_FROM = 10;

function slideName(slide: OfferSlide): string {
  switch (slide.kind) {
    case 'title': return 'Коммерческое предложение';
    case 'product': return slide.line.name;
    case 'lines': return slide.title;
    case 'totals': return 'Итого';
  }
}

function TitleSlide({ doc }: { doc: OfferDocumentView }) {
  const money = (minor: number) => formatMoney(minor, doc.currency);
  return (
    <div className={styles.titleSlide}>
      <OfferLogo />
      <p className={styles.kicker}>Коммерческое предложение · {doc.variantLabel}</p>
      <h2 className={styles.client}>{doc.client.company ?? doc.client.name}</h2>
      {doc.client.company ? <p className={styles.lead}>{doc.client.name}</p> : null}
      <dl className={styles.facts}>
        <div><dt>Менеджер</dt><dd>{doc.manager.name}{doc.branch ? `, ${doc.branch.name}` : ''}</dd></div>
        <div>
          <dt>Действует до</dt>
          <dd>{doc.validUntilLabel}{doc.expired ? <strong className={styles.expired}> — срок истёк</strong> : null}</dd>
        </div>
        <div><dt>Сумма</dt><dd className={styles.strong}>{money(doc.total)}</dd></div>
      </dl>
    </div>
  );
}

function ProductSlide({ line, doc, index, of }: { line: OfferLineView; doc: OfferDocumentView; index: number; of: number }) {
  const money = (minor: number) => formatMoney(minor, doc.currency);
  const sale = line.defaultPrice !== null && line.discount > SALE_BADGE_FROM;
  return (
    <div className={styles.product}>
      <p className={styles.kicker}>Машина {index} из {of}{line.code ? ` · ${line.code}` : ''}</p>
      <h2 className={styles.productName}>{line.name}</h2>
      <div className={styles.productBody}>
        <dl className={styles.facts}>
          <div>
            <dt>Цена</dt>
            <dd className={styles.price}>
              <span className={styles.strong}>{money(line.price)}</span>
              {line.defaultPrice !== null ? <s className={styles.old}>{money(line.defaultPrice)}</s> : null}
              {sale ? <span className={styles.badge}>−{number.format(line.discount)} %</span> : null}
            </dd>
          </div>
          <div><dt>Количество</dt><dd>{line.count} {line.unit}</dd></div>
          {line.commissioning > 0 ? <div><dt>Пусконаладка</dt><dd>{money(line.commissioning)}</dd></div> : null}
          <div><dt>Сумма</dt><dd className={styles.strong}>{money(line.total)}</dd></div>
        </dl>
        <div className={styles.optionsBox}>
          <h3>Опции</h3>
          {line.options.length ? (
            <ul className={styles.options}>
              {line.options.map((o) => (
                <li key={o.name}>
                  <span>{o.name}{o.count > 1 ? ` × ${o.count}` : ''}</span>
                  <span className={styles.optionPrice}>{o.included ? 'в комплектации' : o.price === null ? 'включено' : money(o.price)}</span>
                </li>
              ))}
            </ul>
          ) : <p className={styles.muted}>Базовая комплектация</p>}
        </div>
      </div>
    </div>
  );
}

function LinesSlide({ title, lines, doc }: { title: string; lines: OfferLineView[]; doc: OfferDocumentView }) {
  const money = (minor: number) => formatMoney(minor, doc.currency);
  return (
    <div className={styles.linesSlide}>
      <p className={styles.kicker}>Позиции {lines[0]!.position}–{lines.at(-1)!.position} из {doc.lines.length}</p>
      <h2 className={styles.slideTitle}>{title}</h2>
      <ul className={styles.rows}>
        {lines.map((l) => (
          <li key={l.position}>
            <span className={styles.rowName}>
              {l.name}
              <span className={styles.muted}>
                {l.code ? `${l.code} · ` : ''}
                {l.hours !== null && l.rate !== null ? `${number.format(l.hours)} ч × ${money(l.rate)}` : `${l.count} ${l.unit} × ${money(l.price)}`}
              </span>
            </span>
            <span className={styles.rowSum}>{money(l.total)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TotalsSlide({ doc }: { doc: OfferDocumentView }) {
  const money = (minor: number) => formatMoney(minor, doc.currency);
  const { delivery } = doc;
  return (
    <div className={styles.linesSlide}>
      <p className={styles.kicker}>Итог предложения</p>
      <h2 className={styles.slideTitle}>Итого</h2>
      <ul className={styles.rows}>
        <li><span className={styles.rowName}>Позиции ({doc.lines.length})</span><span className={styles.rowSum}>{money(doc.productsTotal)}</span></li>
        {delivery.method === 'delivery' || delivery.price > 0 ? (
          <li>
            <span className={styles.rowName}>Доставка{delivery.address ? <span className={styles.muted}>{delivery.address}</span> : null}</span>
            <span className={styles.rowSum}>{delivery.included ? 'в стоимости' : !delivery.inTotal ? 'отдельно' : money(delivery.price)}</span>
          </li>
        ) : <li><span className={styles.rowName}>Самовывоз</span><span className={styles.rowSum}>—</span></li>}
        <li className={styles.total}><span className={styles.rowName}>Итого</span><span className={styles.rowSum}>{money(doc.total)}</span></li>
        {doc.vat ? <li><span className={styles.rowName}>в т.ч. НДС {doc.vat.rate}%</span><span className={styles.rowSum}>{money(doc.vat.amount)}</span></li> : null}
      </ul>
      {doc.payments.length ? (
        <p className={styles.payments}>
          Оплата: {doc.payments.map((p) => [p.label, p.initialFee > 0 ? `взнос ${money(p.initialFee)}` : null, p.term > 0 ? `${p.term}\u00a0мес.` : null].filter(Boolean).join(', ')).join(' · ')}
        </p>
      ) : null}
      <p className={styles.muted}>Цены в {CURRENCY_LABELS[doc.currency]}{doc.vat ? ' с НДС' : ''} · предложение действует до {doc.validUntilLabel}</p>
    </div>
  );
}

/**
 * An offer presented full-screen at a meeting (spec §2 `/offer-slides/`; ADR 085): a title, a slide
 * per machine, parts and works in groups, the totals. Arrow keys, PageUp/PageDown, Space, Home and End
 * move between slides, as do the buttons and a swipe; the slide's number stays in the address's
 * fragment, so a reload keeps the place. 'Распечатать раздатку' prints every slide (the handout).
 */
export function OfferSlides({ doc, backHref }: { doc: OfferDocumentView; backHref: string }) {
  const slides = offerSlides(doc);
  const last = slides.length - 1;
  const [current, setCurrent] = useState(0);
  const touch = useRef<number | null>(null);
  const go = useCallback((to: number) => setCurrent(Math.max(0, Math.min(last, to))), [last]);

  useEffect(() => {
    const fromHash = Number(window.location.hash.slice(1));
    if (Number.isInteger(fromHash) && fromHash >= 1) go(fromHash - 1);
  }, [go]);

  useEffect(() => {
    window.history.replaceState(window.history.state, '', `#${current + 1}`);
  }, [current]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      // Space and Enter on a focused button or link press it; the page does not move twice.
      if ((event.key === ' ' || event.key === 'Enter') && target?.closest('button, a, input, select, textarea')) return;
      const moves: Record<string, number> = {
        ArrowRight: current + 1, ArrowDown: current + 1, PageDown: current + 1, ' ': event.shiftKey ? current - 1 : current + 1,
        ArrowLeft: current - 1, ArrowUp: current - 1, PageUp: current - 1, Home: 0, End: last,
      };
      const to = moves[event.key];
      if (to === undefined) return;
      event.preventDefault();
      go(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, last, go]);

  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => {});
  };

  const machines = doc.lines.filter((l) => l.kind === 'machine');
  return (
    <div className={styles.deck}>
      <div className={`${styles.bar} no-print`}>
        <a className={styles.back} href={backHref}>← К предложению</a>
        <p className={styles.counter} aria-live="polite" data-testid="slide-counter">
          Слайд {current + 1} из {slides.length}
        </p>
        <div className={styles.tools}>
          <button type="button" className="btn btn-secondary" onClick={fullscreen}>На весь экран</button>
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>Распечатать раздатку</button>
        </div>
      </div>
      <main
        className={styles.stage}
        aria-roledescription="презентация"
        aria-label={`Коммерческое предложение для ${doc.client.company ?? doc.client.name}`}
        onTouchStart={(e) => { touch.current = e.touches[0]?.clientX ?? null; }}
        onTouchEnd={(e) => {
          const from = touch.current;
          const to = e.changedTouches[0]?.clientX;
          touch.current = null;
          if (from === null || to === undefined || Math.abs(to - from) < 60) return;
          go(current + (to < from ? 1 : -1));
        }}
      >
        {slides.map((slide, i) => {
          return (
            <section
              key={i}
              className={styles.slide}
              data-current={i === current ? '' : undefined}
              aria-roledescription="слайд"
              aria-label={`${i + 1} из ${slides.length}: ${slideName(slide)}`}
            >
              {slide.kind === 'title' ? <TitleSlide doc={doc} /> : null}
              {slide.kind === 'product' ? <ProductSlide line={slide.line} doc={doc} index={machines.indexOf(slide.line) + 1} of={machines.length} /> : null}
              {slide.kind === 'lines' ? <LinesSlide title={slide.title} lines={slide.lines} doc={doc} /> : null}
              {slide.kind === 'totals' ? <TotalsSlide doc={doc} /> : null}
              <p className={`${styles.pageNo} print-only`}>{i + 1} / {slides.length}</p>
            </section>
          );
        })}
      </main>
      <nav className={styles.nav} aria-label="Слайды">
        <button type="button" className="btn btn-secondary" onClick={() => go(current - 1)} disabled={current === 0}>← Назад</button>
        <button type="button" className="btn btn-brand" onClick={() => go(current + 1)} disabled={current === last}>Далее →</button>
      </nav>
    </div>
  );
}
