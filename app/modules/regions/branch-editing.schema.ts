import { textField } from '#app/lib/text.ts';
import { MAX_EMAIL_LENGTH, phoneDigits } from '#app/lib/validation.ts';
import { z } from '#app/lib/zod.ts';
import {
  isValidBik, isValidBin, isValidCorrAccount, isValidInn, isValidKpp, isValidKzIban, isValidOgrn, isValidSettlementAccount, isValidSwiftBic,
} from './requisites.rules.ts';

/*
 * What a branch manager or an administrator changes of a branch (ADR 081): the contacts the shop
 * shows and the requisites its invoices print. The requisites are checked by their country's rules;
 * an empty one is allowed (the branch then issues no invoices until it is filled in).
 */

export const BRANCH_MESSAGES = {
  address: 'Укажите адрес филиала',
  email: 'Поле "E-mail" содержит некорректный E-mail адрес',
  hours: 'Укажите часы работы',
  phone: 'Телефон — 11 или 12 цифр с кодом страны, например +7 (4812) 00-00-00',
  tooLong: 'Не длиннее 300 символов',
  inn: 'ИНН — 10 или 12 цифр, контрольные цифры не сходятся',
  kpp: 'КПП — 9 знаков',
  ogrn: 'ОГРН — 13 цифр (ОГРНИП — 15), контрольная цифра не сходится',
  bik: 'БИК — 9 цифр, начинается с 04',
  corrAccount: 'Корреспондентский счёт — 20 цифр, начинается с 301 и сходится с БИК',
  settlementAccount: 'Расчётный счёт — 20 цифр и сходится с БИК банка',
  bin: 'БИН — 12 цифр',
  swift: 'БИК (SWIFT) банка — 8 или 11 латинских букв и цифр, например HSBKKZKX',
  iban: 'IBAN — KZ и 18 знаков, контрольные цифры не сходятся',
  notFound: 'Филиал не найден',
  foreign: 'Этот филиал вам недоступен',
  published: 'Опубликовано: посетители уже видят новые контакты.',
  discountThreshold: 'Порог скидки — число процентов от 0 до 100, например 10 или 12,5',
} as const;

/** A branch's mailbox: any domain, long endings too (the visitors' forms follow the spec's stricter rule). */
const BRANCH_EMAIL = /^[^\s@]+@[^\s@]+\.[a-zа-я0-9-]{2,63}$/i;

const optional = (label: string, max = 300) => textField(label).trim().max(max, BRANCH_MESSAGES.tooLong).default('');
/** A phone as typed ('+7 (4812) 00-00-00'), kept as its digits; empty: the country's line is shown. */
const phone = (label: string) => textField(label, { error: BRANCH_MESSAGES.phone }).trim().default('')
  .transform((v) => phoneDigits(v))
  .refine((v) => v === '' || /^\d{11,12}$/.test(v), BRANCH_MESSAGES.phone);
/** Upper case without spaces: requisites are copied from letters and bank statements with both. */
const code = (label: string) => textField(label).default('').transform((v) => v.replace(/\s+/g, '').toUpperCase());

export const branchContacts = {
  address: textField('Адрес', { error: BRANCH_MESSAGES.address }).trim().min(1, BRANCH_MESSAGES.address).max(300, BRANCH_MESSAGES.tooLong),
  email: textField('E-mail', { error: BRANCH_MESSAGES.email }).trim().max(MAX_EMAIL_LENGTH, BRANCH_MESSAGES.email).regex(BRANCH_EMAIL, BRANCH_MESSAGES.email),
  hours: textField('Часы работы', { error: BRANCH_MESSAGES.hours }).trim().min(1, BRANCH_MESSAGES.hours).max(200, BRANCH_MESSAGES.tooLong),
  phone: phone('Телефон отдела продаж'),
  phoneInternal: phone('Телефон продаж внутри страны'),
  servicePhone: phone('Телефон сервиса'),
  servicePhoneInternal: phone('Телефон сервиса внутри страны'),
};

const requisites = {
  legalName: optional('Юридическое лицо'),
  legalAddress: optional('Юридический адрес'),
  bankName: optional('Банк'),
  inn: code('ИНН'), kpp: code('КПП'), ogrn: code('ОГРН'), bin: code('БИН'),
  bik: code('БИК'), corrAccount: code('Корреспондентский счёт'), settlementAccount: code('Расчётный счёт'),
};

/**
 * The largest discount (percent of the list price) the branch's managers send in an offer without
 * the branch manager's approval (ADR 088); kept as text in the form ('12,5' → '12.5').
 */
const discountThreshold = textField('Порог скидки', { error: BRANCH_MESSAGES.discountThreshold }).trim().default('10')
  .transform((v) => v.replace(',', '.'))
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, BRANCH_MESSAGES.discountThreshold)
  .transform((v) => String(Number(v)));

/** The form of a branch of one country: Russia's requisites or Kazakhstan's. */
export function branchInput(country: 'RU' | 'KZ') {
  return z.object({ ...branchContacts, ...requisites, discountThreshold }).superRefine((b, ctx) => {
    const wrong = (path: keyof typeof requisites, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (country === 'RU') {
      if (b.inn && !isValidInn(b.inn)) wrong('inn', BRANCH_MESSAGES.inn);
      if (b.kpp && !isValidKpp(b.kpp)) wrong('kpp', BRANCH_MESSAGES.kpp);
      if (b.ogrn && !isValidOgrn(b.ogrn)) wrong('ogrn', BRANCH_MESSAGES.ogrn);
      if (b.bik && !isValidBik(b.bik)) wrong('bik', BRANCH_MESSAGES.bik);
      if (b.corrAccount && !isValidCorrAccount(b.corrAccount, b.bik)) wrong('corrAccount', BRANCH_MESSAGES.corrAccount);
      if (b.settlementAccount && !isValidSettlementAccount(b.settlementAccount, b.bik)) wrong('settlementAccount', BRANCH_MESSAGES.settlementAccount);
    } else {
      if (b.bin && !isValidBin(b.bin)) wrong('bin', BRANCH_MESSAGES.bin);
      if (b.bik && !isValidSwiftBic(b.bik)) wrong('bik', BRANCH_MESSAGES.swift);
      if (b.settlementAccount && !isValidKzIban(b.settlementAccount)) wrong('settlementAccount', BRANCH_MESSAGES.iban);
    }
  }).transform((b) => country === 'RU' ? { ...b, bin: '' } : { ...b, inn: '', kpp: '', ogrn: '', corrAccount: '' });
}
export type BranchInput = z.infer<ReturnType<typeof branchInput>>;

export const BRANCH_FIELDS = ['address', 'email', 'hours', 'phone', 'phoneInternal', 'servicePhone', 'servicePhoneInternal',
  'legalName', 'legalAddress', 'bankName', 'inn', 'kpp', 'ogrn', 'bin', 'bik', 'corrAccount', 'settlementAccount', 'discountThreshold'] as const satisfies ReadonlyArray<keyof BranchInput>;
