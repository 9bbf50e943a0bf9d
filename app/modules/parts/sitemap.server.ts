import { sql } from 'kysely';
import type { AppServices } from '#app/.server/context.ts';
import { partLink } from './pages/part-link.rules.ts';

/**
 * Part pages for search engines. A sitemap file holds at most 50,000 addresses (the sitemaps.org
 * protocol), and a dealer's parts run to a million: the parts are listed in files by id range —
 * file n holds the ids (n−1)·50,000+1 … n·50,000 — so that a file is one index range scan, its
 * address stays the same while parts are added, and no file ever needs an offset.
 */
export const PART_SITEMAP_SIZE = 50_000;
/** Ids are 32-bit integers: no file number beyond this can hold a part. */
const MAX_FILE = Math.ceil(2_147_483_647 / PART_SITEMAP_SIZE);

/** The numbers of the files that hold at least one part: one index probe per possible file. */
export async function partSitemapFiles(services: AppServices): Promise<number[]> {
  const { rows } = await sql<{ n: number }>`
    select n::int as n
    from generate_series(1, (select coalesce(max(id), 0) from parts_part) / ${PART_SITEMAP_SIZE} + 1) n
    where exists (select 1 from parts_part p where p.id > (n - 1) * ${PART_SITEMAP_SIZE} and p.id <= n * ${PART_SITEMAP_SIZE})
    order by n`.execute(services.db);
  return rows.map((r) => r.n);
}

/** The part pages of file n, in id order; none for a number no file can have. */
export async function partSitemapPaths(services: AppServices, file: number): Promise<string[]> {
  if (!Number.isSafeInteger(file) || file < 1 || file > MAX_FILE) return [];
  const { rows } = await sql<{ id: number; code: string }>`
    select id, code from parts_part
    where id > ${(file - 1) * PART_SITEMAP_SIZE} and id <= ${file * PART_SITEMAP_SIZE}
    order by id`.execute(services.db);
  return rows.map(partLink);
}
