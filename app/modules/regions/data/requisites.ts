import { kzIbanOf, withAccountKey } from '../requisites.rules.ts';
import type { BranchSeed } from './types';

/** Demo requisites of a branch: the columns of region_branch migration 0028 added. */
export interface RequisitesSeed {
  legal_name: string;
  legal_address: string;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  bin: string | null;
  bank_name: string;
  bik: string;
  corr_account: string | null;
  settlement_account: string;
}

const KAZAKHSTAN_FROM_ID = 24;

/**
 * Demo content: made-up requisites in the shape of real ones. Russian branches are separate
 * divisions of one company (one ИНН and ОГРН, a КПП of their own); the Kazakh ones belong to its
 * partnership there (one БИН). Banks and accounts are invented (no real account is ever printed), with
 * valid control digits, so that an editor can publish a branch without retyping them.
 */
export function demoRequisites(branch: BranchSeed): RequisitesSeed {
  const n = String(branch.id).padStart(3, '0');
  if (branch.id >= KAZAKHSTAN_FROM_ID) {
    return {
      legal_name: 'ТОО «Агротехника Казахстан»',
      legal_address: `Республика Казахстан, г. ${branch.city}, ${branch.address}`,
      inn: null, kpp: null, ogrn: null, bin: '180540012345',
      bank_name: 'АО «Демо Банк Казахстан»', bik: 'DEMOKZKA', corr_account: null,
      settlement_account: kzIbanOf(`9650000000000${n}`),
    };
  }
  return {
    legal_name: 'ООО «Агротехника»',
    legal_address: `Российская Федерация, г. ${branch.city}, ${branch.address}`,
    inn: '6732012340', kpp: `6732${n}01`.slice(0, 9), ogrn: '1106732001232', bin: null,
    bank_name: 'АО «Демо Банк»', bik: '044525999', corr_account: withAccountKey('30101810000000000999', '044525999', true),
    settlement_account: withAccountKey(`40702810000000000${n}`, '044525999'),
  };
}
