import { z } from 'zod';
import type { SupplierFileState, SupplierMatch } from '#app/.server/db/schema.ts';

/* What the cabinet's price-list screens exchange (issue 32 §2, §5–§7, ADR 096). */

export const FILE_STATE_LABELS: Record<SupplierFileState, string> = {
  received: 'Получен',
  processing: 'Обрабатывается',
  held: 'Ждёт подтверждения',
  published: 'Опубликован',
  failed: 'Не обработан',
};

export const FILE_SOURCE_LABELS: Record<'upload' | 'mail' | 'api', string> = { upload: 'Загрузка', mail: 'Почта', api: 'API' };

export const MATCH_LABELS: Record<SupplierMatch, string> = {
  manual: 'вручную',
  code_brand: 'номер и бренд',
  code: 'номер',
  analog: 'через аналог',
};

export const FILES_PAGE_SIZE = 30;
export const POSITIONS_PAGE_SIZE = 50;

export const POSITION_FILTERS = ['unmatched', 'problems', 'matched'] as const;
export type PositionFilter = (typeof POSITION_FILTERS)[number];
export const POSITION_FILTER_LABELS: Record<PositionFilter, string> = { unmatched: 'Не сопоставлены', problems: 'С ошибками', matched: 'Сопоставлены' };

const page = z.string().regex(/^[1-9][0-9]{0,5}$/).transform(Number).optional().catch(undefined).transform((n) => n ?? 1);

/** `?page=` of a list: anything malformed is the first page. */
export const listPageQuery = z.object({ page });

/** `?show=&q=&page=` of a file's positions. */
export const positionsQuery = z.object({
  show: z.enum(POSITION_FILTERS).optional().catch(undefined),
  q: z.string().max(100).optional().catch(undefined).transform((s) => s?.replace(/[\u0000-\u001f\u007f]/g, '').trim() || undefined),
  page,
});
export type PositionsQuery = z.infer<typeof positionsQuery>;

export interface FileRow {
  id: number; name: string; source: 'upload' | 'mail' | 'api'; kind: 'full' | 'delta'; state: SupplierFileState;
  rowsTotal: number; rowsMatched: number; rowsBad: number; sizeBytes: number; createdAt: string; publishedAt: string | null;
}

export interface PositionRow {
  rowNumber: number; code: string; brand: string; name: string; price: number | null; currency: string | null;
  stock: number | null; leadTimeDays: number | null; problems: string[];
  part: { id: number; code: string; name: string; link: string } | null; matchedBy: SupplierMatch | null;
}

export const INTAKE_MESSAGES = {
  notFound: 'Файл не найден',
  partCode: 'Укажите номер детали из нашего каталога',
  partNotFound: 'В каталоге нет детали с таким номером',
  partAmbiguous: 'Этот номер есть у нескольких производителей: укажите номер вместе с брендом, например «RE59754 John Deere»',
  matched: 'Позиция сопоставлена; так же сопоставим её в следующих прайс-листах',
  published: 'Прайс-лист опубликован: предложения видны в каталоге',
  alreadyPublished: 'Этот прайс-лист уже опубликован',
  failed: 'Этот файл не обработан: опубликовать нечего',
} as const;

/** The manual match form: a row of the file and our part's number (with its brand, when several makers have it). */
export const manualMatchInput = z.object({
  row: z.string().regex(/^[1-9][0-9]{0,8}$/, INTAKE_MESSAGES.notFound).transform(Number),
  part: z.string().max(120, INTAKE_MESSAGES.partCode).transform((s) => s.replace(/[\u0000-\u001f\u007f]/g, ' ').trim()).pipe(z.string().min(1, INTAKE_MESSAGES.partCode)),
});

/** A price list's largest file (the reading refuses archives that unpack to more, ADR 094). */
export const PRICE_LIST_MAX_BYTES = 200 * 1024 * 1024;
export const PRICE_LIST_ACCEPT = '.csv,.txt,.xlsx,.xls,.zip,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,application/zip';
export const UPLOAD_API_PATH = '/api/suppliers/files';

export const UPLOAD_MESSAGES = {
  noFile: 'Выберите файл прайс-листа',
  tooLarge: 'Файл больше 200 МБ: разделите прайс-лист или пришлите его в ZIP',
  empty: 'Файл пустой',
  failed: 'Не удалось загрузить файл. Попробуйте ещё раз',
  network: 'Связь прервалась: файл не загружен. Попробуйте ещё раз',
  notAllowed: 'Загрузка файлов для вашей организации не открыта: обратитесь к менеджеру',
  noOrganisation: 'Ваша учётная запись не привязана к организации поставщика',
} as const;

export const uploadKindInput = z.enum(['full', 'delta']).catch('full');
