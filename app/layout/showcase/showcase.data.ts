import { readSort, sortField } from '#app/components/backoffice/sort.rules.ts';
import { z } from '#app/lib/zod.ts';

/*
 * The sample list of /demo/index (ADR 079): made-up orders, never read from the database, so the
 * page shows the data table's states (sorted, filtered, paged, empty) and tells nobody anything.
 * Its address works as a real list's does: `sort`, `status` and `page`, each whitelisted.
 */

export const SAMPLE_STATUSES = { new: 'Новый', in_work: 'В работе', issued: 'Выдан', cancelled: 'Отменён' } as const;
export type SampleStatus = keyof typeof SAMPLE_STATUSES;

export interface SampleOrder {
  number: string;
  createdAt: string;
  name: string;
  phone: string;
  email: string;
  branch: string;
  status: Exclude<SampleStatus, 'cancelled'>;
  total: number;
  unpricedLines: number;
}

const NAMES = ['Пётр Иванов', 'ООО «Колос»', 'Анна Сергеевна Белова-Кузнецова', 'КФХ «Рассвет»', 'Игорь Лебедев', 'СПК «Нива»'];
const BRANCHES = ['Смоленск', 'Тула', 'Алматы'];
const STATUS_CYCLE = ['new', 'in_work', 'issued', 'new'] as const;

export const SAMPLE_ORDERS: readonly SampleOrder[] = Array.from({ length: 12 }, (_, i) => ({
  number: `АГ-2026-0001${String(20 + i)}`,
  createdAt: new Date(Date.UTC(2026, 10, 1 + i * 2, 6 + (i % 8), 15)).toISOString(),
  name: NAMES[i % NAMES.length]!,
  phone: `+7 900 000-00-${String(10 + i)}`,
  email: i === 2 ? 'a.belova-kuznetsova.zakupki@hozyaistvo-example.test' : `buyer${i + 1}@example.test`,
  branch: BRANCHES[i % BRANCHES.length]!,
  status: STATUS_CYCLE[i % STATUS_CYCLE.length]!,
  total: ((i * 7919) % 45 + 1) * 125_000 + (i % 3) * 50,
  unpricedLines: i % 5 === 1 ? 1 : 0,
}));

export const SAMPLE_PAGE_SIZE = 5;
export const SAMPLE_DEFAULT_SORT = '-created';

export const sampleFilter = z.object({
  status: z.enum(Object.keys(SAMPLE_STATUSES) as [SampleStatus, ...SampleStatus[]]).optional().catch(undefined),
  sort: sortField(['created', 'total'], SAMPLE_DEFAULT_SORT),
  page: z.coerce.number().int().min(1).max(100).catch(1),
});
export type SampleFilter = z.infer<typeof sampleFilter>;

/** One page of the sample list, as a server would answer it: filtered, sorted (the number breaking ties), one row more read to know of a next page. */
export function samplePage(filter: SampleFilter): { rows: SampleOrder[]; page: number; hasNext: boolean } {
  const { key, direction } = readSort<'created' | 'total'>(filter.sort);
  const sign = direction === 'asc' ? 1 : -1;
  const value = (o: SampleOrder) => (key === 'total' ? o.total : Date.parse(o.createdAt));
  const rows = SAMPLE_ORDERS.filter((o) => !filter.status || o.status === filter.status)
    .slice().sort((a, b) => sign * (value(a) - value(b) || a.number.localeCompare(b.number)));
  const start = (filter.page - 1) * SAMPLE_PAGE_SIZE;
  return { rows: rows.slice(start, start + SAMPLE_PAGE_SIZE), page: filter.page, hasNext: rows.length > start + SAMPLE_PAGE_SIZE };
}
