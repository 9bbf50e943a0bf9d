import { describe, expect, it } from 'vitest';
import {
  bestTone, centredPan, clearPartsFilters, emptyPartsState, encodePartsQuery, facetCounts, narrowsParts, parsePartsQuery, partsLineLink,
  partsSearch, stockTone, togglePartsFlag, togglePartsId, MAX_IDS_PER_LIST, type FacetItem,
} from './line.rules.ts';

const q = (s: string) => parsePartsQuery(new URLSearchParams(s));

describe('the parts query codec (spec §3 keys)', () => {
  it('reads the keys with [] and without, sorted and unique', () => {
    const s = q('categories[]=5&categories[]=2&categories=5&manufacturers[]=3&drawings[0]=101&models[]=7&model=8&stock[]=1&inStock=1&isWithPrice=true&sortOrder=name&page=3&drawing=102&serial=ab-12');
    expect(s).toMatchObject({
      categories: [2, 5], manufacturers: [3], drawings: [101], models: [7, 8], stock: [1], inStock: true, isWithPrice: true,
      sortOrder: 'name', page: 3, drawing: 102, serial: 'AB-12', serialInvalid: false, allSerials: false,
    });
  });
  it('drops what is not an id, an unknown stock option, sort or page, and too many ids', () => {
    const many = Array.from({ length: 80 }, (_, i) => `categories[]=${i + 1}`).join('&');
    const s = q(`${many}&manufacturers[]=abc&manufacturers[]=-1&manufacturers[]=99999999999&drawings[]=0&stock[]=2&sortOrder=evil&page=0&drawing=1e3`);
    expect(s.categories).toHaveLength(MAX_IDS_PER_LIST);
    expect(s).toMatchObject({ manufacturers: [], drawings: [], stock: [], sortOrder: 'popular', page: 1, drawing: null });
  });
  it('marks an invalid serial number and keeps allSerials only with a serial', () => {
    expect(q('serial=12/34&allSerials=1')).toMatchObject({ serial: null, serialInvalid: true, allSerials: false });
    expect(q(`serial=${'1'.repeat(33)}`)).toMatchObject({ serial: null, serialInvalid: true });
    expect(q('serial=&allSerials=1')).toMatchObject({ serial: null, serialInvalid: false, allSerials: false });
    expect(q('serial=2024&allSerials=1')).toMatchObject({ serial: '2024', allSerials: true });
  });
  it('writes one form of a state, defaults left out, and reads it back', () => {
    const s = q('page=2&models[]=8&models[]=7&inStock=1&serial=x1&allSerials=1&sortOrder=code');
    expect(encodePartsQuery(s).toString()).toBe('serial=X1&allSerials=1&inStock=1&models%5B%5D=7&models%5B%5D=8&sortOrder=code&page=2');
    expect(q(encodePartsQuery(s).toString())).toEqual(s);
    expect(partsSearch(emptyPartsState())).toBe('');
  });
});

describe('transitions (spec §4)', () => {
  it('toggling goes back to page 1; choosing drawings in the sidebar drops the slider\'s drawing', () => {
    const s = { ...emptyPartsState(), page: 4, drawing: 101 };
    expect(togglePartsId(s, 'categories', 3)).toMatchObject({ categories: [3], page: 1, drawing: 101 });
    expect(togglePartsId(s, 'drawings', 102)).toMatchObject({ drawings: [102], page: 1, drawing: null });
    expect(togglePartsId({ ...s, categories: [3] }, 'categories', 3).categories).toEqual([]);
    expect(togglePartsFlag(s, 'inStock')).toMatchObject({ inStock: true, page: 1 });
  });
  it('clearing keeps the machine\'s serial number and the order', () => {
    const s = q('categories[]=1&inStock=1&serial=2024&sortOrder=name&page=2');
    expect(clearPartsFilters(s)).toEqual({ ...emptyPartsState(), serial: '2024', sortOrder: 'name' });
  });
  it('narrowing filters list parts instead of a drawing; models and one drawing do not', () => {
    expect(narrowsParts(q('models[]=1&drawings[]=5&serial=1'))).toBe(false);
    for (const s of ['categories[]=1', 'manufacturers[]=1', 'stock[]=1', 'inStock=1', 'isWithPrice=1', 'drawings[]=1&drawings[]=2']) expect(narrowsParts(q(s))).toBe(true);
  });
});

describe('facetCounts', () => {
  const item = (o: Partial<FacetItem>): FacetItem => ({
    partId: 1, drawingId: 10, modelId: null, categoryId: 100, makerId: 1, inStock: false, withPrice: true, discounted: false, fits: true, ...o,
  });
  const items: FacetItem[] = [
    item({ partId: 1, drawingId: 10, categoryId: 100, inStock: true }),
    item({ partId: 2, drawingId: 10, categoryId: 200 }),
    item({ partId: 2, drawingId: 11, categoryId: 200 }), // the same part on two drawings counts once
    item({ partId: 3, drawingId: 12, modelId: 7, categoryId: 100, makerId: 2, discounted: true }),
    item({ partId: 4, drawingId: 10, categoryId: 100, fits: false, inStock: true }), // outside the serial range
  ];
  const models = [7, 8];

  it('counts each part once per option; positions outside the serial range do not count', () => {
    const c = facetCounts(items, emptyPartsState(), models);
    expect(c.total).toBe(3);
    expect([...c.categories]).toEqual([[100, 2], [200, 1]]);
    expect([...c.drawings]).toEqual([[10, 2], [11, 1], [12, 1]]);
    expect([...c.manufacturers]).toEqual([[1, 2], [2, 1]]);
    expect(c.inStock).toBe(1);
    expect(c.stock.get(1)).toBe(1);
    // The whole line's drawings count for every model; a model's own drawing for it only.
    expect([...c.models].sort()).toEqual([[7, 3], [8, 2]]);
  });

  it('an option counts with the other groups chosen, its own group left out', () => {
    const s = { ...emptyPartsState(), categories: [100], inStock: true };
    const c = facetCounts(items, s, models);
    expect(c.total).toBe(1);
    expect(c.matching.map((i) => i.partId)).toEqual([1]);
    // Categories count within in-stock parts: 200 has none in stock.
    expect(c.categories.get(100)).toBe(1);
    expect(c.categories.get(200) ?? 0).toBe(0);
    // In stock counts within category 100: parts 1 (in stock) of 1 and 3.
    expect(c.inStock).toBe(1);
  });

  it('models: a chosen model keeps the whole line\'s drawings and its own', () => {
    const c = facetCounts(items, { ...emptyPartsState(), models: [8] }, models);
    expect(c.matching.map((i) => i.partId)).toEqual([1, 2, 2]);
    expect(c.total).toBe(2);
  });
});

describe('small rules', () => {
  it('stock tones', () => {
    expect(stockTone(2, 0)).toBe('here');
    expect(stockTone(0, 5)).toBe('elsewhere');
    expect(stockTone(0, 0)).toBe('order');
    expect(bestTone(['order', 'elsewhere'])).toBe('elsewhere');
    expect(bestTone(['order', 'here'])).toBe('here');
    expect(bestTone([])).toBe('order');
  });
  it('the line\'s parts address', () => {
    expect(partsLineLink('kirovets', 'kirovets-k-7m')).toBe('/zapchasti/kirovets/kirovets-k-7m');
  });
});

describe('centring a balloon in the drawing frame', () => {
  const size = { width: 1000, height: 500 };
  it('puts a point in the middle when the zoomed drawing still covers the frame around it', () => {
    // The frame is 400 × 200 px; at 2.5× a point at (400, 250) of the drawing is 160 px, 100 px into the stage.
    expect(centredPan({ x: 400, y: 250 }, size, 400, 200, 2.5)).toEqual([40, 0]);
  });
  it('stops at the edge for a point by the drawing\'s edge: the stage keeps covering the frame, the point stays inside it', () => {
    const scale = 2.5;
    const [x, y] = centredPan({ x: 10, y: 490 }, size, 400, 200, scale);
    expect([x, y]).toEqual([120, -60]);
    // Where the point lands in the frame (panzoom scales about the stage's centre): inside, near its edges.
    const onScreen = (at: number, of: number, frame: number, pan: number) => frame / 2 + scale * ((at / of) * frame - frame / 2 + pan);
    expect(onScreen(10, 1000, 400, x)).toBeCloseTo(10);
    expect(onScreen(490, 500, 200, y)).toBeCloseTo(190);
    // The stage's left and bottom edges are on the frame's.
    expect(onScreen(0, 1000, 400, x)).toBeCloseTo(0);
    expect(onScreen(500, 500, 200, y)).toBeCloseTo(200);
  });
  it('does not pan a drawing shown whole', () => {
    expect(centredPan({ x: 10, y: 10 }, size, 400, 200, 1)).toEqual([0, 0]);
  });
});
