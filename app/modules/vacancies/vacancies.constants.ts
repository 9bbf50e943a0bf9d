/** The vacancies' addresses, limits and page-cache keys (ADR 092); zod-free, for the pages' scripts. */

export const VACANCIES_PATH = '/vacancies';
export const VACANCIES_TITLE = 'Вакансии';

/** The query keys `/vacancies` is kept by in the page cache (its filters). */
export const VACANCIES_QUERY_KEYS = ['city', 'direction'] as const;

/** One CV of at most 10 MB. */
export const CV_MAX_BYTES = 10 * 1024 * 1024;
export const CV_MAX_FILES = 1;
/** What the file field's picker offers (the server checks the content whatever the name). */
export const CV_ACCEPT = '.pdf,.doc,.docx,.rtf,.odt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/rtf,application/vnd.oasis.opendocument.text';

/** The apply request: one CV and the form's fields (server/app.ts body limits). */
export const APPLY_BODY_BYTES = CV_MAX_BYTES + 256 * 1024;

export const APPLY_PATH = '/api/vacancies/apply';
