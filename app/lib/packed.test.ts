import { describe, expect, it, vi } from 'vitest';
import { createDocumentViews, pack, unpack, DOCUMENT_VIEWS_ID } from './packed.ts';

describe('a packed view', () => {
  const view = { title: 'Тракторы', items: [{ id: 1, price: 652_700_000, oldPrice: null }], trail: [] };

  it('travels as one JSON text and reads back equal', () => {
    const packed = pack(view);
    expect(Object.keys(packed)).toEqual(['json']);
    const sent = JSON.parse(JSON.stringify(packed)) as typeof packed;
    expect(unpack(sent)).toEqual(view);
  });

  it('refuses what JSON would lose, such as a streamed promise', () => {
    expect(() => pack({ similar: Promise.resolve([]) })).toThrow(/promise/);
  });

  it('is the same object on the server and parsed once in the browser', () => {
    const packed = pack(view);
    expect(unpack(packed)).toBe(view);
    const arrived = { json: (packed as { json: string }).json };
    expect(unpack(arrived)).toBe(unpack(arrived));
  });

  it('in a document, travels once beside the loader data, which names it; the browser reads it there', () => {
    const document = createDocumentViews();
    expect(document.text()).toBeNull();
    const hostile = { ...view, title: '</script><script>alert(1)</script> <!-- «Тракторы»' };
    const first = pack(hostile, document);
    const second = pack(view, document);
    expect(first).toEqual({ ref: 'v0' });
    expect(second).toEqual({ ref: 'v1' });
    const text = document.text()!;
    // Nothing in the text can end the script element that holds it.
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ v0: hostile, v1: view });
    const element = { id: DOCUMENT_VIEWS_ID, textContent: text };
    vi.stubGlobal('document', { getElementById: (id: string) => (id === element.id ? element : null) });
    try {
      // As the browser has the loader data: the name only, not the object the server kept.
      expect(unpack({ ref: 'v0' })).toEqual(hostile);
      expect(unpack({ ref: 'v1' })).toEqual(view);
      expect(() => unpack({ ref: 'v9' })).toThrow(/v9/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
