/** Phone numbers as the spec describes them (§3 phone country options, §5 phone input): masks, detection, validity. */

/** Spec §5/§9: a phone is 11 or 12 digits (RU/KZ +7 and 10 digits; BY +375 and 9 digits). */
export const PHONE_MIN_DIGITS = 11;
export const PHONE_MAX_DIGITS = 12;
/** Spec §5: 'Другая страна' accepts any non-empty number of up to 18 digits. */
export const ALL_MAX_DIGITS = 18;

export type PhoneCountry = 'RU' | 'KZ' | 'BY' | 'ALL';

export interface PhoneCountryOption {
  id: PhoneCountry;
  label: string;
  /** Dialling prefix as shown; '' for 'Другая страна', whose number is typed whole. */
  prefix: string;
}

/** Spec §3, in the order the select lists them. */
export const PHONE_COUNTRIES: readonly PhoneCountryOption[] = [
  { id: 'RU', label: 'Россия', prefix: '+7' },
  { id: 'KZ', label: 'Казахстан', prefix: '+7' },
  { id: 'BY', label: 'Беларусь', prefix: '+375' },
  { id: 'ALL', label: 'Другая страна', prefix: '' },
];


/*
 * The phone input keeps two parts: the country (select) and the national digits (the masked field).
 * What it emits — and what the server receives as props[phone] — is the full number in digits:
 * the dialling code followed by the national digits, 11 digits for RU/KZ and 12 for BY.
 * 'Другая страна' has no dialling code of its own: the user types the whole number.
 */

const MASKS: Readonly<Record<PhoneCountry, string | null>> = {
  RU: '(###)-###-##-##',
  KZ: '(###)-###-##-##',
  BY: '(##)-###-##-##',
  ALL: null,
};

/** Dialling codes as digits, as they start a full number. */
const DIAL_CODES: Readonly<Record<PhoneCountry, string>> = { RU: '7', KZ: '7', BY: '375', ALL: '' };

const SLOT = '#';

/** Spec §5: 375 is Belarus, 76/77 Kazakhstan, any other 7 Russia; everything else 'Другая страна'. */
export function detectPhoneCountry(digits: string): PhoneCountry {
  if (digits.startsWith('375')) return 'BY';
  if (digits.startsWith('76') || digits.startsWith('77')) return 'KZ';
  if (digits.startsWith('7')) return 'RU';
  return 'ALL';
}

/** Spec §5 masks of the national part; 'Другая страна' is not masked. */
export function phoneMask(country: PhoneCountry): string | null {
  return MASKS[country];
}

export function maskSlots(mask: string): number {
  let slots = 0;
  for (const ch of mask) if (ch === SLOT) slots += 1;
  return slots;
}

/** How many national digits the field takes: the mask's slots, or 18 for 'Другая страна'. */
export function maxNationalDigits(country: PhoneCountry): number {
  const mask = phoneMask(country);
  return mask === null ? ALL_MAX_DIGITS : maskSlots(mask);
}

export function dialCode(country: PhoneCountry): string {
  return DIAL_CODES[country];
}

/**
 * The visible value while typing: digits fill the slots, and a literal of the mask is shown only
 * once a digit follows it, so Backspace at the end always removes a digit, never a bracket.
 * RU '912345' → '(912)-345'. Digits beyond the slots (only a pasted number of a country the form
 * does not offer has them) follow after a space, so the user sees why the field is invalid.
 */
export function formatPhone(digits: string, country: PhoneCountry): string {
  const clean = onlyDigits(digits).slice(0, ALL_MAX_DIGITS);
  const mask = phoneMask(country);
  if (mask === null) return clean;
  let out = '';
  let pending = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= clean.length) break;
    if (ch === SLOT) {
      out += pending + clean[i];
      pending = '';
      i += 1;
    } else {
      pending += ch;
    }
  }
  return i < clean.length ? `${out} ${clean.slice(i)}` : out;
}

/**
 * Spec §5 rule of the phone input, on the national digits: checked only when required or non-empty;
 * the count must equal the mask's slots; 'Другая страна' takes any non-empty number up to 18 digits.
 */
export function isPhoneValid(digits: string, country: PhoneCountry, required: boolean): boolean {
  const clean = onlyDigits(digits);
  if (clean.length !== digits.length) return false;
  if (clean === '') return !required;
  const mask = phoneMask(country);
  if (mask === null) return clean.length <= ALL_MAX_DIGITS;
  return clean.length === maskSlots(mask);
}

/**
 * Digits only, as the server stores a phone. An 11-digit number starting with 8 is the Russian
 * domestic form of +7, so '8 912 345-67-89' and '+7 (912) 345-67-89' both give '79123456789'.
 */
export function normalisePhone(input: string): string {
  const digits = onlyDigits(input);
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

/** The full number (what the input emits) from its two parts; empty national digits give ''. */
export function fullPhone(country: PhoneCountry, national: string): string {
  const clean = onlyDigits(national);
  return clean === '' ? '' : dialCode(country) + clean;
}

export interface PhoneParts { country: PhoneCountry; national: string }

/**
 * Splits a full number into the select and the field. A number whose country is not offered is
 * shown whole in 'Другая страна' when that is offered, else under the first offered country.
 * `preferred` keeps RU or KZ as chosen when both share the +7 code and detection cannot tell.
 */
export function splitPhone(full: string, countries: readonly PhoneCountry[], preferred?: PhoneCountry): PhoneParts {
  const digits = normalisePhone(full);
  const fallback = preferred && countries.includes(preferred) ? preferred : (countries[0] ?? 'ALL');
  if (digits === '') return { country: fallback, national: '' };
  const detected = detectPhoneCountry(digits);
  const sameCode = preferred && countries.includes(preferred) && preferred !== 'ALL' && dialCode(preferred) === dialCode(detected);
  const country = sameCode ? preferred : detected;
  if (countries.includes(country)) {
    return { country, national: digits.slice(dialCode(country).length).slice(0, maxNationalDigits(country)) };
  }
  if (countries.includes('ALL')) return { country: 'ALL', national: digits.slice(0, ALL_MAX_DIGITS) };
  // Not a number the form takes: keep every digit so the rule marks it invalid, rather than cut it
  // to a length that would pass for a valid number of another country.
  return { country: fallback, national: digits.slice(0, ALL_MAX_DIGITS) };
}

/**
 * A full number of 11–12 digits (spec §5) from one of the offered countries whose national part
 * fills its mask. The auth forms pass ['RU', 'KZ'].
 */
export function isFullPhoneValid(full: string, countries: readonly PhoneCountry[]): boolean {
  if (!/^\d+$/.test(full) || full.length < PHONE_MIN_DIGITS || full.length > PHONE_MAX_DIGITS) return false;
  const country = detectPhoneCountry(full);
  if (!countries.includes(country) || country === 'ALL') return false;
  return isPhoneValid(full.slice(dialCode(country).length), country, true);
}

export interface PhoneEdit extends PhoneParts {
  /** How many digits stand before the caret after the edit, to put the caret back after reformatting. */
  caretDigits: number;
}

/**
 * What a change of the masked field means. A typed character only edits the national digits.
 * A number that arrives whole — pasted, autofilled, or typed with a leading '+' — is taken as a
 * full number and its country detected (spec §5), if that country is offered. Deleting a bracket
 * or hyphen in the middle deletes the digit before it, otherwise the mask would put it straight back.
 */
export function phoneEdit(text: string, prev: PhoneParts, countries: readonly PhoneCountry[], caret: number = text.length): PhoneEdit {
  const digits = onlyDigits(text);
  const slots = maxNationalDigits(prev.country);
  const arrivedWhole = text.trimStart().startsWith('+') || (digits.length - prev.national.length > 1 && digits.length > slots);
  if (arrivedWhole) {
    const parts = phoneFromPaste(text, prev, countries);
    return { ...parts, caretDigits: parts.national.length };
  }
  let caretDigits = onlyDigits(text.slice(0, caret)).length;
  let national = digits;
  const prevText = formatPhone(prev.national, prev.country);
  if (digits === prev.national && text.length < prevText.length && caretDigits > 0) {
    national = digits.slice(0, caretDigits - 1) + digits.slice(caretDigits);
    caretDigits -= 1;
  }
  // Typing stops at the mask; a longer number already there (pasted, invalid) is only shortened by the user.
  if (national.length > slots && national.length > prev.national.length) national = national.slice(0, Math.max(slots, prev.national.length));
  return { country: prev.country, national, caretDigits: Math.min(caretDigits, national.length) };
}

/**
 * A pasted number: with a '+', more digits than the field takes, or into 'Другая страна' (whose
 * field holds the whole number), it carries its dialling code, so the country is detected from it
 * (RU and KZ share +7: the chosen one of the two stays). Otherwise it is the national part of the
 * chosen country.
 */
export function phoneFromPaste(text: string, prev: PhoneParts, countries: readonly PhoneCountry[]): PhoneParts {
  const digits = normalisePhone(text);
  if (!pasteCarriesCode(text, prev.country)) return { country: prev.country, national: digits.slice(0, maxNationalDigits(prev.country)) };
  if (digits === '') return prev;
  const detected = detectPhoneCountry(digits);
  if (!countries.includes(detected) && !countries.includes('ALL')) {
    // A number the form does not take (e.g. +375 in the auth forms): keep the chosen country and
    // every digit, so the rule marks it invalid instead of it passing for a shorter valid number.
    return { country: prev.country, national: digits.slice(0, ALL_MAX_DIGITS) };
  }
  return splitPhone(digits, countries, prev.country);
}

/** Whether pasted text is a whole number with its dialling code (see phoneFromPaste). */
export function pasteCarriesCode(text: string, country: PhoneCountry): boolean {
  return text.trimStart().startsWith('+') || normalisePhone(text).length > maxNationalDigits(country) || country === 'ALL';
}

/**
 * The user picked another country. 'Другая страна' takes the whole number, so the dialling code
 * joins the digits; coming back from it, a leading code of the new country is taken off again.
 */
export function changeCountry(prev: PhoneParts, next: PhoneCountry): PhoneParts {
  if (next === prev.country) return prev;
  if (next === 'ALL') return { country: 'ALL', national: fullPhone(prev.country, prev.national).slice(0, ALL_MAX_DIGITS) };
  const code = dialCode(next);
  if (prev.country === 'ALL' && prev.national.startsWith(code) && prev.national.length > maxNationalDigits(next)) {
    return { country: next, national: prev.national.slice(code.length) };
  }
  return { country: next, national: prev.national };
}

/** Where the caret goes in the formatted value: right after the n-th digit. */
export function caretPosition(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return formatted.startsWith('(') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i]!)) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/** Placeholder of the masked field: the mask with its slots as underscores. */
export function phonePlaceholder(country: PhoneCountry): string {
  const mask = phoneMask(country);
  return mask === null ? 'Номер телефона' : mask.replaceAll(SLOT, '_');
}

function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * A number as the shop writes it everywhere it shows one (header, contacts, profile, letters):
 * '+7 (912) 469-37-64', '+375 (29) 123-45-67'. Input may be digits or any written form, with 8 as
 * the Russian trunk prefix ('8 800 555-01-20'). A number of another shape is shown as '+' and its
 * digits rather than guessed at.
 */
export function formatPhoneDisplay(value: string): string {
  let digits = onlyDigits(value);
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  if (digits.length === 11 && digits.startsWith('7')) {
    return `+7 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}`;
  }
  if (digits.length === 12 && digits.startsWith('375')) {
    return `+375 (${digits.slice(3, 5)}) ${digits.slice(5, 8)}-${digits.slice(8, 10)}-${digits.slice(10)}`;
  }
  return digits ? `+${digits}` : '';
}
