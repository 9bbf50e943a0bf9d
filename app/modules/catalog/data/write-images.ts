/**
 * Writes the demo pictures (models and manufacturers' logos) into public/images. Run after changing
 * the demo seeds: `node app/modules/catalog/data/write-images.ts`; images.test.ts fails while they differ.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { demoImageFiles } from './image-files.ts';

const publicDir = fileURLToPath(new URL('../../../../public/', import.meta.url));
const files = demoImageFiles();
for (const file of files) {
  mkdirSync(publicDir + file.path.slice(0, file.path.lastIndexOf('/')), { recursive: true });
  writeFileSync(publicDir + file.path, file.content);
}
process.stdout.write(`${files.length} images written\n`);
