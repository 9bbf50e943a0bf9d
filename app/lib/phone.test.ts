import { describe, expect, it } from 'vitest';
import { caretPosition, changeCountry, detectPhoneCountry, formatPhone, formatPhoneDisplay, fullPhone, isFullPhoneValid, isPhoneValid, maskSlots, maxNationalDigits, normalisePhone, phoneEdit, phoneFromPaste, pasteCarriesCode, phoneMask, phonePlaceholder, splitPhone } from '#app/lib/phone.ts';
import { formatLockTime, lockSecondsLeft, lockText } from '#app/lib/code.ts';

const ALL_FOUR = ['RU', 'KZ', 'BY', 'ALL'] as const;
const AUTH = ['RU', 'KZ'] as const;

describe('masks (spec §5)', () => {
  it('RU and KZ are (###)-###-##-##, BY (##)-###-##-##, ALL has none', () => {
    expect(phoneMask('RU')).toBe('(###)-###-##-##');
    expect(phoneMask('KZ')).toBe('(###)-###-##-##');
    expect(phoneMask('BY')).toBe('(##)-###-##-##');
    expect(phoneMask('ALL')).toBeNull();
  });

  it('counts the slots: 10 for RU/KZ, 9 for BY, 18 digits for ALL', () => {
    expect(maskSlots('(###)-###-##-##')).toBe(10);
    expect(maskSlots('(##)-###-##-##')).toBe(9);
    expect(maxNationalDigits('RU')).toBe(10);
    expect(maxNationalDigits('KZ')).toBe(10);
    expect(maxNationalDigits('BY')).toBe(9);
    expect(maxNationalDigits('ALL')).toBe(18);
  });

  it('shows the mask as underscores for the placeholder', () => {
    expect(phonePlaceholder('RU')).toBe('(___)-___-__-__');
    expect(phonePlaceholder('BY')).toBe('(__)-___-__-__');
  });
});

describe('detectPhoneCountry (spec §5)', () => {
  it('375 is BY; 76 and 77 are KZ; any other 7 is RU; else ALL', () => {
    expect(detectPhoneCountry('375291234567')).toBe('BY');
    expect(detectPhoneCountry('76123456789')).toBe('KZ');
    expect(detectPhoneCountry('77011234567')).toBe('KZ');
    expect(detectPhoneCountry('79123456789')).toBe('RU');
    expect(detectPhoneCountry('74951234567')).toBe('RU');
    expect(detectPhoneCountry('7')).toBe('RU');
    expect(detectPhoneCountry('380441234567')).toBe('ALL');
    expect(detectPhoneCountry('89123456789')).toBe('ALL');
    expect(detectPhoneCountry('')).toBe('ALL');
  });
});

describe('formatPhone: the mask applied as the user types', () => {
  it('fills RU progressively, showing a literal only once a digit follows it', () => {
    expect(formatPhone('', 'RU')).toBe('');
    expect(formatPhone('9', 'RU')).toBe('(9');
    expect(formatPhone('912', 'RU')).toBe('(912');
    expect(formatPhone('9123', 'RU')).toBe('(912)-3');
    expect(formatPhone('912345', 'RU')).toBe('(912)-345');
    expect(formatPhone('9123456', 'RU')).toBe('(912)-345-6');
    expect(formatPhone('9123456789', 'RU')).toBe('(912)-345-67-89');
  });

  it('uses the same mask for KZ and the shorter one for BY', () => {
    expect(formatPhone('7011234567', 'KZ')).toBe('(701)-123-45-67');
    expect(formatPhone('291234567', 'BY')).toBe('(29)-123-45-67');
    expect(formatPhone('291', 'BY')).toBe('(29)-1');
  });

  it('leaves ALL unmasked, at most 18 digits', () => {
    expect(formatPhone('4420123456', 'ALL')).toBe('4420123456');
    expect(formatPhone('1'.repeat(20), 'ALL')).toBe('1'.repeat(18));
  });

  it('shows digits beyond the mask after a space, so an invalid paste is visible', () => {
    expect(formatPhone('375291234567', 'RU')).toBe('(375)-291-23-45 67');
  });
});

describe('isPhoneValid (spec §5 phone input rule)', () => {
  it('requires the digit count to equal the mask slots', () => {
    expect(isPhoneValid('9123456789', 'RU', true)).toBe(true);
    expect(isPhoneValid('912345678', 'RU', true)).toBe(false);
    expect(isPhoneValid('91234567890', 'RU', true)).toBe(false);
    expect(isPhoneValid('7011234567', 'KZ', false)).toBe(true);
    expect(isPhoneValid('291234567', 'BY', true)).toBe(true);
    expect(isPhoneValid('2912345678', 'BY', true)).toBe(false);
  });

  it('checks a non-empty value even when not required', () => {
    expect(isPhoneValid('912', 'RU', false)).toBe(false);
  });

  it('empty and not required is valid; empty and required is not', () => {
    expect(isPhoneValid('', 'RU', false)).toBe(true);
    expect(isPhoneValid('', 'ALL', false)).toBe(true);
    expect(isPhoneValid('', 'RU', true)).toBe(false);
    expect(isPhoneValid('', 'ALL', true)).toBe(false);
  });

  it('ALL accepts any non-empty number up to 18 digits', () => {
    expect(isPhoneValid('1', 'ALL', true)).toBe(true);
    expect(isPhoneValid('1'.repeat(18), 'ALL', true)).toBe(true);
    expect(isPhoneValid('1'.repeat(19), 'ALL', true)).toBe(false);
  });

  it('takes digits only', () => {
    expect(isPhoneValid('912-345-67-8', 'RU', true)).toBe(false);
  });
});

describe('normalisePhone', () => {
  it('keeps digits only', () => {
    expect(normalisePhone('+7 (912) 345-67-89')).toBe('79123456789');
    expect(normalisePhone('+375 (29) 123-45-67')).toBe('375291234567');
    expect(normalisePhone('')).toBe('');
  });

  it('turns the leading 8 of an 11-digit Russian number into 7, and nothing else', () => {
    expect(normalisePhone('8 (912) 345-67-89')).toBe('79123456789');
    expect(normalisePhone('8912345678')).toBe('8912345678');
    expect(normalisePhone('891234567890')).toBe('891234567890');
  });
});

describe('full numbers (spec §5: 11 or 12 digits; auth forms RU and KZ only)', () => {
  it('joins the dialling code and the national digits; empty stays empty', () => {
    expect(fullPhone('RU', '9123456789')).toBe('79123456789');
    expect(fullPhone('KZ', '7011234567')).toBe('77011234567');
    expect(fullPhone('BY', '291234567')).toBe('375291234567');
    expect(fullPhone('ALL', '4420123456')).toBe('4420123456');
    expect(fullPhone('RU', '')).toBe('');
  });

  it('accepts 11-digit RU/KZ numbers in the auth forms and refuses BY, other countries and wrong lengths', () => {
    expect(isFullPhoneValid('79123456789', AUTH)).toBe(true);
    expect(isFullPhoneValid('77011234567', AUTH)).toBe(true);
    expect(isFullPhoneValid('375291234567', AUTH)).toBe(false);
    expect(isFullPhoneValid('375291234567', ALL_FOUR)).toBe(true);
    expect(isFullPhoneValid('7912345678', AUTH)).toBe(false);
    expect(isFullPhoneValid('791234567890', AUTH)).toBe(false);
    expect(isFullPhoneValid('3752912345678', ALL_FOUR)).toBe(false);
    expect(isFullPhoneValid('44201234567', ALL_FOUR)).toBe(false);
    expect(isFullPhoneValid('+79123456789', AUTH)).toBe(false);
  });

  it('splits a full number into country and national digits', () => {
    expect(splitPhone('79123456789', ALL_FOUR)).toEqual({ country: 'RU', national: '9123456789' });
    expect(splitPhone('77011234567', ALL_FOUR)).toEqual({ country: 'KZ', national: '7011234567' });
    expect(splitPhone('375291234567', ALL_FOUR)).toEqual({ country: 'BY', national: '291234567' });
    expect(splitPhone('4420123456', ALL_FOUR)).toEqual({ country: 'ALL', national: '4420123456' });
    expect(splitPhone('', AUTH)).toEqual({ country: 'RU', national: '' });
  });

  it('keeps the chosen one of RU and KZ, which share +7', () => {
    expect(splitPhone('79123456789', AUTH, 'KZ')).toEqual({ country: 'KZ', national: '9123456789' });
    expect(splitPhone('77011234567', AUTH, 'RU')).toEqual({ country: 'RU', national: '7011234567' });
  });

  it('keeps every digit of a number the form does not take, so it stays invalid', () => {
    const parts = splitPhone('375291234567', AUTH);
    expect(parts).toEqual({ country: 'RU', national: '375291234567' });
    expect(isPhoneValid(parts.national, parts.country, true)).toBe(false);
  });
});

describe('phoneEdit: changes of the masked field', () => {
  const empty = { country: 'RU', national: '' } as const;

  it('a typed digit edits the national part without detection', () => {
    expect(phoneEdit('(9', empty, AUTH)).toEqual({ country: 'RU', national: '9', caretDigits: 1 });
    expect(phoneEdit('(912)-3457', { country: 'RU', national: '912345' }, AUTH))
      .toEqual({ country: 'RU', national: '9123457', caretDigits: 7 });
    // A KZ national number that starts with 7 is not mistaken for a dialling code.
    expect(phoneEdit('(701)-123-45-679', { country: 'RU', national: '701123456' }, AUTH).country).toBe('RU');
  });

  it('stops typing at the mask', () => {
    expect(phoneEdit('(912)-345-67-890', { country: 'RU', national: '9123456789' }, AUTH).national).toBe('9123456789');
  });

  it('deleting a bracket or hyphen in the middle deletes the digit before it', () => {
    // '(912)-345' with the ')' deleted, caret where the bracket was.
    expect(phoneEdit('(912-345', { country: 'RU', national: '912345' }, AUTH, 4))
      .toEqual({ country: 'RU', national: '91345', caretDigits: 2 });
  });

  it('a whole number (autofill, or typed with +) is detected', () => {
    expect(phoneEdit('+7 912 345-67-89', empty, AUTH)).toEqual({ country: 'RU', national: '9123456789', caretDigits: 10 });
    expect(phoneEdit('89123456789', empty, AUTH)).toEqual({ country: 'RU', national: '9123456789', caretDigits: 10 });
    expect(phoneEdit('+375 29 123-45-67', { country: 'RU', national: '' }, ALL_FOUR).country).toBe('BY');
  });
});

describe('phoneFromPaste: auto-detection of a pasted number with its prefix', () => {
  it('detects the country from +375 / +7 when offered', () => {
    expect(phoneFromPaste('+375 (29) 123-45-67', { country: 'RU', national: '' }, ALL_FOUR)).toEqual({ country: 'BY', national: '291234567' });
    expect(phoneFromPaste('+7 701 123 45 67', { country: 'BY', national: '' }, ALL_FOUR)).toEqual({ country: 'KZ', national: '7011234567' });
    expect(phoneFromPaste('8 912 345 67 89', { country: 'ALL', national: '' }, ALL_FOUR)).toEqual({ country: 'RU', national: '9123456789' });
  });

  it('keeps a pasted national number in the chosen country', () => {
    expect(phoneFromPaste('912 345 67 89', { country: 'RU', national: '' }, AUTH)).toEqual({ country: 'RU', national: '9123456789' });
  });

  it('in the auth forms a BY or foreign number stays in RU/KZ and invalid', () => {
    const by = phoneFromPaste('+375291234567', { country: 'KZ', national: '' }, AUTH);
    expect(by.country).toBe('KZ');
    expect(isPhoneValid(by.national, by.country, true)).toBe(false);
    const uk = phoneFromPaste('+44 20 1234 5678', { country: 'RU', national: '' }, AUTH);
    expect(uk.country).toBe('RU');
    expect(isPhoneValid(uk.national, uk.country, true)).toBe(false);
  });

  it('a foreign number goes to ALL when ALL is offered', () => {
    expect(phoneFromPaste('+44 20 1234 5678', { country: 'RU', national: '' }, ALL_FOUR)).toEqual({ country: 'ALL', national: '442012345678' });
  });
});

describe('pasteCarriesCode', () => {
  it('is true for a +, more digits than the mask, or any paste into ALL', () => {
    expect(pasteCarriesCode('+7 912', 'RU')).toBe(true);
    expect(pasteCarriesCode('89123456789', 'RU')).toBe(true);
    expect(pasteCarriesCode('9123456789', 'RU')).toBe(false);
    expect(pasteCarriesCode('912', 'ALL')).toBe(true);
  });
});

describe('changeCountry', () => {
  it('keeps the national digits between masked countries', () => {
    expect(changeCountry({ country: 'RU', national: '7011234567' }, 'KZ')).toEqual({ country: 'KZ', national: '7011234567' });
  });

  it('moves the dialling code into the number for ALL, and takes it off again on the way back', () => {
    const all = changeCountry({ country: 'RU', national: '9123456789' }, 'ALL');
    expect(all).toEqual({ country: 'ALL', national: '79123456789' });
    expect(changeCountry(all, 'RU')).toEqual({ country: 'RU', national: '9123456789' });
    expect(changeCountry({ country: 'ALL', national: '375291234567' }, 'BY')).toEqual({ country: 'BY', national: '291234567' });
    expect(changeCountry({ country: 'ALL', national: '912' }, 'RU')).toEqual({ country: 'RU', national: '912' });
  });
});

describe('caretPosition', () => {
  it('puts the caret after the n-th digit of the formatted value', () => {
    expect(caretPosition('(912)-345', 0)).toBe(1);
    expect(caretPosition('(912)-345', 3)).toBe(4);
    expect(caretPosition('(912)-345', 4)).toBe(7);
    expect(caretPosition('(912)-345', 9)).toBe(9);
    expect(caretPosition('4420', 0)).toBe(0);
  });
});

describe('resend lock (spec §4, §9: 30 s counted each second)', () => {
  it('formats the remaining time as m:ss', () => {
    expect(formatLockTime(30)).toBe('0:30');
    expect(formatLockTime(5)).toBe('0:05');
    expect(formatLockTime(90)).toBe('1:30');
    expect(formatLockTime(0)).toBe('0:00');
    expect(formatLockTime(-3)).toBe('0:00');
    expect(formatLockTime(4.2)).toBe('0:05');
  });

  it('says when a new code can be requested', () => {
    expect(lockText(30)).toBe('Получить новый код можно через 0:30');
    expect(lockText(9)).toBe('Получить новый код можно через 0:09');
  });

  it('counts down from 30 in whole seconds and stops at 0', () => {
    const start = 1_000_000;
    expect(lockSecondsLeft(start, start)).toBe(30);
    expect(lockSecondsLeft(start, start + 999)).toBe(30);
    expect(lockSecondsLeft(start, start + 1000)).toBe(29);
    expect(lockSecondsLeft(start, start + 29_999)).toBe(1);
    expect(lockSecondsLeft(start, start + 30_000)).toBe(0);
    expect(lockSecondsLeft(start, start + 90_000)).toBe(0);
  });
});

describe('formatPhoneDisplay', () => {
  it.each([
    ['79124693764', '+7 (912) 469-37-64'],
    ['+7 (912) 469-37-64', '+7 (912) 469-37-64'],
    ['8 800 555-01-20', '+7 (800) 555-01-20'],
    ['+7 (4812) 12-34-56', '+7 (481) 212-34-56'],
    ['77272345678', '+7 (727) 234-56-78'],
    ['375291234567', '+375 (29) 123-45-67'],
    ['4930123456', '+4930123456'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(formatPhoneDisplay(input)).toBe(expected);
  });
});
