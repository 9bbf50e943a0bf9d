/*
 * Checks of the requisites printed on invoices (ADR 081): the control digits of Russian ИНН, ОГРН and
 * bank accounts, and the IBAN check of Kazakh accounts. A typo in any of them makes an invoice the
 * customer's bank refuses to pay, so the editor hears of it before it is published.
 */

const digits = (s: string) => Array.from(s, Number);

function innControl(d: number[], weights: number[]): number {
  return (weights.reduce((sum, w, i) => sum + w * d[i]!, 0) % 11) % 10;
}

/** ИНН: 10 digits (a company) or 12 (a person, an ИП), with their control digits. */
export function isValidInn(value: string): boolean {
  if (!/^\d{10}(\d{2})?$/.test(value)) return false;
  const d = digits(value);
  if (d.length === 10) return innControl(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return innControl(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10]
    && innControl(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}

/** ОГРН (13 digits, remainder by 11) or ОГРНИП (15 digits, remainder by 13). */
export function isValidOgrn(value: string): boolean {
  if (!/^\d{13}(\d{2})?$/.test(value)) return false;
  const body = BigInt(value.slice(0, -1));
  const mod = value.length === 13 ? 11n : 13n;
  return Number((body % mod) % 10n) === Number(value.at(-1));
}

/** КПП: 9 characters, digits except the 5th and 6th, which may be capital Latin letters. */
export function isValidKpp(value: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(value);
}

/** БИК of a Russian bank: 9 digits starting with 04. */
export function isValidBik(value: string): boolean {
  return /^04\d{7}$/.test(value);
}

const ACCOUNT_WEIGHTS = [7, 1, 3];

function accountKeyValid(prefix: string, account: string): boolean {
  const all = prefix + account;
  const sum = Array.from(all).reduce((s, ch, i) => s + Number(ch) * ACCOUNT_WEIGHTS[i % 3]!, 0);
  return sum % 10 === 0;
}

/** A settlement account (20 digits) checked against its bank's БИК (the last three digits of the БИК). */
export function isValidSettlementAccount(account: string, bik: string): boolean {
  return /^\d{20}$/.test(account) && isValidBik(bik) && accountKeyValid(bik.slice(-3), account);
}

/** A correspondent account (20 digits, 301…) checked against its bank's БИК ('0' and the БИК's 5th–6th digits). */
export function isValidCorrAccount(account: string, bik: string): boolean {
  return /^301\d{17}$/.test(account) && isValidBik(bik) && accountKeyValid(`0${bik.slice(4, 6)}`, account);
}

/** БИН of Kazakhstan: 12 digits. */
export function isValidBin(value: string): boolean {
  return /^\d{12}$/.test(value);
}

/** A Kazakh BIC (SWIFT form): 8 or 11 capital Latin letters and digits. */
export function isValidSwiftBic(value: string): boolean {
  return /^[A-Z]{4}KZ[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value);
}

/** A Kazakh IBAN: KZ, two check digits and 16 characters, by the ISO 13616 remainder. */
export function isValidKzIban(value: string): boolean {
  if (!/^KZ\d{2}[A-Z0-9]{16}$/.test(value)) return false;
  const moved = value.slice(4) + value.slice(0, 4);
  const numeric = Array.from(moved, (ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
  return BigInt(numeric) % 97n === 1n;
}

/** The account with its control key (the 9th digit) set to what its bank's БИК makes it (made-up demo accounts). */
export function withAccountKey(account: string, bik: string, corr = false): string {
  const prefix = corr ? `0${bik.slice(4, 6)}` : bik.slice(-3);
  for (let key = 0; key < 10; key++) {
    const candidate = `${account.slice(0, 8)}${key}${account.slice(9)}`;
    if (accountKeyValid(prefix, candidate)) return candidate;
  }
  return account;
}

/** A Kazakh IBAN of a 16-character account, with its check digits (made-up demo accounts). */
export function kzIbanOf(bban: string): string {
  for (let check = 2; check < 99; check++) {
    const iban = `KZ${String(check).padStart(2, '0')}${bban}`;
    if (isValidKzIban(iban)) return iban;
  }
  return `KZ00${bban}`;
}
