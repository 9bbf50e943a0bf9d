import { useState } from 'react';
import { Form } from 'react-router';
import styles from '#app/components/backoffice/kit.module.css';
import { MoneyField } from '#app/components/backoffice/MoneyField.tsx';
import type { ModelOption } from '../model-options.schema.ts';
import ed from './model-options-editor.module.css';

function freeId(options: readonly ModelOption[]): string {
  const taken = new Set(options.map((o) => o.id));
  let n = options.length + 1;
  while (taken.has(`o${n}`)) n++;
  return `o${n}`;
}

/**
 * A model's options for offers (ADR 102), edited in the page and posted whole as JSON; the server
 * checks them with the same schema (ids, prices in kopecks, the rules between them).
 */
export function ModelOptionsEditor({ initial, csrf, busy }: { initial: ModelOption[]; csrf: string; busy: boolean }) {
  const [options, setOptions] = useState<ModelOption[]>(initial);
  const set = (i: number, o: ModelOption) => setOptions((list) => list.map((x, j) => (j === i ? o : x)));
  const others = (o: ModelOption) => options.filter((x) => x.id !== o.id);
  const picked = (e: React.ChangeEvent<HTMLSelectElement>) => [...e.currentTarget.selectedOptions].map((x) => x.value);
  const move = (i: number, by: -1 | 1) => setOptions((list) => {
    const next = [...list];
    const j = i + by;
    if (j < 0 || j >= next.length) return list;
    [next[i], next[j]] = [next[j]!, next[i]!];
    return next;
  });
  return (
    <Form method="post" className={ed.editor} aria-label="Опции модели">
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="options" value={JSON.stringify(options)} />
      <fieldset className={ed.box} disabled={busy}>
        {options.length === 0 ? <p className={styles.muted}>Опций нет: модель придёт в предложение без них.</p> : null}
        {options.map((o, i) => (
          <div key={o.id} className={ed.option} data-testid="model-option">
            <label className={`${ed.field} ${ed.name}`}><span>Опция *</span>
              <input value={o.name} required maxLength={200} onChange={(e) => set(i, { ...o, name: e.currentTarget.value })} />
            </label>
            <MoneyField className={`${ed.field} ${ed.price}`} label="Цена, руб." value={o.price} onChange={(price) => set(i, { ...o, price })} />
            <label className={ed.check}><input type="checkbox" checked={o.required} onChange={(e) => set(i, { ...o, required: e.currentTarget.checked })} /> обязательна</label>
            {others(o).length ? (
              <>
                <label className={ed.field}><span>Требует</span>
                  <select multiple value={o.requires} onChange={(e) => { const v = picked(e); set(i, { ...o, requires: v, excludes: o.excludes.filter((x) => !v.includes(x)) }); }}>
                    {others(o).map((x) => <option key={x.id} value={x.id}>{x.name || x.id}</option>)}
                  </select>
                </label>
                <label className={ed.field}><span>Несовместима с</span>
                  <select multiple value={o.excludes} onChange={(e) => { const v = picked(e); set(i, { ...o, excludes: v, requires: o.requires.filter((x) => !v.includes(x)) }); }}>
                    {others(o).map((x) => <option key={x.id} value={x.id}>{x.name || x.id}</option>)}
                  </select>
                </label>
              </>
            ) : null}
            <span className={ed.buttons}>
              <button type="button" className="btn btn-secondary" aria-label={`Выше: ${o.name || o.id}`} disabled={i === 0} onClick={() => move(i, -1)}>↑</button>
              <button type="button" className="btn btn-secondary" aria-label={`Ниже: ${o.name || o.id}`} disabled={i === options.length - 1} onClick={() => move(i, 1)}>↓</button>
              <button type="button" className="btn btn-secondary" onClick={() => setOptions((list) => list.filter((x) => x.id !== o.id)
                .map((x) => ({ ...x, requires: x.requires.filter((r) => r !== o.id), excludes: x.excludes.filter((r) => r !== o.id) })))}>Убрать опцию</button>
            </span>
          </div>
        ))}
        <p className={ed.buttons}>
          <button type="button" className="btn btn-secondary" onClick={() => setOptions((list) => [...list, { id: freeId(list), name: '', price: 0, required: false, requires: [], excludes: [] }])}>+ Опция</button>
        </p>
      </fieldset>
      <p className={ed.buttons}><button type="submit" className="btn btn-brand" disabled={busy}>Сохранить опции</button></p>
    </Form>
  );
}
