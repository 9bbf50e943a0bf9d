import { describe, expect, it } from 'vitest';
import { LEAD_MOVES, leadMoveRefusal, leadRequestLetter, leadSubject, offerRequestLetter, pageCount, pageNumber } from './leads.rules.ts';
import { LEAD_STATUSES, LEAD_WORK_MESSAGES, offerRequestInput, offerRequestThanks, parseAmountMinor } from './leads.schema.ts';

const row = {
  id: 42, modelName: 'Беларус 82.1', modelCode: 'MTZ-821', modelUrl: 'https://shop.example/catalog/traktory/belarus-82-1',
  branchName: 'Смоленск', name: 'Пётр', phone: '79123456789', email: null, comment: '', createdAt: new Date('2026-03-02T09:30:00Z'),
};

describe('offerRequestLetter', () => {
  it('names the request, the model with its page, the branch and the contacts, in plain text', () => {
    const letter = offerRequestLetter(row);
    expect(letter.subject).toBe('Запрос КП №42: Беларус 82.1 — Пётр');
    expect(letter.text.split('\n')).toEqual([
      'Запрос коммерческого предложения с сайта.',
      '',
      'Модель: Беларус 82.1 (код товара MTZ-821)',
      'Страница модели: https://shop.example/catalog/traktory/belarus-82-1',
      'Филиал: Смоленск',
      '',
      'Имя: Пётр',
      'Телефон: +7 (912) 345-67-89',
      'E-mail: не указан',
      'Комментарий: нет',
      'Получено: 02.03.2026, 12:30:00 (МСК)',
      '',
      'Номер запроса: 42. Подготовьте предложение и свяжитесь с клиентом в рабочее время филиала.',
    ]);
  });

  it('still reads when the model is gone from the catalogue and no branch serves the region', () => {
    const letter = offerRequestLetter({ ...row, modelName: null, modelCode: null, modelUrl: null, branchName: null, email: 'p@farm.test', comment: 'Лизинг' });
    expect(letter.subject).toBe('Запрос КП №42: модель удалена из каталога — Пётр');
    expect(letter.text).toContain('Модель: модель удалена из каталога\nФилиал: не определён');
    expect(letter.text).toContain('E-mail: p@farm.test\nКомментарий: Лизинг');
  });
});

describe('the list\'s pages', () => {
  it('reads ?page= as a positive whole number, anything else as the first page', () => {
    expect(pageNumber('3')).toBe(3);
    for (const raw of [null, '', '0', '-1', '1.5', 'abc', '03', '1e3', '9999999']) expect(pageNumber(raw), String(raw)).toBe(1);
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(30, 30)).toBe(1);
    expect(pageCount(31, 30)).toBe(2);
  });
});

describe('the request form\'s schema and confirmation', () => {
  it('keeps the phone as digits and the e-mail and comment empty when left out', () => {
    const parsed = offerRequestInput.parse({ modelId: '7', name: ' Пётр ', phone: '+7 (912) 345-67-89', acceptGDPR: 'on' });
    expect(parsed).toEqual({ modelId: 7, name: 'Пётр', phone: '79123456789', email: '', comment: '', acceptGDPR: 'on' });
  });

  it('confirms with the number, the branch and the model', () => {
    expect(offerRequestThanks({ id: 12, modelName: 'Беларус 82.1', branchName: 'Смоленск' }))
      .toBe('Запрос № 12 принят. Менеджер филиала «Смоленск» подготовит коммерческое предложение на Беларус 82.1 и свяжется с вами в рабочее время.');
    expect(offerRequestThanks({ id: 12, modelName: 'Беларус 82.1', branchName: null }))
      .toBe('Запрос № 12 принят. Менеджер подготовит коммерческое предложение на Беларус 82.1 и свяжется с вами в рабочее время.');
  });
});

describe('the work states (ADR 078)', () => {
  it('move new → in work → done, reject from new or in work with a reason, and take a closed request back into work', () => {
    expect(leadMoveRefusal('new', 'in_work', '')).toBeNull();
    expect(leadMoveRefusal('in_work', 'done', '')).toBeNull();
    expect(leadMoveRefusal('done', 'in_work', '')).toBeNull();
    expect(leadMoveRefusal('rejected', 'in_work', '')).toBeNull();
    expect(leadMoveRefusal('new', 'rejected', 'дубль')).toBeNull();
    expect(leadMoveRefusal('in_work', 'rejected', ' ')).toEqual({ status: 400, message: LEAD_WORK_MESSAGES.reasonRequired });
    for (const [from, to] of [['new', 'done'], ['new', 'new'], ['done', 'rejected'], ['rejected', 'done'], ['in_work', 'new'], ['done', 'done']] as const) {
      expect(leadMoveRefusal(from, to, 'причина'), `${from} → ${to}`).toEqual({ status: 409, message: LEAD_WORK_MESSAGES.badMove });
    }
    for (const from of LEAD_STATUSES) expect(LEAD_MOVES[from]).not.toContain(from);
  });
});

describe('parseAmountMinor', () => {
  it.each([
    ['12 500 000', 1_250_000_000], ['12500000,5', 1_250_000_050], ['0', 0], ['1\u00a0000.99', 100_099], ['10 000 000 000', 1_000_000_000_000],
  ])('reads %j as %d', (text, minor) => expect(parseAmountMinor(text)).toBe(minor));
  it.each(['', '-1', '1e6', '0x10', '1,2,3', '1.234', '10 000 000 001', 'сто', '١٢'])('refuses %j', (text) => expect(parseAmountMinor(text)).toBeNull());
});

describe('the branch\'s letter of a service or financing request', () => {
  const base = { id: 42, modelName: 'John Deere 8R', branchName: 'Смоленск', name: 'Сергей', phone: '79201112233', email: null, comment: '', createdAt: new Date('2026-11-28T09:00:00Z'), adminUrl: 'https://shop.example/admin/leads/42' };
  it('names the machine, the serial number, the trouble and where to work it', () => {
    const letter = leadRequestLetter({ ...base, kind: 'service', service: { serial: '', problem: 'Течёт гидравлика' }, financing: null });
    expect(letter.subject).toBe('Заявка Сервис №42: John Deere 8R — Сергей');
    expect(letter.text).toContain('Серийный номер: не указан');
    expect(letter.text).toContain('Что случилось: Течёт гидравлика');
    expect(letter.text).toContain('Телефон: +7 (920) 111-22-33');
    expect(letter.text).toContain('https://shop.example/admin/leads/42');
  });
  it('names the financing terms in the visitor\'s currency', () => {
    const letter = leadRequestLetter({ ...base, kind: 'financing', service: null, financing: { type: 'credit', price: 500_000_000, advance: 0, termMonths: 24, currency: 'KZT' } });
    expect(letter.text).toContain('Вид: Кредит');
    expect(letter.text).toContain('Стоимость: 5\u00a0000\u00a0000\u00a0₸');
    expect(letter.text).toContain('Аванс: 0\u00a0₸');
    expect(letter.text).toContain('Срок: 24 мес.');
    expect(leadSubject({ kind: 'financing', model: { id: null, name: 'Horsch', code: null }, service: null, financing: { type: 'leasing', price: 100, advance: 0, termMonths: 12, currency: 'RUB' } }))
      .toBe('Лизинг: Horsch, 1\u00a0руб., аванс 0\u00a0руб., 12 мес.');
  });
});
