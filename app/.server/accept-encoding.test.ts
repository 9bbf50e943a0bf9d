import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './accept-encoding.ts';

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip'], 'br'],
    ['gzip, deflate, br, zstd', ['zstd', 'br', 'gzip'], 'zstd'],
    ['gzip, deflate, br', ['zstd', 'br', 'gzip'], 'br'],
    ['gzip, deflate', ['br', 'gzip'], 'gzip'],
    ['br;q=0.5, gzip', ['br', 'gzip'], 'gzip'],
    ['br;q=0, *', ['br', 'gzip'], 'gzip'],
    ['*;q=0', ['br', 'gzip'], null],
    ['identity', ['br', 'gzip'], null],
    ['', ['br', 'gzip'], null],
    [undefined, ['br', 'gzip'], null],
    ['GZIP', ['gzip'], 'gzip'],
    ['x-gzip', ['br', 'gzip'], 'gzip'],
    ['br', ['gzip'], null],
    ['br;q=abc, gzip;q=0.1', ['br', 'gzip'], 'gzip'],
  ] as const)('%s of %j → %s', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});
