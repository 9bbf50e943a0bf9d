import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AreaTreeNode, RegionOption } from '#app/modules/regions/regions.schema.ts';
import {
  branchChangedTitle, defaultMapView, elsewhereText, filterTab, initialTabId, nextTabIndex, orderCountryTabs,
  parseAreaTree, savedRegionOf, tabOfRegion,
} from './region-ui.rules.ts';
import { RegionModal } from './RegionModal.tsx';
import { RegionTooltip } from './RegionTooltip.tsx';

const region = (id: number, root: number, label: string, adminCenter: string): RegionOption =>
  ({ id, root, label, adminCenter, center: [50, 50] });

const russia: AreaTreeNode = {
  id: 3220, label: 'Россия', countryId: 1,
  children: [region(4001, 3220, 'Алтайский край', 'Барнаул'), region(4050, 3220, 'Смоленская область', 'Смоленск')],
};
const kazakhstan: AreaTreeNode = {
  id: 3221, label: 'Казахстан', countryId: 115,
  children: [region(5001, 3221, 'Акмолинская область', 'Кокшетау'), region(5010, 3221, 'Алматинская область', 'Қонаев')],
};
const tree = [russia, kazakhstan];

describe('defaultMapView (spec: Russia 55.76,37.64; Kazakhstan 51.08,71.26; zoom 5)', () => {
  it('centres on the country of the tab', () => {
    expect(defaultMapView(3220)).toEqual({ center: [55.76, 37.64], zoom: 5 });
    expect(defaultMapView(3221)).toEqual({ center: [51.08, 71.26], zoom: 5 });
  });
  it('falls back to Russia for an unknown or missing root', () => {
    expect(defaultMapView(9999)).toEqual({ center: [55.76, 37.64], zoom: 5 });
    expect(defaultMapView(null)).toEqual({ center: [55.76, 37.64], zoom: 5 });
  });
  it('returns a fresh centre so callers cannot mutate the defaults', () => {
    defaultMapView(3220).center[0] = 0;
    expect(defaultMapView(3220).center[0]).toBe(55.76);
  });
});

describe('orderCountryTabs', () => {
  it('puts Russia first and Kazakhstan second whatever the server order', () => {
    expect(orderCountryTabs([kazakhstan, russia]).map((n) => n.id)).toEqual([3220, 3221]);
  });
  it('keeps other countries after them in server order', () => {
    const a = { ...russia, id: 1 };
    const b = { ...russia, id: 2 };
    expect(orderCountryTabs([a, kazakhstan, b, russia]).map((n) => n.id)).toEqual([3220, 3221, 1, 2]);
  });
  it('does not mutate its input', () => {
    const input = [kazakhstan, russia];
    orderCountryTabs(input);
    expect(input[0]).toBe(kazakhstan);
  });
});

describe('tabOfRegion / initialTabId', () => {
  it('finds the country holding the region', () => {
    expect(tabOfRegion(tree, 5010)).toBe(3221);
    expect(tabOfRegion(tree, 4050)).toBe(3220);
    expect(tabOfRegion(tree, 1)).toBeNull();
  });
  it('opens on the visitor\'s country, else on the first (Russian) tab', () => {
    expect(initialTabId(tree, 5001)).toBe(3221);
    expect(initialTabId([kazakhstan, russia], 1)).toBe(3220);
    expect(initialTabId([], 1)).toBeNull();
  });
});

describe('nextTabIndex (arrow keys move between tabs)', () => {
  it('wraps with the arrows', () => {
    expect(nextTabIndex(0, 'ArrowRight', 2)).toBe(1);
    expect(nextTabIndex(1, 'ArrowRight', 2)).toBe(0);
    expect(nextTabIndex(0, 'ArrowLeft', 2)).toBe(1);
  });
  it('jumps with Home and End', () => {
    expect(nextTabIndex(1, 'Home', 3)).toBe(0);
    expect(nextTabIndex(0, 'End', 3)).toBe(2);
  });
  it('ignores other keys and empty lists', () => {
    expect(nextTabIndex(0, 'Enter', 2)).toBeNull();
    expect(nextTabIndex(0, 'ArrowRight', 0)).toBeNull();
  });
});

describe('filterTab', () => {
  it('shows the whole tab for an empty query', () => {
    expect(filterTab(tree, 3220, '  ')).toEqual({ matches: russia.children, elsewhere: null });
  });
  it('filters only the active tab, by region or centre, ё-insensitive', () => {
    expect(filterTab(tree, 3220, 'смолен').matches.map((r) => r.id)).toEqual([4050]);
    expect(filterTab(tree, 3220, 'БАРНАУЛ').matches.map((r) => r.id)).toEqual([4001]);
  });
  it('offers the other tab when nothing matches here but something matches there', () => {
    expect(filterTab(tree, 3220, 'акмол')).toEqual({ matches: [], elsewhere: { tabId: 3221, label: 'Казахстан', count: 1, name: 'Акмолинская область' } });
    expect(filterTab(tree, 3221, 'смоленск')).toEqual({ matches: [], elsewhere: { tabId: 3220, label: 'Россия', count: 1, name: 'Смоленская область' } });
  });
  it('offers nothing when the query matches nowhere', () => {
    expect(filterTab(tree, 3220, 'атлантида')).toEqual({ matches: [], elsewhere: null });
  });
  it('does not point elsewhere while the active tab has matches', () => {
    // "Ал" matches in both countries.
    expect(filterTab(tree, 3220, 'ал').elsewhere).toBeNull();
  });
  it('copes with an unknown tab', () => {
    expect(filterTab(tree, null, 'смоленск').elsewhere?.tabId).toBe(3220);
  });
  it('names the centre when only the centre matched', () => {
    expect(filterTab(tree, 3220, 'кокш').elsewhere?.name).toBe('Кокшетау');
    expect(filterTab(tree, 3221, 'барнаул').elsewhere?.name).toBe('Барнаул');
  });
});

describe('elsewhereText: the button that switches the country tab says what was found and where', () => {
  it('one match: «Алматы — в Казахстане»', () => {
    expect(elsewhereText({ tabId: 3221, label: 'Казахстан', count: 1, name: 'Алматы' })).toBe('Алматы — в Казахстане');
    expect(elsewhereText({ tabId: 3220, label: 'Россия', count: 1, name: 'Смоленская область' })).toBe('Смоленская область — в России');
  });
  it('several matches: the first and how many more', () => {
    expect(elsewhereText({ tabId: 3221, label: 'Казахстан', count: 3, name: 'Алматы' })).toBe('Алматы и ещё 2 — в Казахстане');
  });
  it('a country without a known case form: the tab by name', () => {
    expect(elsewhereText({ tabId: 9999, label: 'Беларусь', count: 1, name: 'Минск' })).toBe('Минск — во вкладке «Беларусь»');
  });
  it('the filter typed in the Russian tab finds Алматы in Kazakhstan', () => {
    const almaty: AreaTreeNode = { ...kazakhstan, children: [...kazakhstan.children, region(5005, 3221, 'Алматы', 'Алматы')] };
    const found = filterTab([russia, almaty], 3220, 'алматы');
    expect(found.matches).toEqual([]);
    expect(found.elsewhere && elsewhereText(found.elsewhere)).toBe('Алматы — в Казахстане');
  });
});

describe('parseAreaTree', () => {
  it('accepts the endpoint\'s bare body and the api envelope', () => {
    expect(parseAreaTree({ areaTree: tree })).toEqual(tree);
    expect(parseAreaTree({ error_status: 'success', areaTree: tree })).toEqual(tree);
  });
  it('rejects errors and malformed bodies', () => {
    expect(parseAreaTree({ error_status: 'error', message: 'x' })).toBeNull();
    expect(parseAreaTree(null)).toBeNull();
    expect(parseAreaTree('oops')).toBeNull();
    expect(parseAreaTree({ areaTree: {} })).toBeNull();
    expect(parseAreaTree({ areaTree: [{ id: 'x' }] })).toBeNull();
  });
});

describe('savedRegionOf / branchChangedTitle', () => {
  it('takes the branch name and change flag from the save response', () => {
    expect(savedRegionOf({ currentBranch: { name: 'Смоленск' }, branchChanged: true })).toEqual({ currentBranchName: 'Смоленск', branchChanged: true });
  });
  it('titles the confirmation exactly as the spec says', () => {
    expect(branchChangedTitle('Смоленск')).toBe('Филиал изменен на Смоленск');
  });
});

// No DOM package is installed, so the components are checked only as the server renders them; clicks,
// the map and saving are covered in the browser.
describe('server render', () => {
  it('the tooltip is in the first HTML, asking about the region with the label in bold', () => {
    const html = renderToString(createElement(RegionTooltip, { label: 'Смоленская область', onConfirm: async () => {}, onChange: () => {} }));
    expect(html).toContain('role="dialog"');
    // The dialog is described by its question's text.
    const described = html.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toContain(`<p id="${described}"`);
    expect(html).toContain('aria-label="Подтверждение региона"');
    expect(html).toMatch(/Ваш регион (<!-- -->)?<strong[^>]*>Смоленская область<\/strong>(<!-- -->)?\?/);
    expect(html).toContain('Нет, указать');
    expect(html).toContain('>Да<');
  });
  it('the region modal adds nothing to the server HTML, so Leaflet and the tree stay out of the page', () => {
    const html = renderToString(createElement(RegionModal, {
      open: true, onClose: () => {}, currentRegionId: 4050, onSaved: () => {}, mapTileUrl: '', mapAttribution: '',
    }));
    expect(html).toBe('');
  });
});
