import { describe, expect, it } from 'vitest';
import { offerRequestLetter, pageCount, pageNumber } from './leads.rules.ts';
import { offerRequestInput, offerRequestThanks } from './leads.schema.ts';

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
