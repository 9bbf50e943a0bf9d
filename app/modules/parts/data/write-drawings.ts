/**
 * Writes the demo drawings into public/images/drawings. Run after changing drawings.ts:
 * `node app/modules/parts/data/write-drawings.ts`; drawings.test.ts fails while they differ.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DRAWING_LAYOUTS, drawingLayout } from './drawings.ts';

const dir = fileURLToPath(new URL('../../../../public/images/drawings/', import.meta.url));
mkdirSync(dir, { recursive: true });
for (const name of readdirSync(dir)) rmSync(dir + name);
let bytes = 0;
for (let no = 1; no <= DRAWING_LAYOUTS; no++) {
  const layout = drawingLayout(no);
  writeFileSync(dir + layout.path.slice(layout.path.lastIndexOf('/') + 1), layout.svg);
  bytes += Buffer.byteLength(layout.svg);
}
process.stdout.write(`${DRAWING_LAYOUTS} drawings written, ${Math.round(bytes / 1024)} KB\n`);
