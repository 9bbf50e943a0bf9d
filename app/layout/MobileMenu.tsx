import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { lockScroll } from '#app/components/ui/scroll-lock.ts';
import { api } from '#app/lib/api.ts';
import { COMPARE_PATH, USER_MENU_LABEL, accountPageItems } from '#app/modules/auth/ui/user-menu.rules.ts';
import { useMachineryMenu } from '#app/modules/catalog/ui/use-machinery-menu.ts';
import { CategoryIcon, IconChevronLeft, IconChevronRight, IconClose, IconUser } from '#app/components/ui/icons.tsx';
import { MOBILE_MENU_START, canExpand, drillDown, goBack, sparePartsHref, type MobileMenuState } from './layout.rules.ts';
import { useLayoutUi } from '#app/components/page/layout-ui.tsx';
import { usePageAlias, useRootData, useShopMenu } from '#app/components/page/root-data.ts';
import { useVisitor } from '#app/components/page/visitor.tsx';
import styles from './MobileMenu.module.css';

/**
 * Spec §2 mobile menu: a drill-down from the main list to the categories and then one category's
 * subcategories (two levels shown), with a back control. Body scroll is locked while it is open.
 * It is modal: Tab and Shift+Tab cycle inside it (WAI-ARIA dialog pattern), Escape closes it.
 * A signed-in visitor finds 'Личный кабинет' at the top of the main list.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { viewer } = useRootData();
  const menu = useShopMenu();
  const alias = usePageAlias();
  const ui = useLayoutUi();
  const [state, setState] = useState<MobileMenuState>(MOBILE_MENU_START);
  const panelRef = useRef<HTMLDivElement>(null);
  // The subcategories load as soon as the menu opens, so the second level is there when tapped.
  const tree = useMachineryMenu(open);

  useEffect(() => {
    if (!open) { setState(MOBILE_MENU_START); return; }
    const unlock = lockScroll();
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape' && !e.defaultPrevented) { e.preventDefault(); onClose(); } };
    document.addEventListener('keydown', onKey);
    panelRef.current?.focus();
    return () => { unlock(); document.removeEventListener('keydown', onKey); };
  }, [open, onClose]);

  useEffect(() => { panelRef.current?.querySelector<HTMLElement>('[data-menu-focus]')?.focus(); }, [state]);

  if (!open) return null;
  const category = state.level === 2 && tree.status === 'ready' ? tree.menu.find((c) => c.id === state.categoryId) : undefined;
  const categoryName = menu.find((c) => c.id === state.categoryId)?.name ?? '';
  const title = state.level === 0 ? 'Меню' : state.level === 1 ? 'Каталог техники' : categoryName;

  return (
    <div className={styles.overlay} data-testid="mobile-menu" role="dialog" aria-modal="true" aria-label="Меню">
      <div className={styles.backdrop} onClick={onClose} />
      <nav ref={panelRef} tabIndex={-1} className={styles.panel} aria-label="Мобильное меню" data-level={state.level} onKeyDown={trapTab}>
        <div className={styles.top}>
          {state.level > 0 ? (
            <button type="button" className={styles.back} onClick={() => setState(goBack(state))} data-menu-focus>
              <IconChevronLeft size={20} /> Назад
            </button>
          ) : <span className={styles.title}>{title}</span>}
          <button type="button" className={styles.close} aria-label="Закрыть меню" onClick={onClose}><IconClose /></button>
        </div>
        {state.level > 0 ? <h2 className={styles.levelTitle}>{title}</h2> : null}

        {state.level === 0 && !viewer.isGuest ? <AccountSection onClose={onClose} /> : null}

        {state.level === 0 ? (
          <ul className={styles.list}>
            <li><button type="button" className={styles.item} onClick={() => setState(drillDown(state))}><span className={styles.grow}>Каталог техники</span> <IconChevronRight size={18} /></button></li>
            <li><Link className={styles.item} to="/" onClick={onClose}>Главная</Link></li>
            <li><Link className={styles.item} to={sparePartsHref(alias)} onClick={onClose}>Запчасти</Link></li>
            <li><Link className={styles.item} to="/servis" onClick={onClose}>Сервис</Link></li>
            {/* A signed-in visitor has it in 'Личный кабинет' above; a guest's way to it on a phone. */}
            {viewer.isGuest ? <li><Link className={styles.item} to={COMPARE_PATH} onClick={onClose}>Сравнение</Link></li> : null}
            <li><Link className={styles.item} to="/contacts" onClick={onClose}>Филиалы</Link></li>
            <li><Link className={styles.item} to="/akcii" onClick={onClose}>Акции</Link></li>
            <li><Link className={styles.item} to="/blog" onClick={onClose}>Агроинформация</Link></li>
            <li><Link className={styles.item} to="/finansirovanie" onClick={onClose}>Финансирование</Link></li>
            <li><Link className={styles.item} to="/dostavka-i-oplata" onClick={onClose}>Доставка и оплата</Link></li>
            <li><Link className={styles.item} to="/vacancies" onClick={onClose}>Вакансии</Link></li>
            <li><button type="button" className={styles.item} onClick={() => { onClose(); ui.openWriteUs(); }}>Написать нам</button></li>
            <li>
              {viewer.isGuest
                ? <Link className={`${styles.item} ${styles.login}`} to="/login" onClick={(e) => { e.preventDefault(); onClose(); ui.openAuth(); }}>Войти</Link>
                : <button type="button" className={`${styles.item} ${styles.login}`} onClick={() => void api('POST', '/api/auth/logout').then(() => window.location.assign('/'))}>Выйти</button>}
            </li>
          </ul>
        ) : null}

        {state.level === 1 ? (
          <ul className={styles.list}>
            {menu.map((c) => (
              <li key={c.id}>
                {c.count && canExpand(state) ? (
                  <button type="button" className={styles.item} onClick={() => setState(drillDown(state, c.id))}>
                    <CategoryIcon icon={c.icon} /> <span className={styles.grow}>{c.name}</span> <IconChevronRight size={18} />
                  </button>
                ) : (
                  <Link className={styles.item} to={c.link} onClick={onClose}><CategoryIcon icon={c.icon} /> {c.name}</Link>
                )}
              </li>
            ))}
          </ul>
        ) : null}

        {state.level === 2 && tree.status === 'loading' ? <p className={styles.state} role="status">Загружаем разделы…</p> : null}
        {state.level === 2 && tree.status === 'error' ? (
          <p className={styles.state} role="alert">Не удалось загрузить разделы. <button type="button" className="btn btn-secondary" onClick={tree.retry}>Повторить</button></p>
        ) : null}
        {state.level === 2 && category ? (
          <ul className={styles.list}>
            <li><Link className={`${styles.item} ${styles.all}`} to={category.link} onClick={onClose}>Все товары раздела</Link></li>
            {category.cats.map((sub) => (
              <li key={sub.id}>
                <Link className={styles.item} to={sub.link} onClick={onClose}>{sub.name}</Link>
                {sub.cats.length ? (
                  <ul className={styles.nested}>
                    {sub.cats.map((s) => <li key={s.id}><Link to={s.link} onClick={onClose}>{s.name}</Link></li>)}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </nav>
    </div>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first (or the panel itself) to the last. */
function trapTab(event: React.KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const panel = event.currentTarget;
  const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) { event.preventDefault(); return; }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel)) { event.preventDefault(); last.focus(); }
  else if (!event.shiftKey && active === last) { event.preventDefault(); first.focus(); }
}

/** Spec §2/§6 'Личный кабинет' on a phone: the account's pages and the links of the visitor's roles (Выйти stays the main list's last item). */
function AccountSection({ onClose }: { onClose: () => void }) {
  const { viewer, settings } = useRootData();
  const navigate = useNavigate();
  const titleId = useId();
  const { userName } = useVisitor();
  const items = accountPageItems(viewer, settings.supplierPortalUrl);
  return (
    <section className={styles.account} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.accountTitle}><IconUser size={20} /> {USER_MENU_LABEL}</h2>
      {userName ? <p className={styles.accountName}>{userName}</p> : null}
      <ul className={styles.accountList} aria-labelledby={titleId}>
        {items.map((item) => (
          <li key={item.id}>
            {item.kind === 'link' ? <Link className={styles.item} to={item.to} onClick={onClose}>{item.label}</Link> : null}
            {item.kind === 'external' ? <a className={styles.item} href={item.href} target="_blank" rel="noopener" onClick={onClose}>{item.label}</a> : null}
            {item.kind === 'action' ? <button type="button" className={styles.item} onClick={() => { onClose(); void navigate(COMPARE_PATH); }}>{item.label}</button> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
