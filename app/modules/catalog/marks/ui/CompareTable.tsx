import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { PriceBlock } from '../../ui/PriceBlock.tsx';
import { MARKS_MESSAGES } from '../marks.constants.ts';
import { compareLink, rowDiffers, visibleRows } from '../marks.rules.ts';
import type { CompareGroup, ComparePageData } from '../marks.schema.ts';
import { addSharedToCompare, useMarks } from './use-marks.ts';
import styles from './CompareTable.module.css';

/** The 'Убрать' button of a model, found by its product code (focus goes there after a removal). */
const removeButton = (code: string) => document.querySelector<HTMLElement>(`[data-compare-remove="${CSS.escape(code)}"]`);

/**
 * The comparison (`/compare/{codes}`): one table per technique type, models side by side,
 * 'Только различия' hides the rows where all models agree. The first column stays while the table
 * scrolls sideways (phones). Opened from a shared address, its models join the visitor's own
 * comparison (ADR 072).
 */
export function CompareTable({ data, origin }: { data: ComparePageData; origin: string }) {
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const navigate = useNavigate();
  const marks = useMarks();
  const toggleId = useId();
  const shareUrl = `${origin}${compareLink(data.codes)}`;
  const codesKey = data.codes.join(',');
  /** After 'Убрать': the model whose button takes the focus once the table is shown again ('' — the first left). */
  const focusAfter = useRef<string | null>(null);
  /** The address changed by 'Убрать', not by another shared link: nothing joins the visitor's comparison. */
  const removing = useRef(false);

  async function remove(modelId: number, code: string) {
    const models = data.groups.find((g) => g.models.some((m) => m.id === modelId))?.models ?? [];
    const at = models.findIndex((m) => m.id === modelId);
    // The model that moves into the removed one's place, else the one before it.
    focusAfter.current = (models[at + 1] ?? models[at - 1])?.productCode ?? '';
    removing.current = true;
    // Out of the visitor's own comparison (if there) and out of the address.
    await marks.set('compare', modelId, false);
    await navigate(compareLink(data.codes.filter((c) => c !== code)), { replace: true, preventScrollReset: true });
  }

  // Focus stays in the comparison: the removed model's button is gone with it.
  useEffect(() => {
    const code = focusAfter.current;
    if (code === null) return;
    focusAfter.current = null;
    const target = (code ? removeButton(code) : null)
      ?? document.querySelector<HTMLElement>('[data-compare-remove]')
      ?? document.querySelector<HTMLElement>('[data-compare-empty]');
    target?.focus();
  }, [codesKey]);

  const joinShared = useEffectEvent(() => {
    if (removing.current) {
      removing.current = false;
      return;
    }
    void addSharedToCompare(data.groups.flatMap((g) => g.models.map((m) => m.id)));
  });
  // Once the visitor's marks are known, and for every other address the page shows.
  useEffect(() => {
    if (marks.loaded) joinShared();
  }, [marks.loaded, codesKey]);

  return (
    <>
      {data.notices.length ? (
        <ul className={styles.notices} role="status">
          {data.notices.map((n) => <li key={n}>{n}</li>)}
        </ul>
      ) : null}
      {data.groups.length === 0 ? (
        <div className={styles.empty}>
          <p>{MARKS_MESSAGES.compareEmpty}</p>
          <Link to="/catalog" className="btn btn-brand" data-compare-empty="">Перейти в каталог</Link>
        </div>
      ) : (
        <>
          <div className={styles.toolbar}>
            <label className={styles.toggle} htmlFor={toggleId}>
              <input id={toggleId} type="checkbox" checked={onlyDifferences} onChange={(e) => setOnlyDifferences(e.target.checked)} />
              Только различия
            </label>
            <p className={styles.share}>
              Ссылка на это сравнение: <a href={compareLink(data.codes)} data-testid="compare-share">{shareUrl}</a>
            </p>
          </div>
          {data.groups.map((g) => (
            <GroupTable key={g.typeId} group={g} single={data.groups.length === 1} onlyDifferences={onlyDifferences} withPrices={data.withPrices} onRemove={remove} />
          ))}
        </>
      )}
    </>
  );
}

function GroupTable({ group, single, onlyDifferences, withPrices, onRemove }: {
  group: CompareGroup; single: boolean; onlyDifferences: boolean; withPrices: boolean;
  onRemove: (modelId: number, code: string) => Promise<void>;
}) {
  const titleId = useId();
  const rows = visibleRows(group.rows, onlyDifferences);
  return (
    <section className={styles.group} aria-labelledby={titleId} data-testid="compare-group">
      <h2 id={titleId} className={single ? 'visually-hidden' : styles.groupTitle}>{group.typeName} ({group.models.length})</h2>
      {/* Focusable so that keyboard users can scroll it sideways. */}
      <div className={styles.scroller} tabIndex={0} role="region" aria-label={`Таблица сравнения: ${group.typeName}`} data-testid="compare-scroller">
        <table className={styles.table} style={{ '--cols': group.models.length } as React.CSSProperties}>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Характеристика</span>
                {!onlyDifferences && group.models.length > 1 ? <p className={styles.muted} aria-hidden="true">Строки, где модели различаются, выделены цветом</p> : null}
              </th>
              {group.models.map((m) => (
                <th key={m.id} scope="col">
                  <div className={styles.model}>
                    {m.image ? <img src={m.image.src} width={m.image.width} height={m.image.height} alt="" loading="lazy" decoding="async" /> : null}
                    <Link to={m.link}>{m.name}</Link>
                    <p className={styles.muted}>{m.manufacturer.name} · {m.productCode}</p>
                    <PriceBlock offer={m.offer} inStock={m.inStock} guest={!withPrices} />
                    <button type="button" className={styles.remove} onClick={() => void onRemove(m.id, m.productCode)} aria-label={`Убрать ${m.name} из сравнения`} data-compare-remove={m.productCode}>
                      Убрать
                    </button>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.specId} data-differs={!onlyDifferences && rowDiffers(r) ? '' : undefined}>
                <th scope="row">{r.name}</th>
                {r.values.map((v, i) => <td key={group.models[i]!.id}>{v ?? '—'}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className={styles.noRows}>{onlyDifferences ? 'Различий в характеристиках нет' : 'Характеристики не указаны'}</p> : null}
      </div>
    </section>
  );
}
