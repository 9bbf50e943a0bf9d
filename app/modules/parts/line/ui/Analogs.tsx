import { useState } from 'react';
import { api } from '#app/lib/api.ts';
import { plural } from '#app/lib/plural.ts';
import type { PartHit, PartSearchResult } from '../../parts.schema.ts';
import styles from './PartRows.module.css';

const RELATION_LABELS: Partial<Record<PartHit['relation'], string>> = { analog: 'аналог', replacement: 'замена', replaced: 'заменённый номер' };

/** 'Аналоги: N': opened, asks the part-number lookup (GET /api/parts/search) for the part's analogs and replacements. */
export function Analogs({ code, count }: { code: string; count: number }) {
  const [state, setState] = useState<{ kind: 'idle' | 'loading' } | { kind: 'done'; hits: PartHit[] } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const load = async () => {
    if (state.kind !== 'idle') return;
    setState({ kind: 'loading' });
    const result = await api<PartSearchResult>('GET', `/api/parts/search?q=${encodeURIComponent(code)}&limit=20`);
    if (result.error_status !== 'success') setState({ kind: 'error', message: result.message });
    else setState({ kind: 'done', hits: result.hits.filter((h) => h.relation !== 'exact' && h.relation !== 'near') });
  };
  return (
    <details className={styles.analogs} onToggle={(e) => { if ((e.currentTarget as HTMLDetailsElement).open) void load(); }}>
      <summary>{`${count} ${plural(count, 'аналог', 'аналога', 'аналогов')}`}</summary>
      {state.kind === 'loading' ? <p aria-busy="true">Загрузка…</p> : null}
      {state.kind === 'error' ? <p role="alert">{state.message}</p> : null}
      {state.kind === 'done' ? (
        <ul>
          {state.hits.map((h) => (
            <li key={h.id}><span className={styles.code}>{h.code}</span> {h.name} ({h.manufacturer.name}{RELATION_LABELS[h.relation] ? `, ${RELATION_LABELS[h.relation]}` : ''})</li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
