import type { ModelCardView } from '../catalog.schema.ts';

/** A signed-in visitor's card with every part shown: old price, sale, «Суперцена», four specifications. */
export const modelCardFixture: ModelCardView = {
  id: 7,
  name: 'Кировец К-735',
  link: '/catalog/traktory-kolesnye/kirovets-k-7/k-735',
  productCode: 'K735',
  image: { src: '/images/models/k-735.svg', width: 640, height: 480, alt: 'Кировец К-735' },
  modelLine: { id: 3, name: 'К-7' },
  manufacturer: { id: 2, name: 'Петербургский тракторный завод' },
  keySpecs: [{ name: 'Мощность', value: '350 л.с.' }, { name: 'Масса', value: '15 800 кг' }, { name: 'Бак', value: '1 000 л' }, { name: 'Колёса', value: '4' }],
  offer: { branchId: 1, currency: 'RUB', price: 17_000_000_00, oldPrice: 20_000_000_00, superPrice: true, quantity: 2, expectedDate: null },
  inStock: true,
};
