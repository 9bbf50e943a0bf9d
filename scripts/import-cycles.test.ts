import { describe, expect, it } from 'vitest';
import { findCycles, importsOf } from './import-cycles.ts';

describe('findCycles', () => {
  it('finds a cycle through three modules and a self-import, and nothing in a tree', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a', 'e']], ['e', []], ['f', ['f']]]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['f']]);
    expect(findCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });
});

describe('importsOf', () => {
  it('skips type-only and package imports', () => {
    const source = "import type { A } from './a.ts';\nimport { b } from 'react';\nexport { c } from './import-cycles.ts';";
    expect(importsOf(`${import.meta.dirname}/x.ts`, source, '/')).toEqual([`${import.meta.dirname}/import-cycles.ts`]);
  });
});
