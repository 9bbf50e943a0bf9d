import {
  Component, Suspense, lazy, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore,
  type KeyboardEvent, type ReactNode,
} from 'react';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { api } from '#app/lib/api.ts';
import type { AreaTreeNode, BranchView } from '#app/modules/regions/regions.schema.ts';
import {
  DESKTOP_MEDIA_QUERY, defaultMapView, elsewhereText, filterTab, initialTabId, nextTabIndex, orderCountryTabs, parseAreaTree,
  savedRegionOf, tabOfRegion, type SavedRegion,
} from './region-ui.rules.ts';
import styles from './RegionModal.module.css';

// Leaflet's JS and CSS are fetched only when the visitor asks for the map.
const RegionMap = lazy(() => import('./RegionMap.tsx'));

export interface RegionModalProps {
  open: boolean;
  onClose: () => void;
  currentRegionId: number;
  /** The parent shows 'Филиал изменен на …' and reloads after RELOAD_AFTER_SAVE_MS; the modal never reloads. */
  onSaved: (result: SavedRegion) => void;
  mapTileUrl: string;
  mapAttribution: string;
}

/** 'idle' means "not loaded yet": the load effect starts the request, so it renders as loading. */
type TreeState = { status: 'idle' } | { status: 'ready'; tree: AreaTreeNode[] } | { status: 'error' };

interface SaveResponse { currentBranch: Pick<BranchView, 'name'>; branchChanged: boolean }

const AREA_TREE_URL = '/api/current-area/area-tree';
const SAVE_URL = '/api/current-area/save';

/*
 * Not through api(): the endpoint serves cached bytes `{ areaTree }` without `error_status`, which api()
 * reports as a network failure. A GET needs neither the CSRF token nor region_id (the tree is the same
 * for every region, and a stable URL keeps its public Cache-Control useful).
 */
async function fetchAreaTree(): Promise<AreaTreeNode[] | null> {
  try {
    const response = await fetch(AREA_TREE_URL, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    if (!response.ok) return null;
    return parseAreaTree(await response.json());
  } catch {
    return null;
  }
}

function subscribeDesktop(onChange: () => void): () => void {
  const query = window.matchMedia(DESKTOP_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Desktop saves on click, mobile selects and saves with a button; the server cannot know which, so it assumes desktop. */
function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribeDesktop, () => window.matchMedia(DESKTOP_MEDIA_QUERY).matches, () => true);
}

/** A failed map chunk (offline, new deploy) must not take the region list down with it. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed) return <p className={styles.mapFallback}>Не удалось загрузить карту. Выберите регион из списка.</p>;
    return this.props.children;
  }
}

function Spinner({ className }: { className?: string }) {
  return <span className={`${styles.spinner} ${className ?? ''}`} aria-hidden="true" />;
}

export function RegionModal({ open, onClose, currentRegionId, onSaved, mapTileUrl, mapAttribution }: RegionModalProps) {
  const isDesktop = useIsDesktop();
  const baseId = useId();
  const [treeState, setTreeState] = useState<TreeState>({ status: 'idle' });
  /** null: the tab of the visitor's region, decided once the tree is known. */
  const [activeTab, setActiveTab] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [showMap, setShowMap] = useState(false);
  /** Mobile only: the region picked but not yet saved; null means the current region. */
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [savingId, setSavingId] = useState<number | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  // State updates are async, so a quick double click could otherwise send two saves.
  const savingRef = useRef(false);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  // Each opening starts from the visitor's own region; the loaded tree and the map preference are kept.
  const [wasOpen, setWasOpen] = useState(open);
  const [session, setSession] = useState(0);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSession((n) => n + 1);
      setActiveTab(null);
      setQuery('');
      setSelectedId(null);
      setSaveError(null);
      // A failed load gets a fresh attempt rather than greeting the visitor with the old error.
      if (treeState.status === 'error') setTreeState({ status: 'idle' });
    }
  }

  useEffect(() => {
    if (!open || treeState.status !== 'idle') return;
    let current = true;
    void fetchAreaTree().then((tree) => {
      if (current) setTreeState(tree ? { status: 'ready', tree } : { status: 'error' });
    });
    return () => { current = false; };
  }, [open, treeState.status]);

  const tree = treeState.status === 'ready' ? treeState.tree : null;
  const tabs = useMemo(() => (tree ? orderCountryTabs(tree) : []), [tree]);
  const tabId = activeTab ?? (tree ? initialTabId(tree, currentRegionId) : null);
  const { matches, elsewhere } = useMemo(() => filterTab(tabs, tabId, query), [tabs, tabId, query]);
  const mapView = useMemo(() => defaultMapView(tabId), [tabId]);

  const saving = savingId !== null;
  const chosenId = selectedId ?? currentRegionId;
  const canSaveChoice = tree !== null && tabOfRegion(tree, chosenId) !== null;

  const save = async (areaId: number) => {
    if (savingRef.current) return;
    savingRef.current = true;
    setSavingId(areaId);
    setSaveError(null);
    const result = await api<SaveResponse>('POST', SAVE_URL, { areaId });
    savingRef.current = false;
    setSavingId(null);
    if (result.error_status === 'error') {
      setSaveError(result.message);
      return;
    }
    onSaved(savedRegionOf(result));
    onClose();
  };

  const requestClose = () => {
    if (!savingRef.current) onClose();
  };

  const choose = (id: number) => {
    if (savingRef.current) return;
    if (isDesktop) void save(id);
    else {
      setSelectedId(id);
      setSaveError(null);
    }
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = nextTabIndex(index, event.key, tabs.length);
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    setActiveTab(tab.id);
    tabRefs.current[next]?.focus();
  };

  // Long lists open scrolled to the visitor's region rather than to Алтайский край, once per opening:
  // clearing the filter or coming back to the tab must not yank the list away from where the visitor is.
  // Only the list scrolls (scrollIntoView would also move the dialog's own boxes and hide the title).
  const panelRef = useRef<HTMLDivElement | null>(null);
  const currentRegionRef = useRef<HTMLButtonElement | null>(null);
  const revealedSession = useRef(-1);
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const el = currentRegionRef.current;
    if (!open || !el || !panel || revealedSession.current === session) return;
    revealedSession.current = session;
    panel.scrollTop = Math.max(0, el.offsetTop - (panel.clientHeight - el.offsetHeight) / 2);
  });

  // Every opening starts in the filter (the title above it in view): the list is long and typing is
  // the quick way. The field appears only once the tree is loaded, after the dialog placed its focus.
  const searchRef = useRef<HTMLInputElement | null>(null);
  const focusedSession = useRef(-1);
  useEffect(() => {
    if (!open || !tree || focusedSession.current === session) return;
    focusedSession.current = session;
    searchRef.current?.focus({ preventScroll: true });
  }, [open, tree, session]);

  // The map opens at the top of the list, which may be scrolled far down: bring it into view.
  const revealMap = useCallback((el: HTMLDivElement | null) => {
    const panel = panelRef.current;
    if (el && panel) panel.scrollTop = 0;
  }, []);

  const tabDomId = (id: number) => `${baseId}-tab-${id}`;
  const panelDomId = `${baseId}-panel`;
  const mapDomId = `${baseId}-map`;

  const saveButton = !isDesktop && tree ? (
    <div className={styles.saveBar}>
      <button
        type="button"
        className={`${styles.primaryButton} ${styles.saveButton}`}
        onClick={() => { if (canSaveChoice) void save(chosenId); }}
        aria-disabled={saving || !canSaveChoice}
        aria-busy={saving}
      >
        {saving && <Spinner />}
        Сохранить
      </button>
    </div>
  ) : undefined;

  let body: ReactNode;
  if (treeState.status === 'error') {
    body = (
      <div className={styles.state} role="alert">
        <p className={styles.stateText}>Не удалось загрузить список регионов.</p>
        <button type="button" className={styles.secondaryButton} onClick={() => setTreeState({ status: 'idle' })}>
          Повторить
        </button>
      </div>
    );
  } else if (!tree) {
    body = (
      <div className={styles.state} role="status">
        <Spinner className={styles.spinnerLarge} />
        <p className={styles.stateText}>Загрузка регионов…</p>
      </div>
    );
  } else {
    body = (
      <>
        {/* Search and tabs stay in view while the long list scrolls under them. */}
        <div className={styles.controls}>
          <div className={styles.toolbar}>
            <label className={styles.search}>
              <span className="visually-hidden">Поиск региона или города</span>
              <svg className={styles.searchIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <circle cx="11" cy="11" r="7" />
                <path d="m20 20-3.5-3.5" />
              </svg>
              <input
                ref={searchRef}
                type="search"
                className={styles.searchInput}
                placeholder="Введите текст для поиска..."
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                autoComplete="off"
                enterKeyHint="search"
                aria-controls={panelDomId}
              />
            </label>
            <button
              type="button"
              className={styles.mapToggle}
              aria-pressed={showMap}
              aria-controls={showMap ? mapDomId : undefined}
              onClick={() => setShowMap((value) => !value)}
            >
              <svg className={styles.mapIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M12 21s-6-5.3-6-10a6 6 0 0 1 12 0c0 4.7-6 10-6 10Z" />
                <circle cx="12" cy="11" r="2" />
              </svg>
              {showMap ? 'Скрыть карту' : 'Показать на карте'}
            </button>
          </div>

          {saveError && <p className={styles.error} role="alert">{saveError}</p>}

          <div className={styles.tabs} role="tablist" aria-label="Страна">
            {tabs.map((tab, index) => {
              const selected = tab.id === tabId;
              return (
                <button
                  key={tab.id}
                  ref={(el) => { tabRefs.current[index] = el; }}
                  type="button"
                  role="tab"
                  id={tabDomId(tab.id)}
                  className={styles.tab}
                  aria-selected={selected}
                  aria-controls={panelDomId}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => setActiveTab(tab.id)}
                  onKeyDown={(event) => onTabKeyDown(event, index)}
                >
                  {tab.label}
                </button>
              );
            })}
          </div>
        </div>

        <div
          ref={panelRef}
          className={styles.panel}
          role="tabpanel"
          id={panelDomId}
          aria-labelledby={tabId !== null ? tabDomId(tabId) : undefined}
          aria-busy={saving}
        >
          {showMap && (
            <div ref={revealMap} id={mapDomId} className={styles.mapSlot}>
              <MapBoundary>
                <Suspense fallback={<div className={styles.mapPlaceholder}><Spinner />Загрузка карты…</div>}>
                  <RegionMap
                    regions={matches}
                    selectedId={isDesktop ? (savingId ?? currentRegionId) : chosenId}
                    center={mapView.center}
                    zoom={mapView.zoom}
                    tileUrl={mapTileUrl}
                    attribution={mapAttribution}
                    onSelect={choose}
                  />
                </Suspense>
              </MapBoundary>
            </div>
          )}

          {matches.length > 0 ? (
            <ul className={`${styles.list} ${saving ? styles.listBusy : ''}`} aria-label="Регионы">
              {matches.map((region) => {
                const isCurrent = region.id === currentRegionId;
                const isChosen = !isDesktop && region.id === chosenId;
                return (
                  <li key={region.id} className={styles.item}>
                    <button
                      type="button"
                      ref={isCurrent ? currentRegionRef : undefined}
                      className={styles.region}
                      aria-current={isCurrent ? 'true' : undefined}
                      aria-pressed={isDesktop ? undefined : isChosen}
                      aria-disabled={saving}
                      onClick={() => choose(region.id)}
                    >
                      <span className={styles.regionText}>
                        <span className={styles.regionLabel}>{region.label}</span>
                        <span className={styles.regionCentre}>{region.adminCenter}</span>
                      </span>
                      {savingId === region.id && isDesktop && <Spinner />}
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <div className={styles.empty}>
              <p className={styles.stateText}>Ничего не найдено</p>
              {elsewhere && (
                <button type="button" className={styles.linkButton} onClick={() => setActiveTab(elsewhere.tabId)}>
                  {elsewhereText(elsewhere)}
                </button>
              )}
            </div>
          )}
        </div>

        <p className="visually-hidden" role="status">{saving ? 'Сохраняем регион…' : ''}</p>
      </>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={requestClose}
      title="Выберите свой регион"
      // A save in flight must finish: closing now would hide its error or its branch-change notice.
      persistent={saving}
      width="880px"
      // A fixed height anchored to the top: typing in the filter changes only what the list shows.
      height="720px"
      placement="top"
      id="region-modal"
      footer={saveButton}
      initialFocusRef={searchRef}
    >
      <div className={styles.content}>
        <p className={styles.subtitle}>Мы покажем цены, наличие и контакты ближайшего филиала</p>
        {body}
      </div>
    </Dialog>
  );
}

export default RegionModal;
