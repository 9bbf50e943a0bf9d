import { Suspense, useId, useState } from 'react';
import { Await } from 'react-router';
import { api } from '#app/lib/api.ts';
import type { ModelCardView } from '../../catalog.schema.ts';
import { ModelCard } from '../../ui/ModelCard.tsx';
import { similarQueryString } from '../model.rules.ts';
import type { SimilarFeatures, SimilarModelsFilter } from '../model.schema.ts';
import styles from './ModelPage.module.css';

/**
 * 'Похожие модели' (issue point 9). The list streams in with the page (deferred in the loader), so
 * the top of the page paints without waiting for it; its box is reserved meanwhile. 'Подобрать по
 * характеристикам' narrows the list through the similar-models endpoints.
 */
export function SimilarModels({ modelId, similar, guest }: { modelId: number; similar: Promise<ModelCardView[]> | ModelCardView[]; guest: boolean }) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="similar-models">
      <h2 id={titleId} className={styles.sectionTitle}>Похожие модели</h2>
      <Suspense fallback={<SimilarSkeleton />}>
        <Await resolve={similar} errorElement={<p className={styles.muted}>Не удалось загрузить похожие модели. Обновите страницу.</p>}>
          {(items) => <SimilarList modelId={modelId} initial={items} guest={guest} />}
        </Await>
      </Suspense>
    </section>
  );
}

function SimilarSkeleton() {
  return (
    <ul className={styles.similarRow} aria-busy="true" aria-label="Загружаем похожие модели">
      {[0, 1, 2, 3].map((i) => <li key={i} className={styles.skeleton} />)}
    </ul>
  );
}

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string };

function SimilarList({ modelId, initial, guest }: { modelId: number; initial: ModelCardView[]; guest: boolean }) {
  const [items, setItems] = useState(initial);
  const [features, setFeatures] = useState<SimilarFeatures | null>(null);
  const [filter, setFilter] = useState<SimilarModelsFilter>({});
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function loadFeatures() {
    if (features) return;
    const r = await api<SimilarFeatures>('GET', `/api/models/get-similar-models-features-filter?modelId=${modelId}`);
    if (r.error_status === 'success') setFeatures(r);
    else setState({ kind: 'error', message: r.message });
  }

  async function apply(next: SimilarModelsFilter) {
    setFilter(next);
    setState({ kind: 'loading' });
    const r = await api<{ models: ModelCardView[] }>('GET', `/api/models/get-similar-models?${similarQueryString(modelId, next)}`);
    if (r.error_status === 'success') {
      setItems(r.models);
      setState({ kind: 'idle' });
    } else setState({ kind: 'error', message: r.message });
  }

  const chosenSpecs = filter.specifications ?? features?.specifications.map((s) => s.id) ?? [];
  const toggleSpec = (id: number) => {
    const set = new Set(chosenSpecs);
    if (set.has(id)) set.delete(id); else set.add(id);
    void apply({ ...filter, specifications: [...set] });
  };

  return (
    <>
      <details className={styles.similarFilter} onToggle={(e) => { if (e.currentTarget.open) void loadFeatures(); }}>
        <summary>Подобрать по характеристикам</summary>
        {features ? (
          <fieldset className={styles.filterBody}>
            <legend className="visually-hidden">Что должно совпадать</legend>
            {features.specifications.map((s) => (
              <label key={s.id} className={styles.check}>
                <input type="checkbox" checked={chosenSpecs.includes(s.id)} onChange={() => toggleSpec(s.id)} />
                {`${s.name}: около ${s.value}`}
              </label>
            ))}
            <label className={styles.check}>
              <input type="checkbox" checked={filter.inStock ?? false} onChange={(e) => void apply({ ...filter, inStock: e.currentTarget.checked })} />
              {`Только в наличии в вашем филиале (${features.inStock.count})`}
            </label>
            <label className={styles.check}>
              <input type="checkbox" checked={filter.sameManufacturer ?? false} onChange={(e) => void apply({ ...filter, sameManufacturer: e.currentTarget.checked })} />
              {`Того же производителя (${features.sameManufacturer.count})`}
            </label>
          </fieldset>
        ) : <p className={styles.muted}>Загружаем характеристики…</p>}
      </details>
      {state.kind === 'error' ? <p role="alert" className={styles.error}>{state.message}</p> : null}
      <div aria-live="polite" aria-busy={state.kind === 'loading'} className={state.kind === 'loading' ? styles.dim : undefined}>
        {items.length ? (
          <ul className={styles.similarRow}>
            {items.map((m) => <li key={m.id}><ModelCard model={m} guest={guest} /></li>)}
          </ul>
        ) : <p className={styles.muted}>Похожих моделей с такими условиями нет. Снимите часть условий подбора.</p>}
      </div>
    </>
  );
}
