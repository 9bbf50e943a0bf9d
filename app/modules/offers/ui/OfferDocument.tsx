import { CURRENCY_LABELS } from '#app/lib/money.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import type { OfferDocumentView, OfferLineView } from '../offer-print.rules.ts';
import styles from './offer-document.module.css';

const amount = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1 234,50: the tables' money, without the currency (the headers name it). */
const money = (minor: number) => amount.format(minor / 100);
const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
const phone = formatPhoneDisplay;
/** 'Цены указаны в рублях': the currency's name in the prepositional case. */
const IN_CURRENCY: Record<OfferDocumentView['currency'], string> = { RUB: 'рублях', KZT: 'тенге', USD: 'долларах США', EUR: 'евро', CNY: 'юанях' };

/** The company's mark as the shop's header draws it: a green square with 'А', and the name. */
export function OfferLogo() {
  return (
    <div className={styles.logo} aria-label="Агротехника">
      <span className={styles.logoMark} aria-hidden="true">А</span>
      <span className={styles.logoText} aria-hidden="true">Агротехника</span>
    </div>
  );
}

function LineDetails({ line, label }: { line: OfferLineView; label: string }) {
  return (
    <>
      {line.code ? <div className={styles.muted}>Код: {line.code}</div> : null}
      {line.hours !== null && line.rate !== null ? (
        <div className={styles.muted}>{number.format(line.hours)} ч × {money(line.rate)} {label}/ч</div>
      ) : null}
      {line.defaultPrice !== null ? (
        <div className={styles.muted}>Цена без скидки {money(line.defaultPrice)} {label}{line.discount > 0 ? `, скидка ${number.format(line.discount)} %` : ''}</div>
      ) : null}
      {line.options.length ? (
        <ul className={styles.options} aria-label={`Опции: ${line.name}`}>
          {line.options.map((o) => (
            <li key={o.name}>
              {o.name}{o.count > 1 ? ` × ${o.count}` : ''}
              {' — '}
              {o.included ? 'в комплектации' : o.price === null ? 'цена включена' : `${money(o.price)} ${label}`}
            </li>
          ))}
        </ul>
      ) : null}
      {line.commissioning > 0 ? <div className={styles.muted}>Пусконаладка: {money(line.commissioning)} {label}</div> : null}
      {line.counts.length ? (
        <div className={styles.muted}>Сроки поставки: {line.counts.map((c) => `${c.term} — ${c.count} ${line.unit}`).join('; ')}</div>
      ) : null}
    </>
  );
}

/**
 * A commercial offer laid out for paper (issue 30 point 9): the company and the branch, the parties,
 * the lines with the options chosen, the totals with the VAT inside them, delivery, payments and
 * their schedules. The same markup is the client's print page and the PDF (ADR 085); sizes are in
 * `em`, so the page on screen and the A4 sheet differ only by the base size.
 */
export function OfferDocument({ doc }: { doc: OfferDocumentView }) {
  const label = CURRENCY_LABELS[doc.currency];
  const { client, manager, branch, delivery } = doc;
  return (
    <article className={styles.document} aria-labelledby="offer-title">
      <header className={styles.head}>
        <OfferLogo />
        {branch ? (
          <div className={styles.branch}>
            <strong>{branch.name}</strong>
            {branch.address ? <div>{branch.address}</div> : null}
            <div>{[branch.phone, branch.email].filter(Boolean).join(' · ')}</div>
          </div>
        ) : null}
      </header>

      <h1 id="offer-title" className={styles.title}>Коммерческое предложение</h1>
      <p className={styles.subtitle}>
        {doc.variantLabel} · версия {doc.version} от {doc.dayLabel}
        {doc.state !== 'sent' ? ` · ${doc.stateLabel}` : ''}
      </p>

      <dl className={styles.parties}>
        <dt>Клиент</dt>
        <dd>
          {client.company ? <>{client.company}, </> : null}{client.name}
          {client.inn ? <>, ИНН {client.inn}</> : null}
          <div className={styles.muted}>{[phone(client.phone), client.email].filter(Boolean).join(' · ')}</div>
        </dd>
        <dt>Менеджер</dt>
        <dd>
          {manager.name}
          {manager.phone || manager.email ? <div className={styles.muted}>{[manager.phone ? phone(manager.phone) : null, manager.email].filter(Boolean).join(' · ')}</div> : null}
        </dd>
        <dt>Действует до</dt>
        <dd>
          {doc.validUntilLabel}
          {doc.expired ? <strong className={styles.expired}> — срок действия истёк</strong> : null}
        </dd>
      </dl>

      <div className={styles.tableWrap}>
        <table className={styles.lines}>
          <thead>
            <tr>
              <th scope="col">№</th>
              <th scope="col">Наименование</th>
              <th scope="col">Кол-во</th>
              <th scope="col">Цена, {label}</th>
              <th scope="col">Сумма, {label}</th>
            </tr>
          </thead>
          <tbody>
            {doc.lines.map((line) => (
              <tr key={line.position}>
                <td className={styles.num}>{line.position}</td>
                <td className={styles.name}>
                  <strong>{line.name}</strong>
                  <LineDetails line={line} label={label} />
                </td>
                <td className={styles.num} data-label="Кол-во">{line.count} {line.unit}</td>
                <td className={styles.num} data-label={`Цена, ${label}`}>{money(line.price)}</td>
                <td className={`${styles.num} ${styles.sum}`} data-label={`Сумма, ${label}`}>{money(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="keep-together">
        <table className={styles.totals}>
          <tbody>
            <tr><th scope="row">Позиции:</th><td>{money(doc.productsTotal)}</td></tr>
            {delivery.method === 'delivery' || delivery.price > 0 ? (
              <tr>
                <th scope="row">Доставка:</th>
                <td>{delivery.included ? 'входит в стоимость' : !delivery.inTotal ? 'оплачивается отдельно' : money(delivery.price)}</td>
              </tr>
            ) : null}
            <tr className={styles.grand}><th scope="row">Итого:</th><td>{money(doc.total)} {label}</td></tr>
            {doc.vat ? <tr><th scope="row">в т.ч. НДС ({doc.vat.rate}%):</th><td>{money(doc.vat.amount)}</td></tr> : null}
          </tbody>
        </table>
        {doc.rounded ? <p className={styles.note}>Сумма округлена до десятков: доставка включена в цены.</p> : null}
      </div>

      <section className={`${styles.section} keep-together`} aria-labelledby="offer-delivery">
        <h2 id="offer-delivery">Получение</h2>
        <p>
          {delivery.method === 'pickup' ? 'Самовывоз' : 'Доставка'}
          {delivery.address ? `: ${delivery.address}` : ''}
        </p>
        {doc.shipments.length ? (
          <ul className={styles.plain}>
            {doc.shipments.map((s, i) => (
              <li key={i}>{[s.label, s.place, s.date ? `с ${s.date}` : null, s.term ? `срок ${s.term}` : null].filter(Boolean).join(', ')}</li>
            ))}
          </ul>
        ) : null}
      </section>

      {doc.payments.length ? (
        <section className={styles.section} aria-labelledby="offer-payments">
          <h2 id="offer-payments">Варианты оплаты</h2>
          {doc.payments.map((p, i) => (
            <div key={i} className={styles.payment}>
              <p className="keep-together">
                <strong>{p.label}</strong>: {money(p.amount)} {label}
                {p.initialFee > 0 ? `, первый взнос ${money(p.initialFee)} ${label}` : ''}
                {p.term > 0 ? `, срок ${p.term}\u00a0мес.` : ''}
              </p>
              {p.schedule.length ? (
                <div className={styles.tableWrap}>
                  <table className={styles.schedule} aria-label={`График платежей: ${p.label}`}>
                    <thead>
                      <tr>
                        <th scope="col">№</th>
                        <th scope="col">Дата</th>
                        <th scope="col">%</th>
                        <th scope="col">Платёж, {label}</th>
                        <th scope="col">Аванс, {label}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {p.schedule.map((row, j) => (
                        <tr key={j}>
                          <td className={styles.num}>{j + 1}</td>
                          <td>{row.date}</td>
                          <td className={styles.num}>{number.format(row.percentage)}</td>
                          <td className={styles.num}>{money(row.sum)}</td>
                          <td className={styles.num}>{row.prepay ? money(row.prepay) : '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th scope="row" colSpan={3}>Всего</th>
                        <td className={styles.num}>{money(p.scheduleTotal)}</td>
                        <td />
                      </tr>
                    </tfoot>
                  </table>
                </div>
              ) : null}
            </div>
          ))}
        </section>
      ) : null}

      <p className={styles.note}>
        Цены указаны в {IN_CURRENCY[doc.currency]}{doc.vat ? ' и включают НДС' : ''}. Предложение действует до {doc.validUntilLabel}
        {branch ? `; вопросы — ${manager.name}, ${branch.name}` : ''}.
      </p>
    </article>
  );
}
