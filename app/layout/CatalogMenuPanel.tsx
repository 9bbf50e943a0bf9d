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
    if (e.key === 'ArrowRight') {
      const detail = detailRef.current;
      const target = detail?.querySelector<HTMLElement>('[data-testid^="catalog-column"] a[href]') ?? links(detail)[0];
      if (target) { e.preventDefault(); target.focus(); }
      return;
    }
    if (moveWithin(listRef.current, e.key)) e.preventDefault();
  };
  const onDetailKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      listRef.current?.querySelector<HTMLElement>('a[aria-current="true"]')?.focus();
      return;
    }
    if (moveWithin(detailRef.current, e.key)) e.preventDefault();
  };
  const menu: (MenuEntry | MachineryCategory)[] = tree.status === 'ready' ? tree.menu : top;
  const [activeId, setActiveId] = useState<number | null>(top[0]?.id ?? null);
  const active = tree.status === 'ready' ? tree.menu.find((c) => c.id === activeId) ?? tree.menu[0] : undefined;
  const [left, right] = splitInTwoColumns(active?.cats ?? []);

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
          <Link to={active.link} className={styles.detailTitle}>{active.name}</Link>
          <div className={styles.columns}>
            {[left, right].map((column, i) => (
              <ul key={i} className={styles.column} data-testid={`catalog-column-${i + 1}`}>
                {column.map((sub) => (
                  <li key={sub.id}>
                    <Link to={sub.link} className={styles.sub}>{sub.name}</Link>
                    {sub.cats.length ? (
                      <ul className={styles.subsub}>
                        {sub.cats.map((s) => <li key={s.id}><Link to={s.link}>{s.name}</Link></li>)}
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
      <Link to={banner.btn_link} className="btn btn-primary">{banner.btn_title}</Link>
    </aside>
  );
}
