import { useEffect, useRef, useState } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { splitInTwoColumns } from '#app/modules/catalog/catalog.rules.ts';
import type { MachineryCategory, MenuEntry } from '#app/modules/catalog/catalog.schema.ts';
import { useMachineryMenu } from '#app/modules/catalog/ui/use-machinery-menu.ts';
import { CategoryIcon, IconChevronRight } from '#app/components/ui/icons.tsx';
import type { MenuFocusRequest } from './CatalogMenu.tsx';
import { arrowKeyIndex } from './layout.rules.ts';
import styles from './CatalogMenu.module.css';

const links = (root: HTMLElement | null) => Array.from(root?.querySelectorAll<HTMLElement>('a[href]') ?? []);
/** The subcategories' links and the banner's: where Tab goes in a category's detail (its title repeats the category). */
const tabStops = (detail: HTMLElement | null) =>
  Array.from(detail?.querySelectorAll<HTMLElement>('[data-testid^="catalog-column"] a[href], [data-testid="catalog-banner"] a[href]') ?? []);
const plainTab = (e: React.KeyboardEvent) => e.key === 'Tab' && !e.altKey && !e.ctrlKey && !e.metaKey;

/** Applies ↑/↓/Home/End to the links of `root`; true when the key was one of them. */
function moveWithin(root: HTMLElement | null, key: string): boolean {
  const items = links(root);
  const next = arrowKeyIndex(key, items.indexOf(document.activeElement as HTMLElement), items.length);
  if (next === null) return false;
  items[next]?.focus();
  return true;
}

/**
 * The catalogue menu's panel: categories on the left; the hovered (or focused) category's
 * subcategories in two columns split at ceil(n/2), with its banner when it has one.
 * Keys: in the categories ↑/↓ move (wrapping), Home/End go to the ends, → goes into the focused
 * category's subcategories; there ↑/↓/Home/End move among its links and ← comes back out.
 * Tab (issue 28 §4.14) goes through each category and then its subcategories, on to the next
 * category; Shift+Tab the same way back. The detail's links are out of the page's own Tab order
 * (tabindex -1), so Tab past 'Весь каталог техники' leaves the menu, which closes it.
 */
export default function CatalogMenuPanel({ top, focusRequest = null, onFocusDone }: { top: MenuEntry[]; focusRequest?: MenuFocusRequest; onFocusDone?: () => void }) {
  const tree = useMachineryMenu(true);
  const listRef = useRef<HTMLUListElement>(null);
  const detailRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusRequest) return;
    const items = links(listRef.current);
    (focusRequest === 'first' ? items[0] : items[items.length - 1])?.focus();
    onFocusDone?.();
  }, [focusRequest, onFocusDone]);

  const onCategoryKey = (e: React.KeyboardEvent) => {
    if (plainTab(e) && tree.status === 'ready') {
      const at = links(listRef.current).indexOf(e.target as HTMLElement);
      if (!e.shiftKey) {
        // Focus made this category the active one: its subcategories are the detail's.
        const first = tree.menu[at]?.cats.length ? tabStops(detailRef.current)[0] : undefined;
        if (first) { e.preventDefault(); first.focus(); }
      } else {
        const previous = at > 0 ? tree.menu[at - 1] : undefined;
        if (previous?.cats.length) { e.preventDefault(); setActiveId(previous.id); setFocusLastOf(previous.id); }
      }
      return;
    }
    if (e.key === 'ArrowRight') {
      const detail = detailRef.current;
      const target = detail?.querySelector<HTMLElement>('[data-testid^="catalog-column"] a[href]') ?? links(detail)[0];
      if (target) { e.preventDefault(); target.focus(); }
      return;
    }
    if (moveWithin(listRef.current, e.key)) e.preventDefault();
  };
  const activeCategoryLink = () => listRef.current?.querySelector<HTMLElement>('a[aria-current="true"]');
  const onDetailKey = (e: React.KeyboardEvent) => {
    if (plainTab(e)) {
      const stops = tabStops(detailRef.current);
      const at = stops.indexOf(e.target as HTMLElement);
      const next = e.shiftKey
        ? stops[at - 1] ?? activeCategoryLink()
        : stops[at + 1] ?? (() => { const list = links(listRef.current); return list[list.indexOf(activeCategoryLink()!) + 1]; })();
      if (next) { e.preventDefault(); next.focus(); }
      return;
    }
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      activeCategoryLink()?.focus();
      return;
    }
    if (moveWithin(detailRef.current, e.key)) e.preventDefault();
  };
  const menu: (MenuEntry | MachineryCategory)[] = tree.status === 'ready' ? tree.menu : top;
  const [activeId, setActiveId] = useState<number | null>(top[0]?.id ?? null);
  const active = tree.status === 'ready' ? tree.menu.find((c) => c.id === activeId) ?? tree.menu[0] : undefined;
  const [left, right] = splitInTwoColumns(active?.cats ?? []);
  // Shift+Tab onto a category's subcategories: its detail is drawn first, then its last link takes focus.
  const [focusLastOf, setFocusLastOf] = useState<number | null>(null);
  useEffect(() => {
    if (focusLastOf === null || active?.id !== focusLastOf) return;
    tabStops(detailRef.current).at(-1)?.focus();
    setFocusLastOf(null);
  }, [focusLastOf, active?.id]);

  return (
    <>
      <ul className={styles.categories} ref={listRef} onKeyDown={onCategoryKey}>
        {menu.map((c) => (
          <li key={c.id}>
            <Link
              to={c.link}
              className={styles.category}
              aria-current={c.id === (active?.id ?? activeId) ? 'true' : undefined}
              onMouseEnter={() => setActiveId(c.id)}
              onFocus={() => setActiveId(c.id)}
            >
              <CategoryIcon icon={c.icon} />
              <span>{c.name}</span>
              {('cats' in c ? c.cats.length : c.count) ? <IconChevronRight size={16} className={styles.chevron} /> : null}
            </Link>
          </li>
        ))}
        {/* Spec §2: the header links to the machinery catalogue (/catalog). */}
        <li><Link to="/catalog" className={styles.category}><span>Весь каталог техники</span></Link></li>
      </ul>
      {tree.status === 'loading' ? <div className={styles.detailState} role="status">Загружаем разделы…</div> : null}
      {tree.status === 'error' ? (
        <div className={styles.detailState} role="alert">
          Не удалось загрузить разделы. <button type="button" className="btn btn-secondary" onClick={tree.retry}>Повторить</button>
        </div>
      ) : null}
      {active ? (
        <div className={styles.detail} ref={detailRef} onKeyDown={onDetailKey}>
          <Link to={active.link} className={styles.detailTitle} tabIndex={-1}>{active.name}</Link>
          <div className={styles.columns}>
            {[left, right].map((column, i) => (
              <ul key={i} className={styles.column} data-testid={`catalog-column-${i + 1}`}>
                {column.map((sub) => (
                  <li key={sub.id}>
                    <Link to={sub.link} className={styles.sub} tabIndex={-1}>{sub.name}</Link>
                    {sub.cats.length ? (
                      <ul className={styles.subsub}>
                        {sub.cats.map((s) => <li key={s.id}><Link to={s.link} tabIndex={-1}>{s.name}</Link></li>)}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            ))}
          </div>
          {active.banner ? <MenuBanner banner={active.banner} /> : null}
        </div>
      ) : null}
    </>
  );
}

function MenuBanner({ banner }: { banner: NonNullable<MachineryCategory['banner']> }) {
  const style = banner.bg_type === 'COLOR'
    ? { background: banner.color ?? 'var(--color-brand)' }
    : { backgroundColor: 'var(--color-brand)', backgroundImage: `linear-gradient(90deg, rgb(0 0 0 / 55%), rgb(0 0 0 / 10%)), url(${banner.image_path})` };
  return (
    <aside className={styles.banner} style={style} data-testid="catalog-banner">
      <strong className={styles.bannerTitle}>{banner.title}</strong>
      <p className={styles.bannerText}>{banner.text}</p>
      <Link to={banner.btn_link} className="btn btn-primary" tabIndex={-1}>{banner.btn_title}</Link>
    </aside>
  );
}
