import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type { Carrier } from './delivery.constants.ts';

/*
 * The delivery module's tables (migration 0016) are read with typed raw SQL rather than through
 * the shared `Database` interface: they are the module's own and nothing else reads them (ADR 039).
 */

export interface TerminalRow {
  id: number;
  carrier: Carrier;
  code: string;
  country: 'RU' | 'KZ';
  city: string;
  address: string;
  lat: number;
  lng: number;
}

export async function selectTerminals(db: DB): Promise<TerminalRow[]> {
  const { rows } = await sql<TerminalRow>`select id, carrier, code, country, city, address, lat, lng from delivery_terminal order by id`.execute(db);
  return rows;
}
