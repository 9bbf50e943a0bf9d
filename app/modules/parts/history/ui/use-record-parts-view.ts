import { useEffect } from 'react';
import { api } from '#app/lib/api.ts';

/**
 * Reports once hydrated that the page showed a part or a line's parts catalogue, for the parts
 * landing's 'Вы смотрели' (the page may come from the page cache: its loader never sees the visitor).
 */
export function useRecordPartsView(item: { partId: number } | { lineId: number }): void {
  const key = 'partId' in item ? `part:${item.partId}` : `line:${item.lineId}`;
  useEffect(() => {
    const [kind, id] = key.split(':');
    void api('POST', '/api/parts/history/view', kind === 'part' ? { partId: Number(id) } : { lineId: Number(id) });
  }, [key]);
}
