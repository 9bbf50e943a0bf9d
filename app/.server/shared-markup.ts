import { randomBytes } from 'node:crypto';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { SharedMarkupSource } from '#app/components/ui/SharedMarkup.tsx';
import { jsonOf } from '#app/lib/json-memo.ts';

/**
 * The server's store of shared markup (ADR 048): what `SharedMarkup` components rendered, by
 * component and props, within a bound on its size. Two generations keep it cheap to read: new
 * markup and markup used again go to the young one; when it holds half the bound it becomes the
 * old one and the former old one is dropped, so what was not used for a whole generation goes.
 *
 * A miss renders inline as before and makes the markup afterwards, in a task of its own: never
 * inside a render in progress, whose hook state a nested render would overwrite. So the first
 * request for a card pays nothing extra and the next ones reuse it.
 *
 * The markup is kept as UTF-8 bytes. A document takes it through `forDocument` (ADR 054): React
 * writes a short mark where a piece goes and the document's stream puts the piece's bytes there, so
 * a page's hundred pieces are neither measured by React nor encoded again on every request.
 */
export interface SharedMarkupStore extends SharedMarkupSource {
  /** The store as one document sees it: marks in React's output, spliced by `splice`. */
  forDocument(): DocumentMarkup;
  /** Markup pieces kept (for tests and the benchmark's notes). */
  readonly entries: number;
  /** Bytes kept: keys' characters, the props' texts behind their tokens and markup's bytes. */
  readonly size: number;
  /** Resolves when every markup asked for so far has been made. */
  settled(): Promise<void>;
}

/** The shared markup of one document: `markup` gives marks, `splice` replaces them with the pieces. */
export interface DocumentMarkup extends SharedMarkupSource {
  /** The document's bytes with each mark of this document replaced by its piece. */
  splice(bytes: Buffer): Buffer;
}

export interface SharedMarkupOptions {
  /** Upper bound of the bytes kept, keys included. */
  maxSize?: number;
}

/** 32 MB: some 10,000 cards' bodies and prices. */
const DEFAULT_MAX_SIZE = 32 * 1024 * 1024;

/**
 * A mark is STX, the store's nonce, the piece's number in its document and ETX. React writes it as
 * it is (inner HTML); a page's own text may hold STX (React does not escape control characters), but
 * not the nonce, which is random per process: such text passes untouched.
 */
const STX = 0x02;
const ETX = 0x03;
const ZERO = 0x30;

/**
 * A Suspense boundary whose content had not come (a lazy module still loading: its fallback, left
 * for the browser to render) depends on when the markup was made: it is not kept, and made again
 * when asked next, at most `MAX_TRIES` times. A finished boundary (`<!--$-->`) is the same bytes
 * every time and is shared.
 */
const UNFINISHED_BOUNDARY = /<!--\$[?!]/;
const MAX_TRIES = 3;
/** Keys waiting for another try: beyond this many, an unfinished piece is given up at once. */
const MAX_RETRIED_KEYS = 1024;
/**
 * What React hoists into the document's head (an eager image's preload, a title) comes first in a
 * render of its own: such a component's markup differs from its part of a page, so it is not shared.
 */
const HOISTED = /^<(?:link|meta|title|style|script)\b/;

export function createSharedMarkupStore({ maxSize = DEFAULT_MAX_SIZE }: SharedMarkupOptions = {}): SharedMarkupStore {
  const componentIds = new WeakMap<ComponentType<never>, number>();
  let nextComponentId = 0;
  // null: tried, cannot be shared (it threw or suspended); it is rendered inline every time.
  let young = new Map<string, Buffer | null>();
  let old = new Map<string, Buffer | null>();
  let youngSize = 0;
  let oldSize = 0;
  const making = new Map<string, Promise<void>>();
  const nonce = randomBytes(6).toString('hex');
  const nonceBytes = Buffer.from(nonce);

  const keep = (key: string, bytes: Buffer | null) => {
    young.set(key, bytes);
    grow(key.length + (bytes?.length ?? 0));
  };
  // The texts interned for tokens count against the bound with the pieces: a key is short, but the
  // props' JSON behind its tokens is not.
  const grow = (size: number) => {
    youngSize += size;
    if (youngSize * 2 > maxSize) {
      old = young;
      oldSize = youngSize;
      young = new Map();
      youngSize = 0;
      // Tokens are never reused, so a text seen again after this gets a new one: its markup is made
      // again once, and the texts of a whole generation do not stay in memory.
      interned = new Map();
    }
  };

  // A prop's object or array stands in a key for its JSON by a token: the same text, the same token.
  // Views kept in memory (a card, a model line) come as the same objects page after page, so their
  // JSON is made once, not once per page, and a key is a few dozen characters to hash and compare.
  const tokens = new WeakMap<object, string>();
  const shown = CHECK_UNCHANGED ? new WeakMap<object, string>() : null;
  let interned = new Map<string, string>();
  let nextToken = 0;
  const tokenOf = (value: object): string => {
    let token = tokens.get(value);
    if (token !== undefined) {
      if (shown) checkUnchanged(value, shown);
      return token;
    }
    // A list made anew for each page out of kept views (a page of cards) is named by its items'
    // tokens instead of its JSON: the same tokens in the same order are the same JSON, and no JSON
    // text starts as these do ('[#').
    const text = isListOfObjects(value) ? `[${value.map(tokenOf).join(',')}]` : jsonOf(value);
    token = interned.get(text);
    if (token === undefined) {
      interned.set(text, (token = `#${nextToken++}`));
      grow(text.length);
    }
    tokens.set(value, token);
    shown?.set(value, JSON.stringify(value));
    return token;
  };

  const keyOf = <P extends object>(component: ComponentType<P>, props: P): string | null => {
    let id = componentIds.get(component as ComponentType<never>);
    if (id === undefined) componentIds.set(component as ComponentType<never>, id = nextComponentId++);
    try {
      let key = `${id}:`;
      for (const name in props) {
        const value: unknown = props[name];
        // As in JSON: handlers and undefined are no part of the markup's identity.
        if (value === undefined || typeof value === 'function') continue;
        key += `${name}=${typeof value === 'object' && value !== null ? tokenOf(value) : JSON.stringify(value)},`;
      }
      return key;
    } catch (error) {
      if (error instanceof ChangedPropError) throw error;
      return null; // a cycle or a bigint: not a key
    }
  };

  // Keys whose markup came with an unfinished boundary, and how many times.
  const tries = new Map<string, number>();
  const make = <P extends object>(key: string, component: ComponentType<P>, props: P) => {
    let bytes: Buffer | null;
    try {
      const html = renderToString(createElement(component, props));
      if (UNFINISHED_BOUNDARY.test(html)) {
        const tried = (tries.get(key) ?? 0) + 1;
        if (tried < MAX_TRIES && tries.size < MAX_RETRIED_KEYS) {
          tries.set(key, tried);
          return;
        }
      }
      tries.delete(key);
      bytes = UNFINISHED_BOUNDARY.test(html) || HOISTED.test(html) ? null : Buffer.from(html);
    } catch {
      bytes = null;
    }
    keep(key, bytes);
  };

  /** The piece's bytes if made; else null, and it is made after this request. */
  const piece = <P extends object>(component: ComponentType<P>, props: P): Buffer | null => {
    const key = keyOf(component, props);
    if (key === null) return null;
    const bytes = young.get(key);
    if (bytes !== undefined) return bytes;
    const older = old.get(key);
    if (older !== undefined) {
      keep(key, older);
      return older;
    }
    if (!making.has(key)) {
      making.set(key, new Promise<void>((resolve) => setImmediate(() => {
        making.delete(key);
        make(key, component, props);
        resolve();
      })));
    }
    return null;
  };

  return {
    markup(component, props) {
      return piece(component, props)?.toString('utf8') ?? null;
    },
    forDocument() {
      // The pieces this document was given, by their number in its marks: a piece dropped from the
      // store before the document is written still reaches it.
      const pieces: Buffer[] = [];
      // The same mark stands as inner HTML or as text: it holds nothing React escapes.
      const markOf = <P extends object>(component: ComponentType<P>, props: P): string | null => {
        const bytes = piece(component, props);
        if (bytes === null) return null;
        pieces.push(bytes);
        return `\u0002${nonce}${pieces.length - 1}\u0003`;
      };
      return {
        markup: markOf,
        mark: markOf,
        splice: (bytes) => (pieces.length === 0 ? bytes : spliced(bytes, nonceBytes, pieces)),
      };
    },
    get entries() { return young.size + old.size; },
    get size() { return youngSize + oldSize; },
    async settled() {
      while (making.size) await Promise.all(making.values());
    },
  };
}

function spliced(bytes: Buffer, nonce: Buffer, pieces: Buffer[]): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(STX); at !== -1; at = bytes.indexOf(STX, at + 1)) {
    const digits = at + 1 + nonce.length;
    if (bytes.compare(nonce, 0, nonce.length, at + 1, digits) !== 0) continue;
    let index = 0;
    let end = digits;
    for (; end < bytes.length && bytes[end]! >= ZERO && bytes[end]! <= ZERO + 9; end++) index = index * 10 + bytes[end]! - ZERO;
    if (end === digits || bytes[end] !== ETX || index >= pieces.length) continue;
    parts.push(bytes.subarray(from, at), pieces[index]!);
    from = end + 1;
  }
  if (parts.length === 0) return bytes;
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/**
 * Tokens stand for objects by identity: an object changed after it was first shown would keep its
 * first markup. Views are never changed once made; tests and development check it.
 */
const CHECK_UNCHANGED = Boolean(import.meta.env?.DEV) || process.env.NODE_ENV === 'test';

class ChangedPropError extends Error {}

function isListOfObjects(value: object): value is object[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'object' && item !== null);
}

function checkUnchanged(value: object, shown: WeakMap<object, string>): void {
  const json = JSON.stringify(value);
  if (shown.get(value) !== json) throw new ChangedPropError(`shared markup: a prop changed after it was shown: ${json.slice(0, 120)}`);
}

/** The process's store, given to every page render by the server's entry. */
export const sharedMarkup = createSharedMarkupStore();
