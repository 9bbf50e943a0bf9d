import { describe, expect, it } from 'vitest';
import { compareSerials, parseSerialInput, serialInRange, serialKey, serialRangeLabel, SERIAL_MAX_LENGTH } from './serial.rules.ts';

describe('parseSerialInput (the serial query parameter)', () => {
  it('accepts letters, digits and dashes up to 32 characters, upper-cased', () => {
    expect(parseSerialInput('20241234')).toBe('20241234');
    expect(parseSerialInput(' rw8320a-012345 ')).toBe('RW8320A-012345');
    expect(parseSerialInput('КЗ-3118')).toBe('КЗ-3118');
    expect(parseSerialInput('A'.repeat(SERIAL_MAX_LENGTH))).toBe('A'.repeat(SERIAL_MAX_LENGTH));
  });
  it('refuses empty, too long, other characters, NUL bytes and dashes alone', () => {
    for (const bad of [null, undefined, '', '   ', 'A'.repeat(SERIAL_MAX_LENGTH + 1), '123 456', '12/34', "1'; drop", '12\u000034', '---', '١٢٣']) {
      expect(parseSerialInput(bad)).toBeNull();
    }
  });
});

describe('serialKey: family and number', () => {
  it('splits at the last digit run, ignoring case, dashes and leading zeros', () => {
    expect(serialKey('20241234')).toEqual({ family: '', number: '20241234' });
    expect(serialKey('rw8320a-012345')).toEqual({ family: 'RW8320A', number: '12345' });
    expect(serialKey('KZ-0000')).toEqual({ family: 'KZ', number: '' });
    expect(serialKey('12345B')).toEqual({ family: '#B', number: '12345' });
  });
  it('has no key without digits', () => {
    expect(serialKey('ABC')).toBeNull();
    expect(serialKey('')).toBeNull();
    expect(serialKey(null)).toBeNull();
  });
});

describe('compareSerials', () => {
  it('compares numbers as numbers whatever their length', () => {
    expect(compareSerials('2024999', '20241000')).toBeLessThan(0);
    expect(compareSerials('20241000', '20240999')).toBeGreaterThan(0);
    expect(compareSerials('0042', '42')).toBe(0);
    expect(compareSerials('9'.repeat(30), `1${'0'.repeat(30)}`)).toBeLessThan(0);
  });
  it('compares within one family only', () => {
    expect(compareSerials('RW8320A012345', 'rw8320a-012346')).toBeLessThan(0);
    expect(compareSerials('RW8320A012345', 'RW8330A012345')).toBeNull();
    expect(compareSerials('A100', 'B100')).toBeNull();
    expect(compareSerials('A100', '100')).toBeNull();
    expect(compareSerials('ABC', 'ABC')).toBeNull();
  });
});

describe('serialInRange', () => {
  it('applies everywhere without a serial number or a range', () => {
    expect(serialInRange(null, '100', '200')).toBe(true);
    expect(serialInRange('150', null, null)).toBe(true);
    expect(serialInRange('150', '', '  ')).toBe(true);
  });
  it('closed ranges include both ends', () => {
    expect(serialInRange('100', '100', '200')).toBe(true);
    expect(serialInRange('200', '100', '200')).toBe(true);
    expect(serialInRange('99', '100', '200')).toBe(false);
    expect(serialInRange('201', '100', '200')).toBe(false);
  });
  it('open ranges: only from, only to (the demo: a part replaced from machine 20241234 on)', () => {
    expect(serialInRange('20241234', '20241234', null)).toBe(true);
    expect(serialInRange('20241233', '20241234', null)).toBe(false);
    expect(serialInRange('20241233', null, '20241233')).toBe(true);
    expect(serialInRange('20241234', null, '20241233')).toBe(false);
  });
  it('a bound of another family does not exclude the machine', () => {
    expect(serialInRange('B150', 'A100', 'A200')).toBe(true);
    expect(serialInRange('A250', 'A100', 'A200')).toBe(false);
    expect(serialInRange('NODIGITS', '100', '200')).toBe(true);
  });
});

describe('serialRangeLabel', () => {
  it('reads the range', () => {
    expect(serialRangeLabel('A100', 'A200')).toBe('с A100 по A200');
    expect(serialRangeLabel('20241234', null)).toBe('с 20241234');
    expect(serialRangeLabel(null, '20241233')).toBe('по 20241233');
    expect(serialRangeLabel(null, '')).toBeNull();
  });
});
