import { describe, expect, it } from 'vitest';
import { keepPrepared, nameKeptStatements, preparedName } from './prepared.ts';

describe('statements kept prepared', () => {
  it('sends a kept statement by its name with its values, anything else as it came', () => {
    const sent: unknown[][] = [];
    const client = nameKeptStatements({ query: (...args: unknown[]) => { sent.push(args); return 'result'; } });
    keepPrepared('select 1 where $1::int = 1');
    expect(client.query('select 1 where $1::int = 1', [1])).toBe('result');
    client.query('select 2', []);
    const cursor = { submit() {} };
    client.query(cursor);
    expect(sent).toEqual([
      [{ name: preparedName('select 1 where $1::int = 1'), text: 'select 1 where $1::int = 1', values: [1] }],
      ['select 2', []],
      [cursor],
    ]);
    expect(preparedName('select 1 where $1::int = 1')).toMatch(/^kept_\d+$/);
  });

  it('names a text once, and a client once however often the pool hands it out', () => {
    keepPrepared('select 3');
    const name = preparedName('select 3');
    keepPrepared('select 3');
    expect(preparedName('select 3')).toBe(name);
    const sent: unknown[] = [];
    const client = { query: (...args: unknown[]) => sent.push(args) };
    nameKeptStatements(nameKeptStatements(client));
    client.query('select 3', []);
    expect(sent).toEqual([[{ name, text: 'select 3', values: [] }]]);
  });
});
