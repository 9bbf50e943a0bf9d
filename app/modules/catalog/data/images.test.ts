import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateModels, productCode, slugify } from './generate.ts';
import { demoImageFiles } from './image-files.ts';

const publicDir = fileURLToPath(new URL('../../../../public/', import.meta.url));

describe('demo pictures', () => {
  it('are committed as the generator draws them (run write-images.ts after changing the seeds)', () => {
    const files = demoImageFiles();
    const stale = files.filter((f) => !existsSync(publicDir + f.path) || readFileSync(publicDir + f.path, 'utf8') !== f.content).map((f) => f.path);
    expect(stale).toEqual([]);
    // No picture left over from a model that is gone.
    const expected = new Set(files.filter((f) => f.path.startsWith('images/models/')).map((f) => f.path.slice('images/models/'.length)));
    expect(readdirSync(publicDir + 'images/models').filter((name) => !expected.has(name))).toEqual([]);
  });

  it('state their size, so nothing shifts while they load', () => {
    for (const f of demoImageFiles().filter((x) => x.path.startsWith('images/models/'))) {
      expect(f.content).toMatch(/^<svg [^>]*width="640" height="480" viewBox="0 0 640 480"/);
    }
  });
});

describe('demo names', () => {
  it('make URL-safe slugs and short product codes', () => {
    expect(slugify('К-735 Премиум')).toBe('k-735-premium');
    expect(slugify('Väderstad Rapid A 400S')).toBe('vaderstad-rapid-a-400s');
    expect(productCode('К-735 Премиум')).toBe('K735P');
    expect(productCode('Torum 785')).toBe('TO785');
    expect(productCode('UX 5200 Super')).toBe('UX5200S');
  });

  it('give every model a unique code and a slug unique in its line', () => {
    const models = generateModels();
    expect(new Set(models.map((m) => m.productCode)).size).toBe(models.length);
    expect(new Set(models.map((m) => `${m.lineId}/${m.slug}`)).size).toBe(models.length);
    expect(new Set(models.map((m) => m.id)).size).toBe(models.length);
  });

  it('are the same on every run: the generator is deterministic', () => {
    expect(JSON.stringify(generateModels())).toBe(JSON.stringify(generateModels()));
  });
});
