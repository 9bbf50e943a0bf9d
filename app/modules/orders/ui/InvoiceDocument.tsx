import { CURRENCY_LABELS } from '#app/lib/money.ts';
import { plural } from '#app/lib/plural.ts';
import type { InvoiceView } from '../invoice.schema.ts';
import styles from './invoice.module.css';

const amount = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1 234,50: the table's money, without the currency (the header names it). */
const money = (minor: number) => amount.format(minor / 100);

/**
 * The invoice (счёт на оплату) as printed: the seller's bank details in the customary grid, the
 * parties, the lines (the header repeats on every page, a row never splits), the totals with the
 * VAT inside them and the total in words.
 */
export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const { seller, buyer } = invoice;
  const russia = seller.countryCode === 'RU';
  const label = CURRENCY_LABELS[invoice.currency];
  const taxIds = russia
    ? [`ИНН ${seller.inn}`, seller.kpp ? `КПП ${seller.kpp}` : null].filter(Boolean).join(', ')
    : `БИН ${seller.bin}`;
  return (
    <article className={styles.invoice}>
      <table className={styles.bank}>
        <tbody>
          <tr>
            <td colSpan={2} rowSpan={2} className={styles.bankName}>
              {seller.bankName}
              <div className={styles.caption}>Банк получателя</div>
            </td>
            <td className={styles.key}>БИК</td>
            <td>{seller.bik}</td>
          </tr>
          <tr>
            <td className={styles.key}>{russia ? 'Сч. №' : ''}</td>
            <td>{russia ? seller.corrAccount : ''}</td>
          </tr>
          <tr>
            <td>{russia ? `ИНН ${seller.inn}` : `БИН ${seller.bin}`}</td>
            <td>{russia && seller.kpp ? `КПП ${seller.kpp}` : ''}</td>
            <td rowSpan={2} className={styles.key}>{russia ? 'Сч. №' : 'ИИК'}</td>
            <td rowSpan={2}>{seller.settlementAccount}</td>
          </tr>
          <tr>
            <td colSpan={2}>
              {seller.legalName}
              <div className={styles.caption}>Получатель</div>
            </td>
          </tr>
        </tbody>
      </table>

      <h1 className={styles.title}>Счёт на оплату № {invoice.number} от {invoice.dayLabel}</h1>

      <dl className={styles.parties}>
        <dt>Поставщик:</dt>
        <dd>{seller.legalName}, {taxIds}{russia && seller.ogrn ? `, ОГРН ${seller.ogrn}` : ''}, {seller.legalAddress}</dd>
        <dt>Покупатель:</dt>
        <dd>{buyer.name}, тел. {buyer.phone}, {buyer.email}</dd>
        <dt>Основание:</dt>
        <dd>Заказ № {invoice.number}</dd>
      </dl>

      <table className={styles.lines}>
        <thead>
          <tr>
            <th scope="col">№</th>
            <th scope="col">Код</th>
            <th scope="col">Товары (работы, услуги)</th>
            <th scope="col">Кол-во</th>
            <th scope="col">Ед.</th>
            <th scope="col">Цена, {label}</th>
            <th scope="col">Сумма, {label}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l) => (
            <tr key={l.position}>
              <td className={styles.num}>{l.position}</td>
              <td>{l.code}</td>
              <td>{l.name}</td>
              <td className={styles.num}>{l.count}</td>
              <td>{l.unit}</td>
              <td className={styles.num}>{money(l.price)}</td>
              <td className={styles.num}>{money(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="keep-together">
        <table className={styles.totals}>
          <tbody>
            <tr><th scope="row">Итого:</th><td>{money(invoice.total)}</td></tr>
            <tr><th scope="row">В том числе НДС ({invoice.vatRate}%):</th><td>{money(invoice.vatAmount)}</td></tr>
            <tr><th scope="row">Всего к оплате:</th><td>{money(invoice.total)}</td></tr>
          </tbody>
        </table>
        <p className={styles.summary}>
          Всего {plural(invoice.lines.length, 'наименование', 'наименования', 'наименований')}: {invoice.lines.length}, на сумму {money(invoice.total)} {label}
        </p>
        <p className={styles.words}>{invoice.totalInWords}</p>
        <p className={styles.note}>
          Оплата этого счёта означает согласие с условиями поставки товара. Товар отпускается по факту прихода денег на
          расчётный счёт поставщика.
        </p>
        <div className={styles.signatures}>
          <p>Руководитель <span className={styles.line} /></p>
          <p>Бухгалтер <span className={styles.line} /></p>
        </div>
      </div>
    </article>
  );
}
