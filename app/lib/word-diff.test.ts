import { describe, expect, it } from 'vitest';
import { changedFieldsOf, htmlToText, parseCompare, wordDiff } from './word-diff.ts';

const render = (parts: ReturnType<typeof wordDiff>) => parts.map((p) => p.op === 'same' ? p.text : p.op === 'ins' ? `{+${p.text}}` : `[-${p.text}]`).join('');

describe('the word-level difference', () => {
  it('marks the words inserted and deleted, keeping the rest', () => {
    expect(render(wordDiff('Кубань завершила уборку озимых', 'Кубань досрочно завершила уборку ячменя'))).toBe('Кубань {+досрочно }завершила уборку [-озимых]{+ячменя}');
  });
  it('keeps a word when only the punctuation after it changes', () => {
    expect(render(wordDiff('Начали сев яровых.', 'Начали сев яровых раньше обычного.'))).toBe('Начали сев яровых{+ раньше обычного}.');
  });
  it('gives one unchanged part for equal texts and handles empty sides', () => {
    expect(wordDiff('а б', 'а б')).toEqual([{ op: 'same', text: 'а б' }]);
    expect(wordDiff('', 'новый текст')).toEqual([{ op: 'ins', text: 'новый текст' }]);
    expect(wordDiff('старый', '')).toEqual([{ op: 'del', text: 'старый' }]);
    expect(wordDiff('', '')).toEqual([]);
  });
  it('puts every word of both texts back together on each side', () => {
    const a = 'раз два три четыре пять шесть';
    const b = 'ноль раз три пять шесть семь';
    const parts = wordDiff(a, b);
    expect(parts.filter((p) => p.op !== 'ins').map((p) => p.text).join('')).toBe(a);
    expect(parts.filter((p) => p.op !== 'del').map((p) => p.text).join('')).toBe(b);
  });
  it('shows a very large change as one deletion and one insertion', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    const parts = wordDiff(`начало ${a} конец`, `начало ${b} конец`);
    expect(parts.map((p) => p.op)).toEqual(['same', 'del', 'ins', 'same']);
  });
});

describe('comparing versions field by field', () => {
  it('lists only the changed fields in the labels\' order, HTML as its text', () => {
    const changes = changedFieldsOf(
      { title: 'Уборка', bodyHtml: '<p>Первый абзац</p><p>Второй</p>', tags: ['а', 'б'], slug: 'x' },
      { title: 'Уборка 2026', bodyHtml: '<p>Первый абзац</p><p>Третий</p>', tags: ['а', 'б'], slug: 'x' },
      { tags: 'Метки', title: 'Заголовок', bodyHtml: 'Текст', slug: 'Адрес' }, ['bodyHtml'],
    );
    expect(changes.map((c) => c.field)).toEqual(['title', 'bodyHtml']);
    expect(changes[1]).toMatchObject({ before: 'Первый абзац\nВторой', after: 'Первый абзац\nТретий' });
  });
  it('reads HTML as text: blocks on lines, pictures by their description, entities decoded', () => {
    expect(htmlToText('<h2>Итоги</h2><p>Зерно &amp; масло<br>2026</p><figure><img src="/x.webp" alt="Поле"></figure>')).toBe('Итоги\nЗерно & масло\n2026\n[картинка: Поле]');
  });
  it('reads ?compare=a..b', () => {
    expect(parseCompare('1..3')).toEqual([1, 3]);
    expect(parseCompare('3')).toBeNull();
    expect(parseCompare('0..2')).toBeNull();
    expect(parseCompare(null)).toBeNull();
  });
});
