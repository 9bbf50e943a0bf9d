import { describe, expect, it } from 'vitest';
import { bodySlots, splitBody } from './content.rules.ts';

describe('page body placeholders', () => {
  it('cuts the body at each placeholder, keeping the HTML around it', () => {
    expect(splitBody('<h2>Сервис</h2>\n<div data-slot="service-lines"></div>\n<p>Дальше</p>')).toEqual([
      { kind: 'html', html: '<h2>Сервис</h2>\n' },
      { kind: 'slot', name: 'service-lines' },
      { kind: 'html', html: '\n<p>Дальше</p>' },
    ]);
  });

  it('takes placeholders at the start, at the end and side by side', () => {
    expect(splitBody('<div data-slot="a"></div><div data-slot="b-2"> </div>')).toEqual([
      { kind: 'slot', name: 'a' }, { kind: 'slot', name: 'b-2' },
    ]);
    expect(bodySlots('<p>x</p><div data-slot="country-lines"></div>')).toEqual(['country-lines']);
  });

  it('leaves a body without placeholders whole, and any other div alone', () => {
    expect(splitBody('<p>Текст</p>')).toEqual([{ kind: 'html', html: '<p>Текст</p>' }]);
    expect(splitBody('<div data-slot="x">текст</div>')).toEqual([{ kind: 'html', html: '<div data-slot="x">текст</div>' }]);
    expect(splitBody('')).toEqual([]);
  });
});
