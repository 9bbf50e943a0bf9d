import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { SharedMarkupSource } from '#app/components/ui/SharedMarkup.tsx';

/**
 * The server's store of shared markup (ADR 048): what `SharedMarkup` components rendered, by
 * component and props, within a bound on its size. Two generations keep it cheap to read: new
 * markup and markup used again go to the young one; when it holds half the bound it becomes the
 * old one and the former old one is dropped, so what was not used for a whole generation goes.
 *
 * A miss renders inline as before and makes the markup afterwards, in a task of its own: never
 * inside a render in progress, whose hook state a nested render would overwrite. So the first
 * request for a card pays nothing extra and the next ones reuse it.
 */
export interface SharedMarkupStore extends SharedMarkupSource {
  /** Markup pieces kept (for tests and the benchmark's notes). */
  readonly entries: number;
  /** Characters kept, keys included. */
  readonly chars: number;
  /** Resolves when every markup asked for so far has been made. */
  settled(): Promise<void>;
}

export interface SharedMarkupOptions {
  /** Upper bound of the characters kept, keys included. */
  maxChars?: number;
}

/** 16 M characters: some 10,000 cards' bodies and prices, about 32 MB of the process's memory. */
const DEFAULT_MAX_CHARS = 16 * 1024 * 1024;

/** Markup with a Suspense boundary in it depends on when its parts came: it is not shared. */
const SUSPENSE_MARK = '<!--$';
/**
 * What React hoists into the document's head (an eager image's preload, a title) comes first in a
 * render of its own: such a component's markup differs from its part of a page, so it is not shared.
 */
const HOISTED = /^<(?:link|meta|title|style|script)\b/;

export function createSharedMarkupStore({ maxChars = DEFAULT_MAX_CHARS }: SharedMarkupOptions = {}): SharedMarkupStore {
  const componentIds = new WeakMap<ComponentType<never>, number>();
  let nextComponentId = 0;
  // null: tried, cannot be shared (it threw or suspended); it is rendered inline every time.
  let young = new Map<string, string | null>();
  let old = new Map<string, string | null>();
  let youngChars = 0;
  let oldChars = 0;
  const making = new Map<string, Promise<void>>();

  const keep = (key: string, html: string | null) => {
    young.set(key, html);
    youngChars += key.length + (html?.length ?? 0);
    if (youngChars * 2 > maxChars) {
      old = young;
      oldChars = youngChars;
      young = new Map();
      youngChars = 0;
    }
  };

  const keyOf = <P extends object>(component: ComponentType<P>, props: P): string | null => {
    let id = componentIds.get(component as ComponentType<never>);
    if (id === undefined) componentIds.set(component as ComponentType<never>, id = nextComponentId++);
    try {
      return `${id}:${JSON.stringify(props)}`;
    } catch {
      return null; // a cycle or a bigint: not a key
    }
  };

  const make = <P extends object>(key: string, component: ComponentType<P>, props: P) => {
    let html: string | null;
    try {
      html = renderToString(createElement(component, props));
      if (html.includes(SUSPENSE_MARK) || HOISTED.test(html)) html = null;
    } catch {
      html = null;
    }
    keep(key, html);
  };

  return {
    markup(component, props) {
      const key = keyOf(component, props);
      if (key === null) return null;
      const html = young.get(key);
      if (html !== undefined) return html;
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
    },
    get entries() { return young.size + old.size; },
    get chars() { return youngChars + oldChars; },
    async settled() {
      while (making.size) await Promise.all(making.values());
    },
  };
}

/** The process's store, given to every page render by the server's entry. */
export const sharedMarkup = createSharedMarkupStore();
