import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, FEEDBACK_MESSAGES, feedbackInput } from './content.schema.ts';

describe('spec §5 messages, verbatim', () => {
  it('pins the texts the write-us form shares with the auth forms', () => {
    expect(FEEDBACK_MESSAGES.name).toBe('Поле "Ваше Имя" не заполнено');
    expect(FEEDBACK_MESSAGES.phone).toBe('Поле "Номер телефона" содержит некорректный телефон');
    expect(FEEDBACK_MESSAGES.email).toBe('Поле "E-mail" содержит некорректный E-mail адрес');
    expect(FEEDBACK_MESSAGES.consent).toBe('Пожалуйста, подтвердите согласие');
  });
});

describe('write-us input', () => {
  const valid = { name: 'Иван', phone: '+7 (912) 345-67-89', message: 'Вопрос', acceptGDPR: true };
  const firstError = (value: object) => {
    const parsed = feedbackInput.safeParse(value);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it('accepts a phone of 11 or 12 digits and refuses 10 or 13 (spec §5)', () => {
    expect(firstError(valid)).toBeNull();
    expect(firstError({ ...valid, phone: '+375 (29) 123-45-67' })).toBeNull();
    expect(firstError({ ...valid, phone: '912 345-67-89' })).toBe('Поле "Номер телефона" содержит некорректный телефон');
    expect(firstError({ ...valid, phone: '+7 912 345-67-89 12' })).toBe('Поле "Номер телефона" содержит некорректный телефон');
  });

  it('checks the e-mail only when given, with a 2–4 letter domain ending (spec §5)', () => {
    expect(EMAIL_PATTERN.test('farmer@agro.ru')).toBe(true);
    expect(EMAIL_PATTERN.test('farmer@agro.info')).toBe(true);
    expect(EMAIL_PATTERN.test('farmer@agro.store')).toBe(false);
    expect(EMAIL_PATTERN.test('farmer@agro.r')).toBe(false);
    expect(EMAIL_PATTERN.test('farmer@agro.museum')).toBe(false);
    expect(firstError({ ...valid, email: '' })).toBeNull();
    expect(firstError({ ...valid, email: 'farmer@agro' })).toBe('Поле "E-mail" содержит некорректный E-mail адрес');
  });

  it('requires a name that is not blank and the consent', () => {
    expect(firstError({ ...valid, name: '   ' })).toBe('Поле "Ваше Имя" не заполнено');
    expect(firstError({ ...valid, acceptGDPR: false })).toBe('Пожалуйста, подтвердите согласие');
  });
});
