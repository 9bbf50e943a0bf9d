import { useEffect, useRef, useState } from 'react';
import { IconChevronLeft, IconChevronRight } from '#app/components/ui/icons.tsx';
import type { ModelCardView } from '../../catalog.schema.ts';
import { ModelCard } from '../../ui/ModelCard.tsx';
import { modelActions } from './ModelActions.tsx';
import styles from './ModelSlider.module.css';

/** Slides whose images load at once: a desktop's first screenful. */
const EAGER_SLIDES = 4;

/**
 * The models of a line in a row that scrolls sideways (CSS scroll snap): swipe on a phone, the
 * arrow buttons or the keyboard (the row takes focus; ← and → scroll it) on a desktop.
 */
export function ModelSlider({ title, models, selectedId = null, guest }: { title: string; models: ModelCardView[]; selectedId?: number | null; guest: boolean }) {
  const row = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });

  const update = () => {
    const el = row.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  };
  useEffect(update, [models]);

  // Spec §4: the current model (the chosen one, else the first) is marked and scrolled into view.
  useEffect(() => {
    const el = row.current;
    const item = el?.querySelector<HTMLElement>('[data-selected]');
    if (el && item && item.offsetLeft > el.clientWidth) el.scrollLeft = item.offsetLeft - el.offsetLeft;
  }, [selectedId]);

  const step = (direction: 1 | -1) => {
    const el = row.current;
    if (!el) return;
    const card = el.querySelector('li');
    const by = card ? card.getBoundingClientRect().width + 16 : el.clientWidth * 0.8;
    el.scrollBy({ left: direction * by, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };

  if (!models.length) return null;
  return (
    <section className={styles.slider} aria-labelledby="model-slider-title">
      <div className={styles.head}>
        <h2 id="model-slider-title" className={styles.title}>{title}</h2>
        <div className={styles.arrows}>
          <button type="button" className={styles.arrow} aria-label="Предыдущие модели" disabled={edges.start} onClick={() => step(-1)}><IconChevronLeft size={20} /></button>
          <button type="button" className={styles.arrow} aria-label="Следующие модели" disabled={edges.end} onClick={() => step(1)}><IconChevronRight size={20} /></button>
        </div>
      </div>
      {/* A scrolling region must be reachable by keyboard to be scrolled with the arrow keys. */}
      <ul ref={row} className={styles.row} tabIndex={0} aria-label={title} onScroll={update}>
        {models.map((m, i) => (
          <li key={m.id} className={styles.item} data-selected={m.id === selectedId || undefined}>
            <ModelCard model={m} guest={guest} eager={i < EAGER_SLIDES} headingLevel={3} actions={modelActions(m)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
