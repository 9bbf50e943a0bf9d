import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles } from './import-cycles.ts';
import { MODULE_DEPENDENCIES } from './module-dependencies.js';

const root = join(import.meta.dirname, '..');

/** The rows of docs/architecture.md's table under 'Allowed dependencies': module → the modules it may import. */
function documentedTable(): Record<string, string[]> {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const section = doc.split('### Allowed dependencies')[1]?.split(/\n#{2,3} /)[0] ?? '';
  const rows = section.split('\n').filter((line) => /^\| `[a-z]+` \|/.test(line));
  return Object.fromEntries(rows.map((line) => {
    const [, module, mayImport] = line.split('|').map((cell) => cell.trim());
    return [module!.replaceAll('`', ''), [...mayImport!.matchAll(/`([a-z]+)`/g)].map((m) => m[1]!)];
  }));
}

describe('the allowed dependencies between modules', () => {
  it('name every module of app/modules, and only those', () => {
    const modules = readdirSync(join(root, 'app/modules'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(Object.keys(MODULE_DEPENDENCIES).sort()).toEqual(modules.sort());
    for (const targets of Object.values(MODULE_DEPENDENCIES)) for (const target of targets) expect(modules).toContain(target);
  });

  it('form no cycle: a module never depends on itself through others', () => {
    const graph = new Map(Object.entries(MODULE_DEPENDENCIES).map(([module, targets]) => [module, [...targets]]));
    expect(findCycles(graph)).toEqual([]);
  });

  it('are the table of docs/architecture.md, row for row', () => {
    const table = Object.fromEntries(Object.entries(MODULE_DEPENDENCIES).map(([module, targets]) => [module, [...targets].sort()]));
    const documented = Object.fromEntries(Object.entries(documentedTable()).map(([module, targets]) => [module, targets.sort()]));
    expect(documented).toEqual(table);
  });
});
