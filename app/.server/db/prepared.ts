/**
 * Statements sent on every page view, kept prepared on each PostgreSQL connection (ADR 052). The
 * server plans a statement each time it is sent unnamed; a named one is parsed once per connection
 * and, after a few executions, run on a generic plan: the session's statement with its facts
 * (session.ts) took longer to plan than to run. Only statements whose text is fixed are named —
 * each name stays prepared on every connection of the pool for its lifetime.
 */
const names = new Map<string, string>();
/** A bound on distinct statements, in case a caller's text is not as fixed as it thought. */
const MAX_PREPARED = 32;

/** Marks a statement's SQL text to be sent as a named, prepared statement. */
export function keepPrepared(sql: string): void {
  if (!names.has(sql) && names.size < MAX_PREPARED) names.set(sql, `kept_${names.size}`);
}

/** The name of a statement kept prepared, or undefined. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

interface QueryClient {
  query(...args: unknown[]): unknown;
}

const NAMING = Symbol('naming');

/**
 * A pooled client of `pg` that sends the statements kept prepared by name (`pg` then parses each
 * once per connection). Everything else passes as it is.
 */
export function nameKeptStatements<C extends QueryClient>(client: C): C {
  const marked = client as C & { [NAMING]?: true };
  if (marked[NAMING]) return client;
  const query = client.query.bind(client);
  marked.query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' ? preparedName(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
  marked[NAMING] = true;
  return client;
}
