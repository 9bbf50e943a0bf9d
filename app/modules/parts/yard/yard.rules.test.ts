import { describe, expect, it } from 'vitest';
import { MACHINES_LIMIT, SERIAL_MAX_LENGTH, YARD_MESSAGES as M } from './yard.constants.ts';
import { chosenModelId, machinePartsLink, machineTitle, maxYearOf, normalizeSerial, pickModel, serialProblem } from './yard.rules.ts';
import { machineApiInput, machineFormInput, machineIdInput, serialField } from './yard.schema.ts';

describe('serial numbers', () => {
  it('are kept trimmed, with single spaces, in capitals', () => {
    expect(normalizeSerial('  ab-123   cd ')).toBe('AB-123 CD');
    expect(normalizeSerial('кх 0042')).toBe('КХ 0042');
  });

  it('are letters, digits, dashes and spaces, 1 to 32 of them', () => {
    expect(serialProblem('')).toBe('required');
    expect(serialProblem('A'.repeat(SERIAL_MAX_LENGTH))).toBeNull();
    expect(serialProblem('A'.repeat(SERIAL_MAX_LENGTH + 1))).toBe('tooLong');
    for (const bad of ['A/1', 'A_1', 'A.1', '№12', '---', '- -', 'A<script>']) expect(serialProblem(bad), bad).toBe('chars');
    for (const good of ['20240123', 'RE-504836', 'ЯМЗ 238', 'Z-']) expect(serialProblem(good), good).toBeNull();
  });

  it('are checked by the one field schema, control characters first', () => {
    expect(serialField.parse('  sn 1 ')).toBe('SN 1');
    const message = (v: unknown) => serialField.safeParse(v).error?.issues[0]?.message;
    expect(message('A\u00001')).toBe('Поле "Серийный номер" содержит недопустимые символы');
    expect(message('A\t1')).toBe('Поле "Серийный номер" содержит недопустимые символы');
    expect(message('   ')).toBe(M.serialRequired);
    expect(message('A'.repeat(33))).toBe(M.serialTooLong);
    expect(message('A'.repeat(1_000_000))).toBe(M.serialTooLong);
    expect(message('A/1')).toBe(M.serialChars);
    expect(message(42)).toBe(M.serialRequired);
    expect(message(['A1'])).toBe(M.serialRequired);
  });
});

describe('the form', () => {
  const schema = machineFormInput(2027);
  const base = { modelId: '12', modelQuery: 'Беларус 82.1', modelTitle: 'Беларус 82.1', serial: 'a1', year: '', name: '' };

  it('gives the values the use-cases take', () => {
    expect(schema.parse(base)).toEqual({ modelId: 12, modelQuery: 'Беларус 82.1', modelTitle: 'Беларус 82.1', serial: 'A1', year: null, name: null });
    expect(schema.parse({ ...base, year: '2027', name: '  Синий   трактор ' })).toMatchObject({ year: 2027, name: 'Синий трактор' });
    // Without a chosen model the typed name is enough for the server to find it.
    expect(schema.parse({ ...base, modelId: '' })).toMatchObject({ modelId: null, modelQuery: 'Беларус 82.1' });
  });

  it('says what is wrong with each field at once', () => {
    const result = schema.safeParse({ modelId: '', modelQuery: '', modelTitle: '', serial: '', year: '1949', name: 'Я'.repeat(81) });
    const byField = Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(byField).toEqual({ modelQuery: M.modelRequired, serial: M.serialRequired, year: M.year(2027), name: M.nameTooLong });
  });

  it(`takes years from 1950 to the next one`, () => {
    for (const year of ['1950', '2027', ' 2000 ']) expect(schema.safeParse({ ...base, year }).success, year).toBe(true);
    for (const year of ['1949', '2028', '20.5', '2e3', '-2000', '02000', 'abc', '99999999999999999999']) {
      expect(schema.safeParse({ ...base, year }).error?.issues[0]?.message, year).toBe(M.year(2027));
    }
    expect(maxYearOf(new Date('2026-11-23T04:00:00Z'))).toBe(2027);
  });

  it('refuses a model id that is not a plain positive number', () => {
    for (const modelId of ['0', '-1', '1.5', '0x10', '99999999999', 'abc', ['1']]) {
      expect(schema.safeParse({ ...base, modelId }).success, String(modelId)).toBe(false);
    }
  });
});

describe('the API input', () => {
  const schema = machineApiInput(2027);
  it('takes the model by id', () => {
    expect(schema.parse({ modelId: 5, serial: 'x-1', year: 2001, name: null })).toEqual({ modelId: 5, serial: 'X-1', year: 2001, name: null });
    expect(schema.parse({ modelId: '5', serial: 'x-1' })).toEqual({ modelId: 5, serial: 'X-1', year: null, name: null });
    for (const modelId of [undefined, null, 0, 1.5, 1e20, '5a', [5], Array.from({ length: 10_000 }, () => 1)]) {
      expect(schema.safeParse({ modelId, serial: 'X' }).error?.issues[0]?.message).toBe(M.badModelId);
    }
  });
  it('and machine ids strictly', () => {
    expect(machineIdInput.safeParse('17').data).toBe(17);
    for (const id of ['', '0', '017', '1e3', '2147483648', '99999999999999999999', 'abc\u0000']) expect(machineIdInput.safeParse(id).success, id).toBe(false);
  });
});

describe('where a machine\'s parts are', () => {
  it('is the line\'s parts page filtered to its serial number and model', () => {
    expect(machinePartsLink({ manufacturerSlug: 'mtz', lineSlug: 'belarus-80', modelSlug: 'belarus-82-1', serial: 'AB 12/3' }))
      .toBe('/zapchasti/mtz/belarus-80?serial=AB%2012%2F3&models[]=belarus-82-1');
  });
  it('and a machine is called by its own name, else its model\'s', () => {
    expect(machineTitle({ name: 'Синий', modelName: 'К-744Р3' })).toBe('Синий');
    expect(machineTitle({ name: null, modelName: 'К-744Р3' })).toBe('К-744Р3');
  });
});

describe('the model a typed name means', () => {
  const choices = [
    { id: 1, title: 'К-744Р3', subtitle: 'Кировец' },
    { id: 2, title: 'К-744Р3 Премиум', subtitle: 'Кировец' },
    { id: 3, title: 'К-525', subtitle: 'Кировец' },
  ];
  it('is the one named so (case, spaces and dashes aside), or the only one found', () => {
    expect(pickModel('к 744р3', choices)).toEqual({ kind: 'one', id: 1 });
    expect(pickModel('Премиум', [choices[1]!])).toEqual({ kind: 'one', id: 2 });
  });
  it('is chosen by the person otherwise', () => {
    expect(pickModel('К-7', choices)).toEqual({ kind: 'choose', choices });
    expect(pickModel('Т-150', [])).toEqual({ kind: 'none' });
  });
  it('is the chosen one while its name stays in the box, else found by the name typed', () => {
    expect(chosenModelId({ modelId: 7, modelQuery: 'к-744р3', modelTitle: 'К-744Р3' })).toBe(7);
    expect(chosenModelId({ modelId: 7, modelQuery: '', modelTitle: 'К-744Р3' })).toBe(7);
    expect(chosenModelId({ modelId: 7, modelQuery: 'К-525', modelTitle: 'К-744Р3' })).toBeNull();
    expect(chosenModelId({ modelId: null, modelQuery: 'К-525', modelTitle: '' })).toBeNull();
    // Picked among several offered for the typed name (a radio without scripts).
    expect(chosenModelId({ modelId: 9, modelQuery: 'К-7', modelTitle: '' })).toBe(9);
  });
  it(`and the limit is ${MACHINES_LIMIT}`, () => {
    expect(M.limit).toContain(String(MACHINES_LIMIT));
  });
});
