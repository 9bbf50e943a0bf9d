import { switchKeyboardLayout } from '../part-code.rules.ts';
import { generateParts } from './generate.ts';
import { PART_MAKERS } from './manufacturers.ts';

/**
 * The golden list of part-number queries (issue 9's budget: the exact part first for 100 % of at
 * least 200 queries in mixed notations). Most are demo parts' numbers rewritten by one of the ways
 * people type them, taken in turn; the rest are hand-written hard cases. Committed as
 * `part-lookup-golden.json` (write-golden.ts), checked by parts.server.test.ts on both databases.
 */
export interface GoldenQuery { query: string; code: string; maker: string; rule: string }

const SEPARATORS = /[-./ ]+/g;
const TO_CYRILLIC_LOOK: Readonly<Record<string, string>> = { A: 'А', B: 'В', E: 'Е', K: 'К', M: 'М', H: 'Н', O: 'О', P: 'Р', C: 'С', T: 'Т', X: 'Х', Y: 'У' };
const TO_LATIN_LOOK: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(TO_CYRILLIC_LOOK).map(([lat, cyr]) => [cyr, lat]));
const swap = (code: string, map: Readonly<Record<string, string>>) => [...code].map((ch) => map[ch] ?? ch).join('');

/** Ways of typing a number, each a pure rewrite of the printed code. */
export const RULES: ReadonlyArray<[string, (code: string) => string]> = [
  ['as printed', (c) => c],
  ['lower case', (c) => c.toLowerCase()],
  ['no separators', (c) => c.replace(SEPARATORS, '')],
  ['spaces', (c) => c.replace(SEPARATORS, ' ')],
  ['dashes', (c) => c.replace(SEPARATORS, '-')],
  ['dots', (c) => c.replace(SEPARATORS, '.')],
  ['slashes', (c) => c.replace(SEPARATORS, '/')],
  ['Cyrillic look-alikes', (c) => swap(c, TO_CYRILLIC_LOOK)],
  ['Latin look-alikes', (c) => swap(c, TO_LATIN_LOOK)],
  // The keys of the number pressed with the other layout on: Latin letters come out Cyrillic and
  // Cyrillic ones Latin, punctuation moves with its key. A number without letters reads the same.
  ['wrong layout', (c) => (/[A-Z]/i.test(c) ? switchKeyboardLayout(c, 'cyrillic') : /[А-ЯЁ]/i.test(c) ? switchKeyboardLayout(c, 'latin') : c)],
  ['mixed', (c) => swap(c.toLowerCase().toUpperCase(), TO_CYRILLIC_LOOK).toLowerCase().replace(SEPARATORS, (s) => (s.length % 2 ? ' - ' : '.'))],
];

/** One demo part in `STEP`, about 220 of the generated ones. */
const STEP = 100;

const HAND_CASES: GoldenQuery[] = [
  { query: 'АВ-123.45', code: 'AB12345', maker: 'amazone', rule: 'hand: Cyrillic look-alikes with separators' },
  { query: 'ав 123 45', code: 'AB12345', maker: 'amazone', rule: 'hand: lower-case Cyrillic with spaces' },
  { query: 'фи12345', code: 'AB12345', maker: 'amazone', rule: 'hand: wrong layout' },
  { query: 'ab-12344', code: 'AB12344', maker: 'amazone', rule: 'hand: a superseded number finds itself first' },
  { query: 'ку504836', code: 'RE504836', maker: 'john-deere', rule: 'hand: wrong layout' },
  { query: 'КУ-504-836', code: 'RE504836', maker: 'john-deere', rule: 'hand: wrong layout with dashes' },
  { query: 'Re 504836', code: 'RE504836', maker: 'john-deere', rule: 'hand: mixed case with a space' },
  { query: 'RЕ504836', code: 'RE504836', maker: 'john-deere', rule: 'hand: one Cyrillic letter among Latin ones' },
  { query: 're57394', code: 'RE57394', maker: 'john-deere', rule: 'hand: the oldest number of a chain' },
  { query: 'lf 3349', code: 'LF3349', maker: 'fleetguard', rule: 'hand: an analog by its own number' },
  { query: 'W940/25', code: 'W 940/25', maker: 'mann-filter', rule: 'hand: a slash kept, the space dropped' },
  { query: 'ц 940.25', code: 'W 940/25', maker: 'mann-filter', rule: 'hand: wrong layout, the slash typed as a dot' },
  { query: 'w-940-25', code: 'W 940/25', maker: 'mann-filter', rule: 'hand: dashes for every separator' },
  { query: '2401005030', code: '240-1005030', maker: 'mtz', rule: 'hand: digits only' },
  { query: '240.1005030', code: '240-1005030', maker: 'mtz', rule: 'hand: a dot for the dash' },
  { query: '240-1005030a', code: '240-1005030-А', maker: 'mtz', rule: 'hand: the Cyrillic suffix typed in Latin' },
  { query: '700a-17-01-000-1', code: '700А.17.01.000-1', maker: 'kirovets-ptz', rule: 'hand: Latin for the Cyrillic А, dashes' },
  { query: '700А 17 01 000 1', code: '700А.17.01.000-1', maker: 'kirovets-ptz', rule: 'hand: spaces' },
  { query: '700f/17/01/000-1', code: '700А.17.01.000-1', maker: 'kirovets-ptz', rule: 'hand: wrong layout' },
  { query: '10 01 20 070 б', code: '10.01.20.070Б', maker: 'rostselmash', rule: 'hand: a letter with no Latin twin, lower case' },
  { query: '100120070,', code: '10.01.20.070Б', maker: 'rostselmash', rule: 'hand: Б typed on the Latin layout' },
  { query: 'бдм 01 02 010', code: 'БДМ-01.02.010', maker: 'bdm-agro', rule: 'hand: lower-case Cyrillic' },
  { query: ',lv-01/02/010', code: 'БДМ-01.02.010', maker: 'bdm-agro', rule: 'hand: wrong layout' },
  { query: 'БДM0102010', code: 'БДМ-01.02.010', maker: 'bdm-agro', rule: 'hand: a Latin M among Cyrillic letters' },
  { query: '000 637 9310', code: '0006379310', maker: 'claas', rule: 'hand: leading zeros grouped' },
  { query: '6 РК 1220', code: '6PK1220', maker: 'gates', rule: 'hand: Cyrillic РК' },
  { query: '6зл1220', code: '6PK1220', maker: 'gates', rule: 'hand: wrong layout' },
  { query: '  6pk-1220  ', code: '6PK1220', maker: 'gates', rule: 'hand: surrounding spaces' },
  { query: '6205 2RS1', code: '6205-2RS1', maker: 'skf', rule: 'hand: a space for the dash' },
  { query: '6205–2rs1', code: '6205-2RS1', maker: 'skf', rule: 'hand: an en dash, lower case' },
];

export function goldenQueries(): GoldenQuery[] {
  const slugOf = new Map(PART_MAKERS.map((m) => [m.id, m.slug]));
  const generated = generateParts().parts.filter((p) => p.id < 900_000);
  const out: GoldenQuery[] = [];
  let turn = 0;
  for (let i = 0; i < generated.length; i += STEP) {
    const part = generated[i]!;
    // The rule in turn, or the next one that changes this code (a digits-only number has no letters to swap).
    for (let k = 0; k < RULES.length; k++) {
      const [rule, rewrite] = RULES[(turn + k) % RULES.length]!;
      const query = rewrite(part.code);
      if (query !== part.code || (rule === 'as printed' && k === 0)) {
        out.push({ query, code: part.code, maker: slugOf.get(part.makerId)!, rule });
        break;
      }
    }
    turn++;
  }
  return [...out, ...HAND_CASES];
}
