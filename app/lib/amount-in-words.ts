import { plural } from './plural.ts';

/** The currencies whose amounts are written in words: invoices are issued in roubles and tenge. */
export type WordsCurrency = 'RUB' | 'KZT';

type Gender = 'm' | 'f';

/** A unit's grammatical gender and its three forms (one, few, many): 1 рубль, 2 рубля, 5 рублей. */
interface Unit { gender: Gender; forms: [string, string, string] }

const UNITS: Record<WordsCurrency, { major: Unit; minor: Unit }> = {
  RUB: { major: { gender: 'm', forms: ['рубль', 'рубля', 'рублей'] }, minor: { gender: 'f', forms: ['копейка', 'копейки', 'копеек'] } },
  // Тенге does not decline; тиын declines as a masculine noun.
  KZT: { major: { gender: 'm', forms: ['тенге', 'тенге', 'тенге'] }, minor: { gender: 'm', forms: ['тиын', 'тиына', 'тиынов'] } },
};

/** Thousands are feminine (одна тысяча, две тысячи), millions and above masculine. */
const SCALES: Unit[] = [
  { gender: 'f', forms: ['тысяча', 'тысячи', 'тысяч'] },
  { gender: 'm', forms: ['миллион', 'миллиона', 'миллионов'] },
  { gender: 'm', forms: ['миллиард', 'миллиарда', 'миллиардов'] },
  { gender: 'm', forms: ['триллион', 'триллиона', 'триллионов'] },
];

const ONES_M = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const ONES_F = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать'];
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'];
const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'];

/** 0..999 in words for a noun of `gender` ('' for 0). */
function triadWords(n: number, gender: Gender): string[] {
  const words: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) words.push(HUNDREDS[h]!);
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!);
  else {
    const t = Math.floor(rest / 10);
    const o = rest % 10;
    if (t) words.push(TENS[t]!);
    if (o) words.push((gender === 'f' ? ONES_F : ONES_M)[o]!);
  }
  return words;
}

const formOf = (n: number, unit: Unit) => plural(n, ...unit.forms);

/**
 * A whole number with its noun in words, the numeral agreeing with the noun's gender and the noun
 * with the number: (1, рубль) 'один рубль', (2, копейка) 'две копейки', (21 000, …) 'двадцать одна
 * тысяча …', (0, рубль) 'ноль рублей'.
 */
export function countInWords(n: number, unit: Unit): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Не целое неотрицательное число: ${n}`);
  if (n === 0) return `ноль ${unit.forms[2]}`;
  if (n >= 1000 ** (SCALES.length + 1)) throw new RangeError(`Слишком большое число: ${n}`);
  const words: string[] = [];
  let rest = n;
  const triads: number[] = [];
  while (rest > 0) {
    triads.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  }
  for (let i = triads.length - 1; i >= 1; i--) {
    const triad = triads[i]!;
    if (!triad) continue;
    const scale = SCALES[i - 1]!;
    words.push(...triadWords(triad, scale.gender), formOf(triad, scale));
  }
  words.push(...triadWords(triads[0]!, unit.gender), formOf(triads[0]!, unit));
  return words.join(' ');
}

/**
 * An amount in minor units written out as an invoice's 'сумма прописью', capitalised:
 * 123456 RUB → 'Одна тысяча двести тридцать четыре рубля пятьдесят шесть копеек';
 * with `minor: 'digits'` the kopecks stay two digits ('… рубля 56 копеек').
 */
export function amountInWords(minor: number, currency: WordsCurrency, options: { minor?: 'words' | 'digits' } = {}): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`Сумма должна быть целым неотрицательным числом копеек: ${minor}`);
  const units = UNITS[currency];
  const major = Math.floor(minor / 100);
  const cents = minor % 100;
  const minorPart = options.minor === 'digits'
    ? `${String(cents).padStart(2, '0')} ${formOf(cents, units.minor)}`
    : countInWords(cents, units.minor);
  const text = `${countInWords(major, units.major)} ${minorPart}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
