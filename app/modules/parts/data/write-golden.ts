/**
 * Writes the golden list of part-number queries (golden.ts) into part-lookup-golden.json. Run after
 * changing the demo parts: `node app/modules/parts/data/write-golden.ts`; a test fails while it differs.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { goldenQueries } from './golden.ts';

const file = fileURLToPath(new URL('./part-lookup-golden.json', import.meta.url));
const queries = goldenQueries();
writeFileSync(file, JSON.stringify(queries, null, 1) + '\n');
process.stdout.write(`${queries.length} golden queries written\n`);
