import { useState } from 'react';
import { Link } from 'react-router';
import { splitInTwoColumns } from '#app/modules/catalog/catalog.rules.ts';
import type { MachineryCategory, MenuEntry } from '#app/modules/catalog/catalog.schema.ts';
import { useMachineryMenu } from '#app/modules/catalog/ui/use-machinery-menu.ts';
import { CategoryIcon, IconChevronRight } from '#app/components/ui/icons.tsx';
import styles from './CatalogMenu.module.css';

/**
 * The catalogue menu's panel: categories on the left; the hovered (or focused) category's
 * subcategories in two columns split at ceil(n/2), with its banner when it has one.
 */
export default function CatalogMenuPanel({ top }: { top: MenuEntry[] }) {
  const tree = useMachineryMenu(true);
  const menu: (MenuEntry | MachineryCategory)[] = tree.status === 'ready' ? tree.menu : top;
  const [activeId, setActiveId] = useState<number | null>(top[0]?.id ?? null);
  const active = tree.status === 'ready' ? tree.menu.find((c) => c.id === activeId) ?? tree.menu[0] : undefined;
  const [left, right] = splitInTwoColumns(active?.cats ?? []);

  return (
    <>
      <ul className={styles.categories}>
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
