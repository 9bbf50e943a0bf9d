import { describe, expect, it } from 'vitest';
import { hasForbiddenChars, invalidCharsMessage, textField, withoutForbiddenChars } from './text.ts';
import { hasLoneSurrogate } from './unicode.ts';

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];

describe('text fields refuse characters nobody types', () => {
  it('names the field in the spec message style', () => {
    expect(invalidCharsMessage('Ваше Имя')).toBe('Поле "Ваше Имя" содержит недопустимые символы');
  });

  it('refuses C0 controls, DEL and lone surrogates; tab and line breaks only in multi-line texts', () => {
    for (const ch of CONTROLS) {
      expect(hasForbiddenChars(`a${ch}b`), JSON.stringify(ch)).toBe(true);
      expect(hasForbiddenChars(`a${ch}b`, { multiline: true }), JSON.stringify(ch)).toBe(true);
    }
    for (const ch of ['\t', '\n', '\r']) {
      expect(hasForbiddenChars(`a${ch}b`)).toBe(true);
      expect(hasForbiddenChars(`a${ch}b`, { multiline: true })).toBe(false);
    }
    expect(hasForbiddenChars('a\ud800b')).toBe(true);
    expect(hasForbiddenChars('a\udc00')).toBe(true);
    expect(hasForbiddenChars('Иван 😀 «Агро» — №5')).toBe(false);
  });

  it('the check comes first, so its message wins over the field’s own rules', () => {
    const name = textField('Ваше Имя', { error: 'Поле "Ваше Имя" не заполнено' }).trim().min(1, 'Поле "Ваше Имя" не заполнено');
    const parsed = name.safeParse('\u0000');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['Поле "Ваше Имя" содержит недопустимые символы']);
    expect(name.safeParse(42).error?.issues[0]?.message).toBe('Поле "Ваше Имя" не заполнено');
    expect(name.parse('  Иван  ')).toBe('Иван');
  });
});

describe('hasLoneSurrogate', () => {
  it('finds a surrogate without its pair, wherever it is', () => {
    expect(hasLoneSurrogate('😀 ok')).toBe(false);
    expect(hasLoneSurrogate('')).toBe(false);
    for (const bad of ['\ud800', 'a\ud83d', '\ude00a', '\ude00\ud83d', 'ok\ud83d\ud83d\ude00']) expect(hasLoneSurrogate(bad), JSON.stringify(bad)).toBe(true);
  });
});

describe('withoutForbiddenChars', () => {
  it('drops what nobody types and keeps the rest of a name from another service', () => {
    expect(withoutForbiddenChars('Иван\u0000 Петров\u0007', 120)).toBe('Иван Петров');
    expect(withoutForbiddenChars('Ann\ud800a', 120)).toBe('Anna');
    expect(withoutForbiddenChars('  Тест 😀  ', 120)).toBe('Тест 😀');
    expect(withoutForbiddenChars('я'.repeat(200), 120)).toHaveLength(120);
    expect(withoutForbiddenChars('\u0000\u0001', 120)).toBe('');
    expect(hasLoneSurrogate(withoutForbiddenChars(`${'я'.repeat(119)}😀`, 120))).toBe(false);
  });
});
