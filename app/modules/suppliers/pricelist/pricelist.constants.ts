/*
 * Price lists of suppliers (issue 32 §3–§4, ADR 094): the limits a file is read within, the fields a
 * row is mapped to, and the codes of the check with their Russian labels. Isomorphic: the cabinet's
 * screens show the same labels.
 */

/** Limits of reading; every one can be lowered per call (tests do) but not switched off. */
export const PRICE_LIST_LIMITS = {
  /** The file as received (an upload, a letter's attachment, an API body). */
  maxBytes: 200 * 1024 * 1024,
  /** Columns of a row once its empty cells at the end are dropped. */
  maxColumns: 100,
  /** Characters of one row (all its cells). */
  maxRowChars: 64 * 1024,
  /** Characters of one cell; longer text is cut. */
  maxCellChars: 4 * 1024,
  /** What a ZIP archive (or an XLSX's own parts) may unpack to, all entries together. */
  maxUncompressedBytes: 1024 * 1024 * 1024,
  /** Entries of a ZIP archive (an XLSX has its own parts: a few dozen). */
  maxZipEntries: 200,
  /** An XLSX part expanding more than this many times its compressed size is a bomb. */
  maxCompressionRatio: 200,
  /** An .xls is read whole (the format allows no streaming): its size is capped lower. */
  maxXlsBytes: 20 * 1024 * 1024,
  /** Text of an XLSX's shared-strings part (they are kept in memory while the sheet is read). */
  maxSharedStringsBytes: 256 * 1024 * 1024,
  /** Rows handed on at once. */
  chunkRows: 500,
  /** Longest stretch of work before the reader gives the event loop a turn. */
  sliceMs: 40,
} as const;
export type PriceListLimits = { -readonly [K in keyof typeof PRICE_LIST_LIMITS]: number };

/** Rows searched for the header at the top of a sheet. */
export const HEADER_SEARCH_ROWS = 30;
/** Rows a preview shows. */
export const PREVIEW_ROWS = 10;
/** Longest name kept of a position. */
export const MAX_NAME_LENGTH = 500;
/** Longest code and brand kept. */
export const MAX_CODE_LENGTH = 100;
/** Highest price accepted, in kopecks (ten billion in the list's currency). */
export const MAX_PRICE_MINOR = 1_000_000_000_000;
/** Highest stock, multiplicity or minimum order taken as a number. */
export const MAX_QUANTITY = 10_000_000;
/** Longest lead time in days. */
export const MAX_LEAD_DAYS = 365;

export const PRICE_LIST_FIELDS = ['code', 'brand', 'name', 'price', 'stock', 'multiplicity', 'minOrder', 'currency', 'leadTime'] as const;
export type PriceListField = (typeof PRICE_LIST_FIELDS)[number];
/** Without these a list cannot be read. */
export const REQUIRED_FIELDS: readonly PriceListField[] = ['code', 'price'];

export const FIELD_LABELS: Record<PriceListField, string> = {
  code: 'Код (артикул)',
  brand: 'Бренд',
  name: 'Наименование',
  price: 'Цена',
  stock: 'Остаток',
  multiplicity: 'Кратность',
  minOrder: 'Минимальный заказ',
  currency: 'Валюта',
  leadTime: 'Срок поставки',
};

export const PRICE_LIST_CURRENCIES = ['RUB', 'KZT', 'USD', 'EUR', 'CNY'] as const;
export type PriceListCurrency = (typeof PRICE_LIST_CURRENCIES)[number];

/** A full list replaces the supplier's whole offer; a delta file changes the rows it names. */
export const PRICE_LIST_KINDS = ['full', 'delta'] as const;
export type PriceListKind = (typeof PRICE_LIST_KINDS)[number];
export const KIND_LABELS: Record<PriceListKind, string> = { full: 'Полный прайс-лист', delta: 'Изменения (дельта)' };

/** Problems of the whole file: nothing of it is published. */
export const FILE_CODES = [
  'bad_type', 'bad_encoding', 'nul_bytes', 'layout_changed', 'mapping', 'too_many_columns', 'row_too_long', 'too_large',
  'zip_bomb', 'no_header', 'empty',
] as const;
export type FileCode = (typeof FILE_CODES)[number];

export const FILE_CODE_LABELS: Record<FileCode, string> = {
  bad_type: 'Тип файла не поддерживается: нужен CSV, TXT, XLSX, XLS или ZIP с ними',
  bad_encoding: 'Кодировка текста не распознана: сохраните файл в UTF-8 или Windows-1251',
  nul_bytes: 'В тексте есть нулевые байты (NUL): файл повреждён или это не текст',
  layout_changed: 'Раскладка файла изменилась: колонки шаблона не найдены, проверьте сопоставление колонок',
  mapping: 'Колонки сопоставлены неверно: не хватает обязательных или одна колонка указана дважды',
  too_many_columns: 'Слишком много колонок',
  row_too_long: 'Слишком длинная строка: вероятно, не закрыта кавычка',
  too_large: 'Файл слишком большой',
  zip_bomb: 'Архив распаковывается в слишком большой объём или содержит слишком много файлов',
  no_header: 'Не найдена строка заголовков (код, цена…) в первых 30 строках',
  empty: 'В файле нет строк с позициями',
};

/** Problems of one row: errors keep the row out, warnings let it through. */
export const ROW_ERROR_CODES = ['empty_code', 'bad_price', 'negative_price', 'unknown_currency', 'duplicate', 'row_too_long'] as const;
export const ROW_WARNING_CODES = ['unknown_brand', 'price_jump', 'bad_stock', 'bad_multiplicity', 'bad_lead_time'] as const;
export const ROW_CODES = [...ROW_ERROR_CODES, ...ROW_WARNING_CODES] as const;
export type RowErrorCode = (typeof ROW_ERROR_CODES)[number];
export type RowCode = (typeof ROW_CODES)[number];

export const ROW_CODE_LABELS: Record<RowCode, string> = {
  empty_code: 'Не указан код (артикул)',
  bad_price: 'Цена не указана или не число',
  negative_price: 'Цена отрицательная или нулевая',
  unknown_currency: 'Валюта не распознана',
  duplicate: 'Повтор: этот код с этим брендом уже был в файле',
  row_too_long: 'Строка слишком длинная или в ней слишком много колонок',
  unknown_brand: 'Бренд не известен',
  price_jump: 'Цена изменилась сильнее порога',
  bad_stock: 'Остаток не распознан',
  bad_multiplicity: 'Кратность или минимальный заказ не распознаны: взята 1',
  bad_lead_time: 'Срок поставки не распознан',
};

export function isRowError(code: RowCode): code is RowErrorCode {
  return (ROW_ERROR_CODES as readonly string[]).includes(code);
}

/** A row's price moving by more than this percent from the supplier's current one is a jump. */
export const DEFAULT_PRICE_JUMP_PERCENT = 30;

/**
 * Thresholds of publishing by itself where the organisation sets none; its `autoPublishMaxChange`
 * (ADR 091) is `maxPriceJumpPercent`.
 */
export const DEFAULT_PUBLISH_THRESHOLDS = {
  maxErrorPercent: 5,
  maxPriceJumpPercent: 10,
  maxUnknownBrandPercent: 20,
  maxShrinkPercent: 30,
} as const;

/** Why a list waits for a person instead of publishing by itself. */
export const HOLD_REASONS = ['file_problem', 'empty', 'too_many_errors', 'too_many_price_jumps', 'too_many_unknown_brands', 'list_shrank'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  file_problem: 'Файл не прочитан',
  empty: 'В файле нет ни одной годной позиции',
  too_many_errors: 'Слишком много строк с ошибками',
  too_many_price_jumps: 'Слишком много цен изменилось сильнее порога',
  too_many_unknown_brands: 'Слишком много неизвестных брендов',
  list_shrank: 'Полный прайс-лист заметно короче прошлого',
};
