import { useId, useState } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { Breadcrumbs } from '#app/modules/catalog/listing/ui/Breadcrumbs.tsx';
import { pageWindow } from '#app/modules/catalog/listing/ui/listing-ui.rules.ts';
import { plural } from '#app/lib/plural.ts';
import { partsSearch } from '../line.rules.ts';
import { PARTS_LINE_TEXTS, PARTS_SORT_LABELS, type PartRowView, type PartsLinePageData, type PartsSortOrder } from '../line.schema.ts';
import { SERIAL_MESSAGES } from '../../serial.rules.ts';
import { DrawingWorkspace } from './DrawingViewer.tsx';
import { PartRows } from './PartRows.tsx';
import { PartsSidebar } from './PartsSidebar.tsx';
import styles from './PartsLinePage.module.css';
import { useRecordPartsView } from '../../history/ui/use-record-parts-view.ts';
import { OwnMachinePicker } from '../../yard/ui/OwnMachinePicker.tsx';

const partsLabel = (n: number) => `${n.toLocaleString('ru-RU')} ${plural(n, 'деталь', 'детали', 'деталей')}`;

/**
 * The model line parts page (spec §2 `/zapchasti/.+`, `/model-lines/view?section=parts`): the
 * sidebar filters, the slider of drawings, the drawing viewer with its part rows, or a page of the
 * parts the filters give.
 */
export function PartsLinePage({ data }: { data: PartsLinePageData }) {
  const { line, state, drawing, list, slider } = data;
  useRecordPartsView({ lineId: line.id });
  const navigate = useNavigate();
  // While the next state loads, the drawing and the rows are dimmed (the sidebar shows the ticks at once).
  const loading = useNavigation().state === 'loading';
  const href = (patch: Partial<typeof state>) => `${line.link}${partsSearch({ ...state, ...patch })}`;
  const title = PARTS_LINE_TEXTS.title(line.name);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs trail={data.trail} current={title} />
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.meta}>
          {line.manufacturer} · {partsLabel(data.sidebar.count)} · <Link to={line.machineryLink}>Модельный ряд {line.name}</Link>
        </p>
        <OwnMachinePicker lineId={line.id} currentSerial={state.serial} />
      </header>

      {state.serialInvalid ? <p className={styles.alert} role="alert">{SERIAL_MESSAGES.invalid}</p> : null}
      {state.serial ? (
        <div className={styles.notice} role="status" data-testid="serial-notice">
          <p>{PARTS_LINE_TEXTS.serialNotice(state.serial)}</p>
          {state.allSerials
            ? <Link to={href({ allSerials: false })} preventScrollReset>Скрыть неподходящие позиции</Link>
            : data.outsideSerial > 0
              ? <Link to={href({ allSerials: true })} preventScrollReset>Показать все позиции ({data.outsideSerial} не подходят)</Link>
              : null}
          <Link to={href({ serial: null, allSerials: false })} className={styles.muted}>Без серийного номера</Link>
        </div>
      ) : null}

      <div className={styles.layout}>
        <div className={styles.filters} data-open={filtersOpen || undefined}>
          <button type="button" className={styles.filtersToggle} aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen(!filtersOpen)}>
            {filtersOpen ? 'Скрыть фильтры' : 'Фильтры'}
          </button>
          <div id={filtersId} className={styles.filtersBody}>
            <PartsSidebar sidebar={data.sidebar} state={state} lineId={line.id} link={line.link} guest={!data.signedIn} />
          </div>
        </div>
        <div className={styles.main} data-loading={loading || undefined} aria-busy={loading || undefined}>
          {slider.length > 0 ? (
            <nav className={styles.slider} aria-label="Чертежи узлов"><DrawingThumbs thumbs={slider} current={drawing?.id ?? null} /></nav>
          ) : (
            <p className={styles.empty}>{data.sidebar.count === 0 && !drawing ? PARTS_LINE_TEXTS.noParts : PARTS_LINE_TEXTS.noDrawings}</p>
          )}

          {drawing === null ? null : <DrawingWorkspace key={drawing.id} drawing={drawing} signedIn={data.signedIn} />}

          {list ? (
            <section aria-labelledby="parts-list-title" className={styles.list}>
              <div className={styles.bar}>
                <h2 id="parts-list-title" className={styles.listTitle}>{`Найдено: ${partsLabel(list.total)}`}</h2>
                <label className={styles.sort}>
                  <span>Сортировка</span>
                  <select value={state.sortOrder} onChange={(e) => { void navigate(href({ sortOrder: e.target.value as PartsSortOrder, page: 1 }), { preventScrollReset: true }); }}>
                    {data.sortOrders.map((o) => <option key={o} value={o}>{PARTS_SORT_LABELS[o]}</option>)}
                  </select>
                </label>
              </div>
              <PartRows rows={list.rows} signedIn={data.signedIn} drawingLink={(r: PartRowView) => `${href({ drawing: r.drawingId, page: 1 })}#callout-${r.callout}`} />
              {list.pageCount > 1 ? (
                <nav aria-label="Страницы" className={styles.pages}>
                  <ul>
                    {pageWindow(list.page, list.pageCount).map((p, i) => (
                      <li key={p ?? `gap-${i}`}>
                        {p === null ? <span aria-hidden="true">…</span>
                          : <Link to={href({ page: p })} aria-current={p === list.page ? 'page' : undefined} aria-label={`Страница ${p}`}>{p}</Link>}
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null}
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The line's drawings, the one shown marked. */
function DrawingThumbs({ thumbs, current }: { thumbs: PartsLinePageData['slider']; current: number | null }) {
  return (
    <ul>
      {thumbs.map((d) => (
        <li key={d.id}>
          <Link to={d.link} className={styles.thumb} aria-current={current === d.id ? 'page' : undefined} preventScrollReset data-testid={`drawing-${d.id}`}>
            <img src={d.image} width={d.width} height={d.height} alt="" loading="lazy" decoding="async" />
            <span className={styles.thumbTitle}>{d.title}</span>
            <span className={styles.thumbCount}>{partsLabel(d.count)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
