import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS, initialDeliveryState, type DeliveryState } from '../delivery.rules.ts';
import { comboboxKey, formatDays, formatKm, formatPrice, terminalsByCarrier } from './delivery-ui.rules.ts';
import { DeliveryPanel, type DeliveryClient, type DeliveryPanelProps } from './DeliveryPanel.tsx';

// No DOM package is installed (see Dialog.test.tsx): the panel is rendered to HTML for its markup
// and states, its keyboard and transitions are pure functions tested here; the clicks are the
// cart journey's once the cart page mounts the panel.
const never = () => new Promise<never>(() => {});
const client: DeliveryClient = { suggest: never, locate: never, nearestTerminals: never, price: never };
const branches = [
  { id: 1, name: 'Смоленск', city: 'Смоленск', address: 'ул. Шевченко, 92' },
  { id: 24, name: 'Астана', city: 'Астана', address: 'ул. Жансугурова, 8' },
];
const props = (extra: Partial<DeliveryPanelProps> = {}): DeliveryPanelProps => ({
  branches, currentBranchId: 1, checkedLines: [{ partId: 5, count: 2 }], checkedTotal: 3000, currencySign: 'руб.',
  tileUrl: '/tiles/{z}/{x}/{y}.png', attribution: '©', onChange: () => {}, client, ...extra,
});
const render = (p: DeliveryPanelProps) => renderToString(<DeliveryPanel {...p} />).replaceAll('<!-- -->', '');
const withState = (patch: Partial<DeliveryState>) => ({ ...initialDeliveryState(1, 'руб.'), ...patch });

describe('DeliveryPanel', () => {
  it('starts with pickup at the visitor\'s branch; offers the three methods as radios', () => {
    const html = render(props());
    expect(html).toContain('Самовывоз');
    expect(html).toContain('Доставка до адреса');
    expect(html).toContain('До терминала ТК');
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    expect(html).toContain('checked="" value="pickup"');
    expect(html).toContain('Филиал самовывоза');
    expect(html).toContain('Заберите заказ в филиале Смоленск: Смоленск, ул. Шевченко, 92.');
  });

  it('calc: an address combobox with its ARIA wiring, and the hint until an address is chosen', () => {
    const html = render(props({ initialState: withState({ method: 'calc' }) }));
    expect(html).toContain('Филиал отгрузки');
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-autocomplete="list"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toMatch(/aria-controls="[^"]+-list"/);
    expect(html).toContain('role="listbox"');
    expect(html).toContain('Укажите адрес и отметьте товары с ценой');
  });

  it('calc: the chosen address shows in the field; a failed price shows the Russian message', () => {
    const address = { ...EMPTY_ADDRESS, city: 'Москва', street: 'ул Ленина', house: '5' };
    const priced = withState({ method: 'calc', address, coords: { lat: 55.7, long: 37.6 } });
    expect(render(props({ initialState: priced }))).toContain('value="Москва, ул Ленина, 5"');
    const failed = render(props({ initialState: { ...priced, failCalcDelivery: true } }));
    expect(failed).toContain('Не удалось рассчитать доставку — менеджер уточнит стоимость');
  });

  it('with nothing checked it asks to check priced items (spec §4, §5)', () => {
    const html = render(props({ checkedLines: [], checkedTotal: 0, initialState: withState({ method: 'calc' }) }));
    expect(html).toContain('Отметьте товары с ценой');
  });

  it('an address typed when no suggestion matched shows as typed, in both methods, and the terminals say where they were looked for', () => {
    const place = { ...EMPTY_ADDRESS, country: 'Россия', region: 'Смоленская обл', city: 'Смоленск' };
    const coords = { lat: 54.78, long: 32.04 };
    const typed = withState({ method: 'calc', address: place, coords, terminalAddress: place, coordsOfAddressForTerminals: coords, typedAddress: 'Смоленск, ул Кирова, 5' });
    expect(render(props({ initialState: typed }))).toContain('value="Смоленск, ул Кирова, 5"');
    const terminals = render(props({ initialState: { ...typed, method: 'terminals' } }));
    expect(terminals).toContain('value="Смоленск, ул Кирова, 5"');
    expect(terminals).toContain('Точного адреса нет в справочнике — показываем терминалы рядом с «Смоленск».');
  });

  it('terminals: the address field; no map or list before an address is chosen', () => {
    const html = render(props({ initialState: withState({ method: 'terminals' }) }));
    expect(html).toContain('Ваш адрес — найдём ближайшие терминалы');
    expect(html).not.toContain('Транспортные компании');
    expect(html).not.toContain('leaflet');
  });
});

describe('the address combobox keys (WAI-ARIA list autocomplete)', () => {
  const closed = { open: false, active: -1 };
  it('arrows open the list and move through it, wrapping', () => {
    expect(comboboxKey('ArrowDown', closed, 3)).toEqual({ state: { open: true, active: 0 }, handled: true });
    expect(comboboxKey('ArrowUp', closed, 3)).toEqual({ state: { open: true, active: 2 }, handled: true });
    expect(comboboxKey('ArrowDown', { open: true, active: 2 }, 3).state.active).toBe(0);
    expect(comboboxKey('ArrowUp', { open: true, active: 0 }, 3).state.active).toBe(2);
    expect(comboboxKey('ArrowDown', { open: true, active: -1 }, 3).state.active).toBe(0);
    expect(comboboxKey('ArrowUp', { open: true, active: -1 }, 3).state.active).toBe(2);
    expect(comboboxKey('ArrowDown', closed, 0).handled).toBe(false);
  });
  it('Enter chooses the active suggestion; Escape closes the list, then is left to the page', () => {
    expect(comboboxKey('Enter', { open: true, active: 1 }, 3)).toEqual({ state: closed, choose: 1, handled: true });
    expect(comboboxKey('Enter', { open: true, active: -1 }, 3).handled).toBe(false);
    expect(comboboxKey('Enter', closed, 3).handled).toBe(false);
    expect(comboboxKey('Escape', { open: true, active: 1 }, 3)).toEqual({ state: closed, handled: true });
    expect(comboboxKey('Escape', closed, 3).handled).toBe(false);
    expect(comboboxKey('a', { open: true, active: 1 }, 3).handled).toBe(false);
  });
});

describe('the panel\'s words', () => {
  it('writes prices, days and kilometres the Russian way', () => {
    expect(formatPrice(12450, 'руб.')).toBe('12\u00a0450\u00a0руб.');
    expect(formatPrice(900, '₸')).toBe('900\u00a0₸');
    expect([1, 2, 5, 21].map(formatDays)).toEqual(['1\u00a0день', '2\u00a0дня', '5\u00a0дней', '21\u00a0день']);
    expect(formatKm(1234)).toBe('1\u00a0234\u00a0км');
  });
  it('groups terminals by company in the answer\'s order', () => {
    const t = (id: number, carrier: 'cdek' | 'pek') => ({ id, carrier, carrierName: carrier, city: 'М', address: 'а', coords: { lat: 0, long: 0 }, distanceKm: id });
    expect(terminalsByCarrier([t(1, 'cdek'), t(2, 'pek'), t(3, 'cdek')]).map((g) => [g.carrier, g.terminals.map((x) => x.id)])).toEqual([['cdek', [1, 3]], ['pek', [2]]]);
  });
});
