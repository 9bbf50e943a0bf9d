import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { splitInTwoColumns } from '#app/modules/catalog/catalog.rules.ts';
import type { MachineryCategory } from '#app/modules/catalog/catalog.schema.ts';
import { CategoryIcon, IconChevronRight, IconGrid } from '#app/components/ui/icons.tsx';
import styles from './CatalogMenu.module.css';

/**
 * Desktop catalogue menu (spec §2): categories on the left; the hovered (or focused) category's
 * subcategories in two columns split at ceil(n/2), with its banner when it has one.
 */
export function CatalogMenu({ menu }: { menu: MachineryCategory[] }) {
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(menu[0]?.id ?? null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => { if (!rootRef.current?.contains(e.target as Node)) setOpen(false); };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => { document.removeEventListener('pointerdown', onDown); document.removeEventListener('keydown', onKey); };
  }, [open]);

  const active = menu.find((c) => c.id === activeId) ?? menu[0];
  const [left, right] = splitInTwoColumns(active?.cats ?? []);

  return (
    <div className={styles.root} ref={rootRef}>
      <button type="button" className={`btn btn-brand ${styles.trigger}`} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
        <IconGrid size={18} /> Каталог техники
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} data-testid="catalog-menu">
        <ul className={styles.categories}>
          {menu.map((c) => (
            <li key={c.id}>
              <Link
                to={c.link}
                className={styles.category}
                aria-current={c.id === active?.id ? 'true' : undefined}
                onMouseEnter={() => setActiveId(c.id)}
                onFocus={() => setActiveId(c.id)}
              >
                <CategoryIcon icon={c.icon} />
                <span>{c.name}</span>
                {c.cats.length ? <IconChevronRight size={16} className={styles.chevron} /> : null}
              </Link>
            </li>
          ))}
        </ul>
        {active ? (
          <div className={styles.detail}>
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
      </div>
    </div>
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
