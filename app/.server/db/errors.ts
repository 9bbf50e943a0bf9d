/** PostgreSQL's error codes the app answers as values (PGlite and `pg` both carry `code`). */
const codeOf = (error: unknown): unknown => (typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined);

/** A unique index refused the row (two requests made the same thing at the same moment). */
export const isUniqueViolation = (error: unknown): boolean => codeOf(error) === '23505';

/** A foreign key refused the row: what it names does not exist (another module's row included). */
export const isForeignKeyViolation = (error: unknown): boolean => codeOf(error) === '23503';
