import { describe, expect, it } from 'vitest';
import { withRegion } from './api.ts';

describe('withRegion (spec §7: calls add region_id when the page URL has one)', () => {
  it('adds region_id from the page URL', () => {
    expect(withRegion('/api/cart?branchId=3', 'https://shop.test/contacts?region_id=5001')).toBe('/api/cart?branchId=3&region_id=5001');
  });
  it('leaves the call alone when the page has none', () => {
    expect(withRegion('/api/cart', 'https://shop.test/contacts')).toBe('/api/cart');
  });
});
