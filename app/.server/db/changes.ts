/**
 * What a process hears about changes to the data it keeps in memory (ADR 070). Every statement that
 * writes a watched table notifies channel `data_changed` with the table's name (the triggers of
 * migration 0024), whoever wrote it: a request of this process or of another one, an import, psql.
 * Each database handle listens once: PGlite hands its own notifications over as the writing
 * statement returns; a PostgreSQL server sends them, once committed, over a connection kept for
 * listening, to every process. Kept data subscribes to its handle (`onDataChange`) and may be kept
 * only while the handle hears (`hearsChanges`): a lost listening connection drops everything kept
 * and keeps nothing until it is open again.
 */
export const CHANGES_CHANNEL = 'data_changed';

/**
 * The same connections hear channel `job_enqueued` (migration 0027's trigger on the job table, at
 * the enqueueing commit), so a waiting job runner starts at once (ADR 075).
 */
export const JOBS_CHANNEL = 'job_enqueued';

/** The tables whose writes are heard (migration 0024 gives each its trigger; 0035 the financing programmes', 0040 the blog's, 0044 the vacancies', 0047 the suppliers' offers). */
export const WATCHED_TABLES = [
  'region_country', 'region_area', 'region_branch',
  'catalog_category', 'catalog_banner', 'catalog_technique_type', 'catalog_manufacturer', 'catalog_model_line',
  'catalog_specification', 'catalog_model', 'catalog_model_spec', 'catalog_model_branch',
  'content_page', 'content_page_alias', 'content_promotion',
  'parts_manufacturer', 'parts_category', 'parts_part', 'parts_part_branch', 'parts_analog', 'parts_supersession',
  'parts_drawing', 'parts_drawing_position', 'parts_name',
  'delivery_terminal', 'delivery_tariff',
  'financing_programme', 'financing_terms',
  'blog_type', 'blog_tag', 'blog_article',
  'suppliers_offer',
  'vacancies_direction', 'vacancies_branch', 'vacancies_vacancy',
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

/** A table that was written, or null: anything may have changed (the listening was lost). */
export type OnDataChange = (table: WatchedTable | null) => void;

interface Watch { hears: boolean; subscribers: Set<OnDataChange>; jobWaiters: Set<() => void> }

const watches = new WeakMap<object, Watch>();

function watchOf(db: object): Watch {
  let watch = watches.get(db);
  if (!watch) watches.set(db, (watch = { hears: false, subscribers: new Set(), jobWaiters: new Set() }));
  return watch;
}

/** Whether the handle hears its data's changes now: only then may anything read through it be kept. */
export function hearsChanges(db: object): boolean {
  return watches.get(db)?.hears ?? false;
}

/** Makes `derived` (the same database through a plugin) hear what `db` hears. */
export function hearChangesOf(derived: object, db: object): void {
  watches.set(derived, watchOf(db));
}

/** Calls `onChange` after every heard change of the handle's data (and with null when listening is lost). */
export function onDataChange(db: object, onChange: OnDataChange): () => void {
  const { subscribers } = watchOf(db);
  subscribers.add(onChange);
  return () => subscribers.delete(onChange);
}

/**
 * Tells this process's subscribers that a table changed. The listeners call it; a writer of this
 * process that must read its own change at once on PostgreSQL (before the server's notification
 * comes back, a round trip later) may call it after its commit too.
 */
export function dataChanged(db: object, table: string | null): void {
  const watch = watches.get(db);
  if (!watch) return;
  const known = table === null || (WATCHED_TABLES as readonly string[]).includes(table) ? (table as WatchedTable | null) : null;
  for (const onChange of watch.subscribers) onChange(known);
}

/** Calls `onEnqueued` whenever a job is enqueued through any process (and when listening resumes: one may have been missed). */
export function onJobsEnqueued(db: object, onEnqueued: () => void): () => void {
  const { jobWaiters } = watchOf(db);
  jobWaiters.add(onEnqueued);
  return () => jobWaiters.delete(onEnqueued);
}

function jobsEnqueued(db: object): void {
  for (const wake of watches.get(db)?.jobWaiters ?? []) wake();
}

function setHearing(db: object, hears: boolean): void {
  const watch = watchOf(db);
  if (watch.hears && !hears) dataChanged(db, null);
  if (!watch.hears && hears) jobsEnqueued(db);
  watch.hears = hears;
}

/** The part of PGlite this needs. */
interface PgliteListener { listen(channel: string, callback: (payload: string) => void): Promise<unknown> }

/** PGlite: one connection, whose notifications arrive with the result of the statement that caused them. */
export async function listenOnPglite(db: object, pglite: PgliteListener): Promise<void> {
  await pglite.listen(CHANGES_CHANNEL, (table) => dataChanged(db, table));
  await pglite.listen(JOBS_CHANNEL, () => jobsEnqueued(db));
  setHearing(db, true);
}

/** The part of `pg.Client` this needs. */
interface ServerClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
}

const REOPEN_AFTER_MS = 1_000;

/**
 * PostgreSQL: a connection of its own that only listens, reopened a second after it is lost (a
 * restart, a failover, an administrator's kill). Resolves once listening (or after the first
 * attempt failed: the handle then keeps nothing until a later attempt succeeds). Returns what stops it.
 */
export async function listenOnServer(db: object, openClient: () => ServerClient): Promise<() => Promise<void>> {
  let stopped = false;
  let client: ServerClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lost = (from: ServerClient) => {
    if (client !== from) return;
    client = null;
    setHearing(db, false);
    from.end().catch(() => {});
    if (!stopped) timer = setTimeout(open, REOPEN_AFTER_MS).unref();
  };
  async function open(): Promise<void> {
    const next = openClient();
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) dataChanged(db, message.payload ?? null);
      else if (message.channel === JOBS_CHANNEL) jobsEnqueued(db);
    });
    try {
      await next.connect();
      await next.query(`listen ${JOBS_CHANNEL}`);
      await next.query(`listen ${CHANGES_CHANNEL}`);
      if (client === next && !stopped) setHearing(db, true);
    } catch {
      lost(next);
    }
  }
  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const last = client;
    client = null;
    setHearing(db, false);
    await last?.end().catch(() => {});
  };
}
