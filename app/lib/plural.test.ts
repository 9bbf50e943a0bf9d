import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural', () => {
  it('picks the Russian form for the count', () => {
    const word = (n: number) => plural(n, 'модель', 'модели', 'моделей');
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map(word)).toEqual([
      'модель', 'модели', 'модели', 'моделей', 'моделей', 'моделей', 'моделей', 'модель', 'модели', 'моделей', 'модель', 'моделей',
    ]);
  });
});
