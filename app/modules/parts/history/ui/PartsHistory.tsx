import { useEffect, useId, useState } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { api } from '#app/lib/api.ts';
import type { ModelCardView } from '#app/modules/catalog/catalog.schema.ts';
import type { PartsHistory as History } from '../history.schema.ts';
import styles from './PartsHistory.module.css';

interface Viewed { parts: History['parts']; lines: History['lines']; models: ModelCardView[] }

/**
 * The parts landing's 'Вы смотрели': the parts, the parts catalogues (model lines' parts pages) and
 * the machines the visitor viewed, newest first. Personal, so never part of the (cached) page: it
 * loads after hydration and shows nothing until there is something to show.
 */
export function PartsHistory() {
  const [viewed, setViewed] = useState<Viewed | null>(null);
  const titleId = useId();
  useEffect(() => {
    let current = true;
    void Promise.all([
      api<History>('GET', '/api/parts/history'),
      api<{ items: ModelCardView[] }>('GET', '/api/catalog/get-browsing-history'),
    ]).then(([own, machines]) => {
      if (!current) return;
      setViewed({
        parts: own.error_status === 'success' ? own.parts : [],
        lines: own.error_status === 'success' ? own.lines : [],
        models: machines.error_status === 'success' ? machines.items : [],
      });
    });
    return () => { current = false; };
  }, []);
  if (!viewed || !(viewed.parts.length || viewed.lines.length || viewed.models.length)) return null;
  return (
    <section className={styles.history} aria-labelledby={titleId} data-testid="parts-history">
      <h2 id={titleId} className={styles.title}>Вы смотрели</h2>
      <div className={styles.groups}>
        <Group title="Запчасти" items={viewed.parts.map((p) => ({ key: p.id, link: p.link, name: <><span className={styles.code}>{p.code}</span> {p.name}</> }))} />
        <Group title="Каталоги запчастей" items={viewed.lines.map((l) => ({ key: l.id, link: l.link, name: `Запчасти для ${l.name}`, meta: l.manufacturer }))} />
        <Group title="Техника" items={viewed.models.map((m) => ({ key: m.id, link: m.link, name: m.name, meta: m.manufacturer.name }))} />
      </div>
    </section>
  );
}

function Group({ title, items }: { title: string; items: { key: number; link: string; name: React.ReactNode; meta?: string }[] }) {
  const titleId = useId();
  if (!items.length) return null;
  return (
    <div className={styles.group}>
      <h3 id={titleId} className={styles.groupTitle}>{title}</h3>
      <ul className={styles.list} aria-labelledby={titleId}>
        {items.map((i) => (
          <li key={i.key}>
            <Link to={i.link}>{i.name}</Link>
            {i.meta ? <span className={styles.meta}>{i.meta}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
