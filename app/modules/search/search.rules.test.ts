import { describe, expect, it } from 'vitest';
import {
  allowedTypos, foldText, highlightRanges, levenshtein, levenshteinWithin, nearestKnownWords, nearestSpelling, plainText, plausibleIn, prepareQuery, RANK, rankText, sameWordForm,
  splitPartAndMachine, switchLayout,
} from './search.rules.ts';

const marked = (name: string, terms: string[]) => highlightRanges(name, terms).map(([from, to]) => name.slice(from, to));

describe('foldText', () => {
  it('lower-cases, drops accents, ё → е, keeps й', () => {
    expect(foldText('КИРОВЕЦ')).toBe('кировец');
    expect(foldText('Колёсные')).toBe('колесные');
    expect(foldText('Pöttinger')).toBe(foldText('Pottinger'));
    expect(foldText('Йошкар')).toBe('йошкар');
  });
  it('maps Latin look-alikes to Cyrillic letters: a K typed on the Latin layout is the Cyrillic К', () => {
    expect(foldText('Kировец')).toBe('кировец');
    expect(foldText('K-744P3')).toBe(foldText('К-744Р3'));
    expect(foldText('TOP')).toBe(foldText('ТОР'));
  });
  it('joins codes across hyphens, dots and slashes; other punctuation is one space', () => {
    expect(foldText('К-744Р3')).toBe('к744р3');
    expect(foldText('  Тракторы до 100 л. с.  ')).toBe('тракторы до 100 л с');
    expect(foldText('«Агро» — техника!!')).toBe('агро техника');
    expect(foldText('!!!')).toBe('');
  });
});

describe('plainText', () => {
  it('is what the russian configuration reads: lower case, ё → е, Cyrillic untouched', () => {
    expect(plainText('Трактора Колёсные Väderstad')).toBe('трактора колесные vaderstad');
  });
});

describe('switchLayout (ЙЦУКЕН ↔ QWERTY)', () => {
  it('reads Latin keys as Russian letters', () => {
    expect(switchLayout('rbhjdtw')).toBe('кировец');
    expect(switchLayout('nhfrnjh')).toBe('трактор');
    expect(switchLayout('Rjv,fqy')).toBe('комбайн');
    expect(switchLayout('[kt,')).toBe('хлеб');
    expect(switchLayout('ds,jh')).toBe('выбор');
  });
  it('reads Russian letters as Latin keys', () => {
    expect(switchLayout('фьфящту')).toBe('amazone');
  });
  it('leaves mixed text (a Cyrillic model code with Latin letters) and digits alone', () => {
    expect(switchLayout('К-744R')).toBeNull();
    expect(switchLayout('744')).toBeNull();
    expect(switchLayout('щъщъ'), 'punctuation on the Latin side').toBeNull();
  });
});

describe('prepareQuery', () => {
  it('keeps the query as typed first, the other layout second', () => {
    const q = prepareQuery('  rbhjdtw ');
    expect(q.text).toBe('rbhjdtw');
    expect(q.variants.map((v) => v.folded)).toEqual([foldText('rbhjdtw'), 'кировец']);
    expect(q.terms).toContain('кировец');
  });
  it('has no variants for punctuation only, and at most six words', () => {
    expect(prepareQuery(' — ... ').variants).toEqual([]);
    expect(prepareQuery('а б в г д е ж з').variants[0]!.folded.split(' ')).toHaveLength(6);
  });
  it('gives the plain words to full text and the folded ones to names', () => {
    expect(prepareQuery('Трактора К-744').variants[0]).toEqual({ folded: 'трактора к744', plain: 'трактора к 744' });
  });
});

describe('word rules', () => {
  it('levenshtein and the typos allowed by length', () => {
    expect(levenshtein('тороктор', 'трактор')).toBe(2);
    expect(levenshtein('', 'абв')).toBe(3);
    expect([3, 4, 6, 7, 12].map(allowedTypos)).toEqual([0, 1, 1, 2, 2]);
  });
  it('word forms share all but the last two letters', () => {
    expect(sameWordForm('трактора', 'тракторы')).toBe(true);
    expect(sameWordForm('сеялки', 'сеялка')).toBe(true);
    expect(sameWordForm('сер', 'сеялка')).toBe(false);
    expect(sameWordForm('трактор', 'тракт')).toBe(true);
  });
});

describe('rankText', () => {
  const rank = (name: string, q: string) => rankText(name, prepareQuery(q));
  it('exact > prefix > word form > typo > nothing', () => {
    expect(rank('Запчасти', 'запчасти')).toBe(RANK.exact);
    expect(rank('Сервис и ремонт сельхозтехники', 'серв')).toBe(RANK.prefix);
    expect(rank('Доставка и оплата', 'доставки')).toBe(RANK.wordForm);
    expect(rank('Доставка и оплата', 'доставко')).toBe(RANK.wordForm);
    expect(rank('Финансирование', 'финонсирование')).toBe(RANK.typo);
    expect(rank('Финансирование', 'трактор')).toBe(0);
  });
  it('finds through the other layout', () => {
    expect(rank('Запчасти', 'pfgxfcnb')).toBe(RANK.exact);
  });
});

describe('highlightRanges', () => {
  it('marks prefixes, word forms, codes and typos on the original text', () => {
    expect(marked('Кировец К-744Р3', ['кир'])).toEqual(['Кир']);
    expect(marked('Тракторы колёсные', ['трактора'])).toEqual(['Трактор']);
    expect(marked('Колёсные тракторы', ['колес'])).toEqual(['Колёс']);
    expect(marked('Кировец К-744Р3', ['744'])).toEqual(['744']);
    expect(marked('Кировец К-744Р3', ['к744'])).toEqual(['К-744']);
    expect(marked('Тракторы', ['тороктор'])).toEqual(['Тракторы']);
    expect(marked('Зерноуборочные комбайны', ['трактор'])).toEqual([]);
  });
  it('merges overlapping marks', () => {
    expect(highlightRanges('Кировец', ['ки', 'киро'])).toEqual([[0, 4]]);
  });
});

describe('withCorrections', () => {
  it("adds the variant with the catalogue's words for typos within the allowed distance", async () => {
    const { typoCandidates, withCorrections } = await import('./search.rules.ts');
    const q = prepareQuery('тороктор к744');
    expect(typoCandidates(q)).toEqual(['тороктор']);
    const fixed = withCorrections(q, [{ typed: 'тороктор', known: 'тракторы', distance: 2 }]);
    expect(fixed.variants.map((v) => v.folded)).toEqual(['тороктор к744', 'njнjrnjн r744', 'тракторы к744']);
    expect(fixed.terms).toContain('тракторы');
    expect(fixed.variants[2]).toEqual({ folded: 'тракторы к744', plain: 'тракторы к744', corrected: true });
    expect(withCorrections(q, [{ typed: 'тороктор', known: 'торф', distance: 3 }])).toBe(q);
  });
});

describe('nearestKnownWords', () => {
  const known = ['беларус', 'кировец', 'косилки', 'сеялки', 'тракторы', 'трактор', 'торф'];
  it('corrects a typed word to the nearest known word, ending included', () => {
    // 'трактор' and 'тракторы' are both two edits away: the one of the same length wins.
    expect(nearestKnownWords(['тороктор'], known)).toEqual([{ typed: 'тороктор', known: 'тракторы', distance: 2 }]);
    expect(nearestKnownWords(['белорус'], known)).toEqual([{ typed: 'белорус', known: 'беларус', distance: 1 }]);
  });
  it('takes a word being typed as the beginning of a known word: distance 0', () => {
    expect(nearestKnownWords(['трак'], known)[0]).toMatchObject({ known: 'трактор', distance: 0 });
    expect(nearestKnownWords(['кирове'], known)[0]).toMatchObject({ known: 'кировец', distance: 0 });
  });
  it('breaks ties by the closer length, then by code point order', () => {
    expect(nearestKnownWords(['абвг'], ['абвдее', 'абве', 'абвд'])[0]).toMatchObject({ known: 'абвд', distance: 1 });
  });
  it('finds nothing beyond three edits, and skips known words much shorter than the typed one', () => {
    expect(nearestKnownWords(['щщщщщщ'], known)).toEqual([]);
    expect(nearestKnownWords(['торфяники'], ['торф'])).toEqual([]);
  });
});

describe('levenshteinWithin', () => {
  it('is the edit distance when within the bound, the bound plus one beyond it', () => {
    const pairs: Array<[string, string]> = [['тороктор', 'трактор'], ['кировец', 'кировец'], ['', 'абв'], ['сеялка', 'сеялки'], ['абвгд', 'дгвба']];
    for (const [a, b] of pairs) {
      const d = levenshtein(a, b);
      for (const max of [0, 1, 2, 3]) expect(levenshteinWithin(a, b, max), `${a} ${b} ${max}`).toBe(Math.min(d, max + 1));
    }
  });
});

describe('plausibleIn', () => {
  const words = '\nбеларус\nкировец\nк744р3\nсеялки\nтракторы\njонn\ndееrе';
  const v = (text: string) => prepareQuery(text).variants[0]!;
  it('keeps a reading whose words are inside catalogue words, begin like one, or hold digits', () => {
    expect(plausibleIn(words, v('кир'))).toBe(true);
    expect(plausibleIn(words, v('john deere'))).toBe(true);
    expect(plausibleIn(words, v('сеялками'))).toBe(true);
    expect(plausibleIn(words, v('кировец r744'))).toBe(true);
  });
  it('takes two letters as the beginning of a word', () => {
    expect(plausibleIn(words, v('ки'))).toBe(true);
    expect(plausibleIn(words, v('ир'))).toBe(false);
  });
  it("drops the noise a query gives on the other layout: 'кир' → 'rbh', 'john' → 'ощрт'", () => {
    expect(plausibleIn(words, prepareQuery('кир').variants[1]!)).toBe(false);
    expect(plausibleIn(words, prepareQuery('john').variants[1]!)).toBe(false);
    expect(plausibleIn(words, prepareQuery('rbhjdtw').variants[1]!)).toBe(true);
  });
});

describe('a query naming a part and a machine', () => {
  const partWords = ['масляный', 'фильтр', 'двигателя', 'воздушный'];
  const v = (text: string) => prepareQuery(text).variants[0]!;
  it('splits the words parts are named with (in any form, or begun) from the machine\'s', () => {
    expect(splitPartAndMachine(v('масляный фильтр 6145'), partWords)).toEqual({ part: 'масляный фильтр', machine: '6145' });
    expect(splitPartAndMachine(v('фильтры масляные john deere 6145м'), partWords)).toEqual({ part: 'фильтры масляные', machine: foldText('john deere 6145м') });
    expect(splitPartAndMachine(v('фил 6145'), partWords)).toEqual({ part: 'фил', machine: '6145' });
  });
  it('is no split when only one of them is there', () => {
    expect(splitPartAndMachine(v('масляный фильтр'), partWords)).toBeNull();
    expect(splitPartAndMachine(v('6145'), partWords)).toBeNull();
    expect(splitPartAndMachine(v('кировец 744'), partWords)).toBeNull();
  });
});

describe('the nearest spelling offered when nothing is found', () => {
  const words = ['фильтр', 'масляный', 'мтз', 'трактор', 'тракторы'];
  const v = (text: string) => prepareQuery(text).variants[0]!;
  it('spells each word with the nearest known one, keeping codes and known words', () => {
    expect(nearestSpelling(v('фильтер'), words)).toBe('фильтр');
    expect(nearestSpelling(v('масляныйй фильтер 6145'), words)).toBe('масляный фильтр 6145');
    expect(nearestSpelling(v('мтс'), words)).toBe('мтз');
    // Of two words equally near, the one closest in length.
    expect(nearestSpelling(v('трактар'), words)).toBe('трактор');
  });
  it('offers nothing when no word has a near spelling, or none needs one', () => {
    expect(nearestSpelling(v('щъщъщъ'), words)).toBeNull();
    expect(nearestSpelling(v('фильтр 6145'), words)).toBeNull();
    expect(nearestSpelling(v('ab'), words)).toBeNull();
  });
});
