import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Inserts many rows as one JSON parameter, skipping those whose key exists: how the demo seeds write
 * thousands of rows in one statement. `columns` is the record type of jsonb_to_recordset: the
 * table's columns with their SQL types (constants in the code, never input).
 */
export async function insertJson(db: Transaction<Database> | Kysely<Database>, table: string, columns: string, rows: object[]): Promise<void> {
  if (!rows.length) return;
  const names = columns.split(',').map((c) => c.trim().split(' ')[0]!).join(', ');
  await sql`insert into ${sql.table(table)} (${sql.raw(names)})
    select ${sql.raw(names)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(columns)})
    on conflict do nothing`.execute(db);
}
