import { describe, expect, it } from 'vitest';
import { firstInvalidField, invalidSubmitAnnouncement, sameValues, standingFieldErrors } from './form.rules.ts';

describe('firstInvalidField: where focus goes after a refused submit', () => {
  it('is the first field on the page that has a message, not the first in the schema', () => {
    expect(firstInvalidField(['name', 'phone', 'acceptGDPR', 'captchaToken'], { captchaToken: 'x', phone: 'y' })).toBe('phone');
  });
  it('skips a message of a field the page does not show', () => {
    expect(firstInvalidField(['email', 'password'], { pageUrl: 'x' })).toBeNull();
    expect(firstInvalidField(['email', 'password'], { pageUrl: 'x', password: 'y' })).toBe('password');
  });
});

describe('invalidSubmitAnnouncement: what the live region says', () => {
  it('one message: nothing was sent, and why', () => {
    expect(invalidSubmitAnnouncement(['Поле "E-mail" содержит некорректный E-mail адрес'])).toBe('Форма не отправлена. Поле "E-mail" содержит некорректный E-mail адрес');
  });
  it('several: how many, and the first', () => {
    expect(invalidSubmitAnnouncement(['Поле "Ваше Имя" не заполнено', 'Примите "Политику конфиденциальности"'])).toBe('Форма не отправлена, исправьте поля: 2. Поле "Ваше Имя" не заполнено');
  });
  it('nothing to say when there is no message', () => {
    expect(invalidSubmitAnnouncement([])).toBe('');
  });
});

describe('sameValues: a server message stays only while the values it was about stand', () => {
  it('is true while the fields are unchanged and false once one of them changes', () => {
    const sent = { email: 'a@b.ru', password: 'secret1', captchaToken: 't' };
    expect(sameValues(sent, { ...sent, captchaToken: '' }, ['email', 'password'])).toBe(true);
    expect(sameValues(sent, { ...sent, password: 'secret2' }, ['email', 'password'])).toBe(false);
  });
});

describe('standingFieldErrors: server messages per field go as their field is edited', () => {
  it('keeps only the fields still holding what was sent', () => {
    const sent = { phone: '7912', email: 'x' };
    expect(standingFieldErrors({ phone: 'Неверный номер', email: 'Неверный e-mail' }, sent, { phone: '7912', email: 'x@y.ru' })).toEqual({ phone: 'Неверный номер' });
  });
});
