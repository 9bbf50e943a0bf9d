import { KAZAKHSTAN_ROOT_ID, MAP_ZOOM, RUSSIA_ROOT_ID } from '#app/modules/regions/regions.constants.ts';
import { filterRegions } from '#app/modules/regions/regions.rules.ts';
import type { AreaTreeNode, RegionOption } from '#app/modules/regions/regions.schema.ts';

/** Mobile layout is below 768 px (tokens.css); the modal saves on click only at and above it. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 768px)';

export interface MapView { center: [number, number]; zoom: number }

const MAP_VIEW_BY_ROOT: Record<number, [number, number]> = {
  [RUSSIA_ROOT_ID]: [55.76, 37.64],
  [KAZAKHSTAN_ROOT_ID]: [51.08, 71.26],
};

/** Spec: the map opens on Moscow for Russia and on Astana for Kazakhstan; unknown roots fall back to Russia. */
export function defaultMapView(rootId: number | null): MapView {
  const center = (rootId !== null ? MAP_VIEW_BY_ROOT[rootId] : undefined) ?? MAP_VIEW_BY_ROOT[RUSSIA_ROOT_ID]!;
  return { center: [center[0], center[1]], zoom: MAP_ZOOM };
}

const TAB_PRIORITY = [RUSSIA_ROOT_ID, KAZAKHSTAN_ROOT_ID];

/** Russia first, Kazakhstan second whatever order the server sends; any further country keeps its order after them. */
export function orderCountryTabs(tree: readonly AreaTreeNode[]): AreaTreeNode[] {
  const rank = (node: AreaTreeNode) => {
    const i = TAB_PRIORITY.indexOf(node.id);
    return i === -1 ? TAB_PRIORITY.length : i;
  };
  // Array.prototype.sort is stable, so countries outside the priority list keep the server's order.
  return [...tree].sort((a, b) => rank(a) - rank(b));
}

/** The country tab that lists the region, or null when the id is not in the tree. */
export function tabOfRegion(tree: readonly AreaTreeNode[], regionId: number): number | null {
  for (const node of tree) {
    if (node.children.some((r) => r.id === regionId)) return node.id;
  }
  return null;
}

/** The tab the modal opens on: the visitor's country, else the first tab. */
export function initialTabId(tree: readonly AreaTreeNode[], regionId: number): number | null {
  return tabOfRegion(tree, regionId) ?? orderCountryTabs(tree)[0]?.id ?? null;
}

/** Roving focus of the tablist (WAI-ARIA tabs pattern): arrows wrap, Home/End jump; other keys are not ours. */
export function nextTabIndex(current: number, key: string, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight': return (current + 1) % count;
    case 'ArrowLeft': return (current - 1 + count) % count;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
}

export interface FilterOutcome {
  /** Regions of the active tab that match. */
  matches: RegionOption[];
  /**
   * When nothing matches here, the first other tab that has matches, so the modal can offer to switch
   * instead of leaving the visitor to guess which country the region is in.
   */
  elsewhere: Elsewhere | null;
}

export interface Elsewhere {
  tabId: number;
  /** The tab's label ('Казахстан'). */
  label: string;
  /** How many regions of that tab match. */
  count: number;
  /** The first match as the visitor typed it: the region's name, or its centre when only the centre matched ('Алматы'). */
  name: string;
}

/** Where a country is, in the sentence 'Алматы — в Казахстане'. */
const COUNTRY_LOCATIVE: Record<number, string> = {
  [RUSSIA_ROOT_ID]: 'в России',
  [KAZAKHSTAN_ROOT_ID]: 'в Казахстане',
};

/**
 * The button that switches to the other country's tab: it names what was found and where
 * ('Алматы — в Казахстане'; 'Алтайский край и ещё 1 — в России'), so the visitor sees the answer, not a riddle.
 */
export function elsewhereText(elsewhere: Elsewhere): string {
  const where = COUNTRY_LOCATIVE[elsewhere.tabId] ?? `во вкладке «${elsewhere.label}»`;
  const what = elsewhere.count > 1 ? `${elsewhere.name} и ещё ${elsewhere.count - 1}` : elsewhere.name;
  return `${what} — ${where}`;
}

function matchedName(region: RegionOption, query: string): string {
  const needle = query.trim().toLocaleLowerCase('ru-RU').replaceAll('ё', 'е');
  const label = region.label.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е');
  return label.includes(needle) || !region.adminCenter ? region.label : region.adminCenter;
}

export function filterTab(tree: readonly AreaTreeNode[], activeTabId: number | null, query: string): FilterOutcome {
  const active = tree.find((n) => n.id === activeTabId);
  const matches = active ? filterRegions(active.children, query) : [];
  if (matches.length > 0 || !query.trim()) return { matches, elsewhere: null };
  for (const node of orderCountryTabs(tree)) {
    if (node.id === activeTabId) continue;
    const found = filterRegions(node.children, query);
    const first = found[0];
    if (first) return { matches, elsewhere: { tabId: node.id, label: node.label, count: found.length, name: matchedName(first, query) } };
  }
  return { matches, elsewhere: null };
}

/**
 * The area-tree endpoint answers with the cached bytes `{ areaTree }`, without `error_status`, so the
 * shared `api()` client would report it as a network failure; this accepts it with or without the envelope.
 */
export function parseAreaTree(data: unknown): AreaTreeNode[] | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as { error_status?: unknown; areaTree?: unknown };
  if (record.error_status !== undefined && record.error_status !== 'success') return null;
  if (!Array.isArray(record.areaTree)) return null;
  const valid = record.areaTree.every((node: unknown) => {
    if (!node || typeof node !== 'object') return false;
    const n = node as Partial<AreaTreeNode>;
    return typeof n.id === 'number' && typeof n.label === 'string' && Array.isArray(n.children);
  });
  return valid ? (record.areaTree as AreaTreeNode[]) : null;
}

/** What the modal hands its parent after a save: the branch name for 'Филиал изменен на …'. */
export interface SavedRegion { currentBranchName: string; branchChanged: boolean }

export function savedRegionOf(response: { currentBranch: { name: string }; branchChanged: boolean }): SavedRegion {
  return { currentBranchName: response.currentBranch.name, branchChanged: response.branchChanged === true };
}

/** Title of the dialog confirming a branch change (spec: 'Филиал изменен на {branch}'). */
export function branchChangedTitle(branchName: string): string {
  return `Филиал изменен на ${branchName}`;
}
