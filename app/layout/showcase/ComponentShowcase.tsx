import { useState, type ReactNode } from 'react';
import { Form } from 'react-router';
import { ConfirmDialog } from '#app/components/backoffice/ConfirmDialog.tsx';
import { DataTable, RowLink, type Column } from '#app/components/backoffice/DataTable.tsx';
import kit from '#app/components/backoffice/kit.module.css';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { SelectFilter } from '#app/components/backoffice/SelectFilter.tsx';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { listQuery } from '#app/components/backoffice/sort.rules.ts';
import { FieldError, InfoLine, LinkButton, ServerAlert, SubmitButton, TextField } from '#app/components/forms/form-kit.tsx';
import { CodeInput } from '#app/components/ui/CodeInput.tsx';
import { ConsentCheckbox } from '#app/components/ui/ConsentCheckbox.tsx';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { FileField } from '#app/components/ui/FileField.tsx';
import { IconCart, IconChevronLeft, IconChevronRight, IconClose, IconMenu, IconPhone, IconPin, IconSearch, IconUser } from '#app/components/ui/icons.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { PhoneInput } from '#app/components/ui/PhoneInput.tsx';
import { formatMoney } from '#app/lib/money.ts';
import { VALIDATION_MESSAGES } from '#app/lib/validation.ts';
import { SAMPLE_DEFAULT_SORT, SAMPLE_STATUSES, type SampleFilter, type SampleOrder } from './showcase.data.ts';
import styles from './showcase.module.css';

/*
 * /demo/index (spec §2, ADR 079): every shared component of the shop (app/components/ui, the form
 * kit) and of the back-office (app/components/backoffice) in its states, on made-up data. A change
 * to a component shows here first; the journeys look at it at 1280 and 375 px. Module screens (a
 * model card, the cart) are shown by their own pages.
 */

export const DEMO_PATH = '/demo/index';

export interface ShowcaseProps {
  csrf: string;
  list: { rows: SampleOrder[]; page: number; hasNext: boolean; filter: SampleFilter };
  /** The demo action's answer: a toast, or the server's request for a confirmation. */
  answer: { toast: string } | { confirm: true } | { message: string } | undefined;
}

function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.h2}>{title}</h2>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </section>
  );
}

function State({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.state}>
      <p className={styles.stateLabel}>{label}</p>
      {children}
    </div>
  );
}

const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const COLUMNS: ReadonlyArray<Column<SampleOrder>> = [
  {
    id: 'order', header: 'Заказ', sort: 'created', primary: true, nowrap: true,
    cell: (o) => <><RowLink to={`${DEMO_PATH}#table`}>{o.number}</RowLink><br /><span className={kit.muted}>{when.format(new Date(o.createdAt))}</span></>,
  },
  { id: 'customer', header: 'Покупатель', cell: (o) => <>{o.name}<br /><span className={kit.muted}>{o.phone} · {o.email}</span></> },
  { id: 'branch', header: 'Филиал', cell: (o) => o.branch },
  {
    id: 'status', header: 'Статус',
    cell: (o) => <><span className={kit.tag}>{SAMPLE_STATUSES[o.status]}</span>{o.unpricedLines ? <><br /><span className={kit.muted}>без цены: {o.unpricedLines}</span></> : null}</>,
  },
  { id: 'total', header: 'Сумма', sort: 'total', nowrap: true, cell: (o) => formatMoney(o.total, 'RUB') },
];

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} КБ`;

export function ComponentShowcase({ csrf, list, answer }: ShowcaseProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('ivanov@');
  const [files, setFiles] = useState<File[]>([]);
  const [dialog, setDialog] = useState(false);
  const [localToast, setLocalToast] = useState<{ text: string } | null>(null);
  const { filter } = list;
  const query = listQuery(filter, SAMPLE_DEFAULT_SORT);
  const filtered = Boolean(filter.status);
  const toast = answer && 'toast' in answer ? answer.toast : null;

  return (
    <div className={`container ${styles.page}`}>
      <h1>Компоненты интерфейса</h1>
      <p className={styles.lead}>
        Общие компоненты магазина и бэк-офиса во всех состояниях — на выдуманных данных. Страница не индексируется поисковиками.
      </p>
      <nav aria-label="Разделы страницы" className={styles.toc}>
        {[['buttons', 'Кнопки'], ['fields', 'Поля формы'], ['phone-code', 'Телефон и код'], ['files-consent', 'Файлы и согласие'], ['dialog', 'Диалог'], ['links-icons', 'Ссылки и значки'],
          ['table', 'Таблица данных'], ['empty', 'Пустой список'], ['filters', 'Фильтры и страницы'], ['toast', 'Уведомление'], ['confirm', 'Подтверждение'], ['notices', 'Метки и сообщения']].map(([id, label]) => (
          <a key={id} href={`#${id}`}>{label}</a>
        ))}
      </nav>

      <h2 className={styles.part}>Магазин</h2>

      <Section id="buttons" title="Кнопки">
        <div className={styles.row}>
          <button type="button" className="btn btn-primary">Оформить заказ</button>
          <button type="button" className="btn btn-brand">В работе</button>
          <button type="button" className="btn btn-secondary">Показать</button>
          <button type="button" className="btn btn-primary" disabled>Недоступно</button>
          <LinkButton onClick={() => {}}>Кнопка-ссылка</LinkButton>
        </div>
        <div className={styles.row}>
          <State label="Отправка формы: готово"><SubmitButton disabled={false} busy={false}>Отправить</SubmitButton></State>
          <State label="Данные с ошибкой"><SubmitButton disabled busy={false}>Отправить</SubmitButton></State>
          <State label="Идёт отправка"><SubmitButton disabled={false} busy>Отправить</SubmitButton></State>
        </div>
      </Section>

      <Section id="fields" title="Поля формы" lead="Набор форм: одна схема Zod для браузера и сервера, сообщение под полем, общая ошибка сервера.">
        <div className={styles.grid}>
          <TextField label="Ваше имя" value={name} onChange={setName} placeholder="Иван Иванов" autoComplete="off" />
          <TextField label="E-mail" value={email} onChange={setEmail} error={VALIDATION_MESSAGES.emailHyphenated} autoComplete="off" />
          <TextField label="Артикул" value="RE-504836" onChange={() => {}} readOnly hint={<span className={styles.hint}>Только для чтения, с подсказкой</span>} />
          <TextField label="Недоступное поле" value="" onChange={() => {}} disabled />
        </div>
        <div className={styles.stack}>
          <ServerAlert message="Слишком много попыток. Повторите через 10 минут" />
          <InfoLine message="Код отправлен на +7 900 000-00-00" />
        </div>
      </Section>

      <Section id="phone-code" title="Телефон и код">
        <div className={styles.grid}>
          <State label="Телефон: пусто"><PhoneInput label="Номер телефона" countries={['RU', 'KZ']} /></State>
          <State label="Телефон: заполнен"><PhoneInput label="Номер телефона" countries={['RU', 'KZ']} defaultValue="79001234567" /></State>
          <State label="Телефон: ошибка">
            <PhoneInput label="Номер телефона" countries={['RU', 'KZ']} defaultValue="7900123" invalid describedBy="demo-phone-error" />
            <FieldError id="demo-phone-error" message={VALIDATION_MESSAGES.phone} />
          </State>
          <State label="Код: пусто"><CodeInput label="Код из SMS" /></State>
          <State label="Код: неверный">
            <CodeInput label="Код из SMS (неверный)" value="1234" invalid describedBy="demo-code-error" />
            <FieldError id="demo-code-error" message="Неверный код" />
          </State>
          <State label="Код: недоступен"><CodeInput label="Код из SMS (недоступен)" disabled /></State>
        </div>
      </Section>

      <Section id="files-consent" title="Файлы и согласие">
        <div className={styles.grid}>
          <FileField
            label="Прикрепить файлы"
            hint="PDF, JPG или PNG, до 10 МБ, не больше 5 файлов"
            files={files}
            onAdd={(picked) => setFiles((f) => [...f, ...picked].slice(0, 5))}
            onRemove={(i) => setFiles((f) => f.filter((_, j) => j !== i))}
            sizeLabel={kb}
          />
          <div className={styles.stack}>
            <ConsentCheckbox>Соглашаюсь с <a href="/documents/policy-privacy">политикой конфиденциальности</a></ConsentCheckbox>
            <ConsentCheckbox defaultChecked>Соглашаюсь с политикой конфиденциальности (отмечено)</ConsentCheckbox>
            <ConsentCheckbox submitAttempted>Соглашаюсь с политикой конфиденциальности (не отмечено после отправки)</ConsentCheckbox>
            <ConsentCheckbox variant="ads" />
          </div>
        </div>
      </Section>

      <Section id="dialog" title="Диалог" lead="Фокус внутри, Escape и щелчок по фону закрывают, фокус возвращается к кнопке.">
        <button type="button" className="btn btn-secondary" onClick={() => setDialog(true)}>Открыть диалог</button>
        <Dialog
          open={dialog}
          onClose={() => setDialog(false)}
          title="Пример диалога"
          width="480px"
          footer={<button type="button" className="btn btn-brand" onClick={() => setDialog(false)}>Понятно</button>}
        >
          <p>Так выглядят окна магазина: вход, «Написать нам», выбор региона.</p>
        </Dialog>
      </Section>

      <Section id="links-icons" title="Ссылки и значки">
        <p className={styles.row}>
          <Link to={`${DEMO_PATH}#links-icons`}>Ссылка сайта</Link>
          <a href="https://example.com/" rel="noopener noreferrer" target="_blank">Внешняя ссылка</a>
        </p>
        <p className={styles.icons}>
          {[IconCart, IconSearch, IconPin, IconPhone, IconUser, IconMenu, IconClose, IconChevronLeft, IconChevronRight].map((I, i) => <I key={i} />)}
        </p>
      </Section>

      <h2 className={styles.part}>Бэк-офис</h2>

      <Section id="table" title="Таблица данных" lead="Порядок, фильтр и страница — в адресе. Щелчок по заголовку меняет порядок; стрелки ↑ и ↓ переходят между строками, Enter открывает. На телефоне строки становятся карточками.">
        <Form method="get" action={DEMO_PATH} className={kit.filters}>
          <SelectFilter label="Статус" name="status" value={filter.status} options={Object.entries(SAMPLE_STATUSES).map(([value, label]) => ({ value, label }))} />
          {filter.sort !== SAMPLE_DEFAULT_SORT ? <input type="hidden" name="sort" value={filter.sort} /> : null}
          <button type="submit" className="btn btn-secondary">Показать</button>
          {filtered ? <Link to={DEMO_PATH}>Сбросить</Link> : null}
        </Form>
        <DataTable
          caption="Пример списка заказов"
          columns={COLUMNS}
          rows={list.rows}
          rowKey={(o) => o.number}
          rowTestId="demo-row"
          sort={{ path: DEMO_PATH, query, value: filter.sort, fallback: SAMPLE_DEFAULT_SORT }}
          empty={filtered ? 'Заказов по этим условиям нет.' : 'Заказов пока нет.'}
        />
        <Pager path={DEMO_PATH} query={query} page={list.page} hasNext={list.hasNext} label="Страницы примера" />
      </Section>

      <Section id="empty" title="Пустой список" lead="Без строк таблица говорит, почему: список пуст или фильтр ничего не нашёл.">
        <div className={styles.grid}>
          <State label="Список пуст"><DataTable caption="Пустой список" columns={COLUMNS} rows={[]} rowKey={(o) => o.number} empty="Заказов пока нет." /></State>
          <State label="Ничего не нашлось"><DataTable caption="Пустой результат фильтра" columns={COLUMNS} rows={[]} rowKey={(o) => o.number} empty="Заказов по этим условиям нет." /></State>
        </div>
      </Section>

      <Section id="filters" title="Фильтры и страницы" lead="Фильтр по значению и листалка без общего числа страниц (выше — рабочие, здесь — состояния).">
        <div className={styles.grid}>
          <State label="Первая страница"><Pager path={DEMO_PATH} query={new URLSearchParams()} page={1} hasNext label="Пример: первая страница" /></State>
          <State label="Последняя страница"><Pager path={DEMO_PATH} query={new URLSearchParams()} page={3} hasNext={false} label="Пример: последняя страница" /></State>
          <State label="Фильтр"><div className={kit.filters}><SelectFilter label="Филиал" name="demo-branch" value={undefined} all="Все филиалы" options={[{ value: 1, label: 'Смоленск' }, { value: 2, label: 'Тула' }]} /></div></State>
        </div>
      </Section>

      <Section id="toast" title="Уведомление" lead="Действие отвечает сообщением, страница показывает его внизу экрана; оно остаётся, пока его не закроют.">
        <div className={styles.row}>
          <Form method="post" action={DEMO_PATH}>
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="intent" value="toast" />
            <button type="submit" className="btn btn-brand">Сохранить (пример)</button>
          </Form>
          <button type="button" className="btn btn-secondary" onClick={() => setLocalToast({ text: 'Статус изменён' })}>Показать без запроса</button>
        </div>
        <Toast message={toast ?? localToast?.text} token={toast ? answer : localToast} />
      </Section>

      <Section id="confirm" title="Подтверждение" lead="Необратимое действие спрашивает. Без скриптов вопрос раскрывается на месте.">
        <div className={styles.row}>
          <ConfirmDialog
            trigger="Отменить заказ (пример)"
            title="Отменить заказ АГ-2026-000120?"
            message="Покупатель получит сообщение об отмене с причиной. Это пример: ничего не изменится."
            confirmLabel="Отменить заказ"
            cancelLabel="Не отменять"
            fields={{ _csrf: csrf, intent: 'confirm' }}
          >
            <label>Причина отмены<input name="reason" required maxLength={500} /></label>
          </ConfirmDialog>
          <Form method="post" action={DEMO_PATH}>
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="intent" value="ask" />
            <button type="submit" className="btn btn-secondary">Снять роль (пример)</button>
          </Form>
        </div>
        {answer && 'confirm' in answer ? (
          <ConfirmDialog
            openFor={answer}
            title="Снять роль?"
            message={<p>Пример: сервер попросил подтверждения, потому что роль снимается. Ничего не изменится.</p>}
            confirmLabel="Снять и сохранить"
            fields={{ _csrf: csrf, intent: 'confirm' }}
          />
        ) : null}
      </Section>

      <Section id="notices" title="Метки и сообщения">
        <p className={styles.row}>
          {Object.values(SAMPLE_STATUSES).map((s) => <span key={s} className={kit.tag}>{s}</span>)}
        </p>
        <p className={kit.notice}>Названные цены ждут подтверждения покупателем.</p>
        <p className={kit.error}>Заказ уже в другом статусе. Обновите страницу.</p>
        {answer && 'message' in answer ? <p className={kit.error} role="alert">{answer.message}</p> : null}
        <div className={kit.card}><p className={kit.stat}>128</p><p className={kit.muted}>Карточка сводки</p></div>
      </Section>
    </div>
  );
}
