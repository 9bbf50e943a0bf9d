import { useMatches, useRouteLoaderData } from 'react-router';
import type { MenuEntry } from '#app/modules/catalog/catalog.schema.ts';
import type { MarksState } from '#app/modules/catalog/marks/marks.schema.ts';
import type { PageAlias } from '#app/modules/content/content.schema.ts';
import type { CurrentLocation } from '#app/modules/regions/regions.schema.ts';
import type { ViewerClass } from '#app/modules/auth/viewer.schema.ts';

export interface HeaderCounters { cart: number; bookmarks: number; compare: number }

/**
 * What the root loader gives every page of every area: the visitor's class, region and the
 * response's tokens, fetched once per document. It is the same for every visitor of the same class
 * (region, signed in or not, roles), so pages that hold it can be cached; who the visitor is comes
 * in `VisitorSnapshot`. What only one area's shell needs is that area's layout data (`ShopData`).
 */
export interface RootData {
  location: CurrentLocation;
  viewer: ViewerClass;
  csrfToken: string;
  nonce: string;
  toPrint: boolean;
  settings: {
    supplierPortalUrl: string; mapTileUrl: string; mapAttribution: string; supportEmail: string;
    /** Yandex SmartCaptcha site key; null when the sandbox captcha is in use. */
    captchaSiteKey: string | null;
    /** DEMO=true: every page shows the demo banner. */
    demo: boolean;
  };
}

/**
 * The visitor's own part of a page, never in a cached page nor in loader data: the document carries
 * it in a script element filled per response (visitor.ts), read once hydrated. For a guest only
 * `NOBODY`: his marks and cart count come from their endpoint and cookie.
 */
export interface VisitorSnapshot {
  userId: number | null;
  userName: string | null;
  counters: HeaderCounters | null;
  marks: MarksState | null;
}

export const NOBODY: VisitorSnapshot = { userId: null, userName: null, counters: null, marks: null };

export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('useRootData is used outside the root route');
  return data;
}

export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

/** The shop area's layout data (routes/shop.layout.tsx): what its header, footer and menus show. */
export interface ShopData {
  /** Top-level categories; the full tree loads when a menu opens (useMachineryMenu). */
  menu: MenuEntry[];
}

/** The catalogue's top categories in the shop's area; none elsewhere (or when its loader failed). */
export function useShopMenu(): MenuEntry[] {
  return (useRouteLoaderData('shop') as ShopData | undefined)?.menu ?? [];
}

/**
 * A route tells the header what the page shows (spec §3 pathData: controller and reference id, used
 * by the spare-parts link) from its own loader data: `handle: { pathData: (data) => PageAlias }`.
 * Pages without it are 'other'. Reading the loader data keeps client navigations free of a second
 * look-up of the same alias.
 */
export interface PathDataHandle { pathData?: (data: unknown) => PageAlias }

export const OTHER_PAGE: PageAlias = { controller: 'other', referenceId: null };

export function usePageAlias(): PageAlias {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const handle = last?.handle as PathDataHandle | undefined;
  return (last && handle?.pathData?.(last.loaderData)) ?? OTHER_PAGE;
}
