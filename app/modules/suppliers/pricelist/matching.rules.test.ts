import { describe, expect, it } from 'vitest';
import { manualKey, matchRow, normalizeBrand, type Candidate, type MatchContext } from './matching.rules.ts';

/* Matching a supplier's row to our parts (issue 32 §5, ADR 096): the order of the rules. */

const deere: Candidate = { id: 10, codeNorm: 'RE59754', maker: 'John Deere', makerSlug: 'john-deere' };
const mann: Candidate = { id: 20, codeNorm: 'W94025', maker: 'MANN-FILTER', makerSlug: 'mann' };
const fleet: Candidate = { id: 21, codeNorm: 'W94025', maker: 'Fleetguard', makerSlug: 'fleetguard' };
const rsm: Candidate = { id: 30, codeNorm: '10101', maker: 'Ростсельмаш', makerSlug: 'rsm' };
const kirovets: Candidate = { id: 31, codeNorm: '10101', maker: 'Кировец', makerSlug: 'kirovets' };

function ctx(over: Partial<MatchContext> = {}): MatchContext {
  const all = [deere, mann, fleet, rsm, kirovets];
  const byCode = new Map<string, Candidate[]>();
  for (const c of all) byCode.set(c.codeNorm, [...(byCode.get(c.codeNorm) ?? []), c]);
  return {
    byCode,
    knownBrands: new Set(all.flatMap((c) => [normalizeBrand(c.maker), normalizeBrand(c.makerSlug)])),
    analogs: new Set(['20:21']),
    manual: new Map(),
    ...over,
  };
}

describe('matchRow', () => {
  it('matches the number and the brand, written any way', () => {
    expect(matchRow({ code: 'RE59754', brand: 'John Deere' }, ctx())).toEqual({ partId: 10, by: 'code_brand' });
    expect(matchRow({ code: 're-59754', brand: 'JOHN-DEERE' }, ctx())).toEqual({ partId: 10, by: 'code_brand' });
    expect(matchRow({ code: '10.10.1', brand: 'кировец' }, ctx())).toEqual({ partId: 31, by: 'code_brand' });
    expect(matchRow({ code: '10101', brand: 'RSM' }, ctx())).toEqual({ partId: 30, by: 'code_brand' });
  });

  it('matches the number alone when one part has it and the brand is empty or unknown to us', () => {
    expect(matchRow({ code: 'RE 59754', brand: '' }, ctx())).toEqual({ partId: 10, by: 'code' });
    expect(matchRow({ code: 'RE59754', brand: 'Дир Запчасть' }, ctx())).toEqual({ partId: 10, by: 'code' });
    // Typed with the keyboard in the Russian layout: 'ку' is 're'.
    expect(matchRow({ code: 'ку59754', brand: '' }, ctx())).toEqual({ partId: 10, by: 'code' });
  });

  it('never takes another known maker\'s part with the same number', () => {
    expect(matchRow({ code: 'RE59754', brand: 'Fleetguard' }, ctx())).toBeNull();
  });

  it('matches known analogs of several makers to one part, but not unrelated parts sharing a number', () => {
    expect(matchRow({ code: 'W 940/25', brand: 'Sakura' }, ctx())).toEqual({ partId: 20, by: 'analog' });
    expect(matchRow({ code: 'W 940/25', brand: 'Fleetguard' }, ctx())).toEqual({ partId: 21, by: 'code_brand' });
    expect(matchRow({ code: '10101', brand: '' }, ctx())).toBeNull();
  });

  it('puts a remembered manual match first, and matches nothing for an empty or unknown number', () => {
    const manual = new Map([[manualKey('X1', normalizeBrand('Сибзап')), 30]]);
    expect(matchRow({ code: 'x-1', brand: 'СИБЗАП' }, ctx({ manual }))).toEqual({ partId: 30, by: 'manual' });
    expect(matchRow({ code: 'x-1', brand: 'Другой' }, ctx({ manual }))).toBeNull();
    expect(matchRow({ code: ' -/- ', brand: 'John Deere' }, ctx())).toBeNull();
    expect(matchRow({ code: 'ZZ999', brand: 'John Deere' }, ctx())).toBeNull();
  });
});
