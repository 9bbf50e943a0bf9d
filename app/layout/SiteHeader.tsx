import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { Icon, IconCart, IconChevronDown, IconMenu, IconPhone, IconPin, IconSearch, IconUser } from '#app/components/ui/icons.tsx';
import { useDismiss } from '#app/components/ui/use-dismiss.ts';
import { LOGIN_TOOLTIP_DELAY_MS, useLayoutUi } from '#app/components/page/layout-ui.tsx';
import { usePageAlias, useRootData } from '#app/components/page/root-data.ts';
import { useVisitor } from '#app/components/page/visitor.tsx';
import { api } from '#app/lib/api.ts';
import { userMenuItems, type UserMenuItem } from '#app/modules/auth/ui/user-menu.rules.ts';
import { useCartCount } from '#app/modules/cart/ui/use-cart.ts';
import { useMarkCounters } from '#app/modules/catalog/marks/ui/use-marks.ts';
import { callTrackingClass, countryCodeOfBranch, telHref } from '#app/modules/regions/regions.rules.ts';
// Part of the first HTML (not lazy): rendered by the server, the question takes its room from the
// first paint, so its arrival shifts nothing.
import { RegionTooltip } from '#app/modules/regions/ui/RegionTooltip.tsx';
import { CatalogMenu } from './CatalogMenu.tsx';
import { SCROLL_THROTTLE_MS, headerHiddenAfterScroll, isCurrentSection, sparePartsHref, throttle } from './layout.rules.ts';
import styles from './SiteHeader.module.css';

// Parts that show only after a tap load then (prefetched on hover or focus where there is one).
const loadContactsPanel = () => import('./ContactsPanel.tsx');
const ContactsPanel = lazy(() => loadContactsPanel().then((m) => ({ default: m.ContactsPanel })));
const MobileMenu = lazy(() => import('./MobileMenu.tsx').then((m) => ({ default: m.MobileMenu })));
const UserMenu = lazy(() => import('#app/modules/auth/ui/UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

const MAIN_LINKS = [
  { to: '/servis', label: 'Сервис' },
  { to: '/finansirovanie', label: 'Финансирование' },
  { to: '/akcii', label: 'Акции' },
  { to: '/blog', label: 'Агроновости' },
  { to: '/contacts', label: 'Филиалы' },
  { to: '/dostavka-i-oplata', label: 'Доставка и оплата' },
  { to: '/vacancies', label: 'Вакансии' },
] as const;

/**
 * The header (spec §2). Each part keeps its own state and closes itself on navigation (the
 * catalogue's menu, the contacts dropdown, the login tooltip); the header holds only what is
 * drawn in two places: the mobile menu (its burger in the main bar), the mobile contacts (their
 * button in the main bar, their panel under the rows) and the region question (a strip per layout).
 */
export function SiteHeader() {
  const { location: here, toPrint } = useRootData();
  const ui = useLayoutUi();
  const { pathname } = useLocation();
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [mobileMenuUsed, setMobileMenuUsed] = useState(false);
  // The mobile panel has its own state: sharing the desktop one made the (hidden) desktop dropdown's
  // outside-press handler close the mobile panel before a tap on its buttons and links could land.
  const [mobileContactsOpen, setMobileContactsOpen] = useState(false);
  const mobileContactsButton = useRef<HTMLButtonElement>(null);
  const burger = useRef<HTMLButtonElement>(null);
  const alias = usePageAlias();
  const mobileHidden = useHideOnScroll();
  // Focus goes back to the burger, so keyboard and screen-reader users continue where they were.
  const closeMobileMenu = useCallback(() => { setMobileMenuOpen(false); burger.current?.focus(); }, []);
  // Not on focus: the dialog gives focus back to the field when it closes, which would reopen it.
  const openSearchOnKey = (e: React.KeyboardEvent) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); ui.openSearch(); } };

  useEffect(() => { setMobileContactsOpen(false); setMobileMenuOpen(false); }, [pathname]);
  // Escape closes the mobile contacts panel and gives focus back to its button.
  useEffect(() => {
    if (!mobileContactsOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      setMobileContactsOpen(false);
      mobileContactsButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileContactsOpen]);

  // Spec §4: 'Ваш регион {label}?' on load while the area is unconfirmed, never in print mode
  // (to_print=1). The server renders it: the cached guest page is keyed by the confirmation too.
  const [asked, setAsked] = useState(() => !here.currentArea.confirmed && !toPrint);
  const regionQuestion = (className: string | undefined) => (asked ? (
    <RegionTooltip
      className={`${className} no-print`}
      label={here.currentArea.label}
      onConfirm={async () => {
        await api('POST', '/api/current-area/set-location', { areaId: here.currentArea.regionId });
        setAsked(false);
      }}
      onChange={() => { setAsked(false); ui.openRegion(); }}
      onDismiss={() => setAsked(false)}
    />
  ) : null);

  return (
    <header className={styles.header} data-mobile-hidden={mobileHidden || undefined}>
      {/* Desktop, 768 px and up */}
      <div className={`${styles.topBar} no-print`}>
        <div className={`container ${styles.topBarInner}`}>
          <RegionControl variant="desktop" />
          <span className={styles.spacer} />
          <ContactsDropdown />
          <UserArea />
        </div>
      </div>
      {regionQuestion(styles.desktopTooltip)}
      <div className={styles.mainBar}>
        <div className={`container ${styles.mainBarInner}`}>
          <button ref={burger} type="button" className={`${styles.burger} no-print`} aria-label="Открыть меню" aria-expanded={mobileMenuOpen} onClick={() => { setMobileMenuUsed(true); setMobileMenuOpen(true); }}>
            <IconMenu />
          </button>
          {/* The name comes from the visible text (WCAG 2.5.3 label in name), the hidden words add where it leads. */}
          <Link to="/" className={styles.logo}>
            <span className={`${styles.logoMark} print-logo-mark`} aria-hidden="true">А</span>
            <span className={styles.logoText}>Агротехника</span>
            <span className="visually-hidden"> — на главную</span>
          </Link>
          <PrintContacts />
          <div className={`${styles.desktopOnly} no-print`}><CatalogMenu /></div>
          <Link to={sparePartsHref(alias)} className={`${styles.partsLink} ${styles.desktopOnly} no-print`} aria-current={isCurrentSection(pathname, '/zapchasti') ? 'page' : undefined}>Запчасти</Link>
          <button type="button" className={`${styles.search} ${styles.desktopOnly} no-print`} onClick={ui.openSearch} aria-haspopup="dialog">
            <IconSearch size={20} /> <span>Поиск по технике, запчастям и артикулам</span>
          </button>
          <Counters />
          <button ref={mobileContactsButton} type="button" className={`${styles.iconButton} ${styles.mobileOnly} no-print`} aria-label="Контакты" aria-expanded={mobileContactsOpen} onClick={() => setMobileContactsOpen((v) => !v)}>
            <IconPhone />
          </button>
          <MobileUserButton />
          {pathname !== '/cart' ? <MobileCartLink /> : null}
        </div>
      </div>
      <nav aria-label="Разделы сайта" className={`${styles.navRow} ${styles.desktopOnly} no-print`}>
        <SectionLinks />
      </nav>
      <div className={`${styles.mobileSearchRow} ${styles.mobileOnly} no-print`}>
        <input className={styles.mobileSearch} readOnly placeholder="Искать в каталоге или на сайте" aria-label="Искать в каталоге или на сайте" onClick={ui.openSearch} onKeyDown={openSearchOnKey} />
      </div>
      <div className={`${styles.mobileRegionRow} ${styles.mobileOnly} no-print`}>
        <RegionControl variant="mobile" />
      </div>
      {regionQuestion(styles.mobileTooltip)}
      {mobileContactsOpen ? (
        <div className={`${styles.mobileContacts} ${styles.mobileOnly} no-print`} role="region" aria-label="Контакты">
          {/* The panel closes; focus moves to its button first, so the dialog gives it back there. */}
          <LazyContactsPanel onWriteUs={() => { mobileContactsButton.current?.focus(); setMobileContactsOpen(false); }} />
        </div>
      ) : null}
      {mobileMenuUsed ? (
        <Suspense fallback={null}>
          <MobileMenu open={mobileMenuOpen} onClose={closeMobileMenu} />
        </Suspense>
      ) : null}
      <span hidden data-testid="current-branch-country">{here.country.code}</span>
    </header>
  );
}

/** The sections' links; the current one is marked for screen readers and underlined. */
function SectionLinks() {
  const { pathname } = useLocation();
  const current = MAIN_LINKS.find((l) => isCurrentSection(pathname, l.to))?.to;
  return (
    <div className={`container ${styles.navRowInner}`}>
      {MAIN_LINKS.map((l) => <Link key={l.to} to={l.to} className={styles.navLink} aria-current={l.to === current ? 'page' : undefined}>{l.label}</Link>)}
    </div>
  );
}

/** Spec §2: the region button and the branch, in the desktop top bar and in the mobile region row; CSS shows one of them. */
function RegionControl({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { location } = useRootData();
  const ui = useLayoutUi();
  return (
    <div className={variant === 'desktop' ? styles.region : styles.mobileRegion}>
      <button type="button" className={styles.regionButton} onClick={ui.openRegion} data-testid={`region-button-${variant}`}>
        <IconPin size={18} /> <span>{location.currentArea.label}</span>
      </button>
      <span className={styles.branch}>Филиал: {location.currentBranch.name}</span>
    </div>
  );
}

/** What a printed page keeps of the header next to the logo: the phone and the branch (hidden on screen unless to_print=1). */
function PrintContacts() {
  const { location } = useRootData();
  const branch = location.currentBranch;
  const address = [branch.city, branch.address].filter(Boolean).join(', ');
  return (
    <div className="print-only print-contacts" data-testid="print-contacts">
      <span className="print-contacts-phone">{location.country.salesPhone}</span>
      <span>Филиал {branch.name}{address ? `: ${address}` : ''}</span>
    </div>
  );
}

function LazyContactsPanel({ onWriteUs }: { onWriteUs: () => void }) {
  return (
    <Suspense fallback={<p className={styles.loading}>Загрузка…</p>}>
      <ContactsPanel onWriteUs={onWriteUs} />
    </Suspense>
  );
}

/** The sales phone and 'Контакты', whose dropdown lists the country's and the branch's lines (desktop). */
function ContactsDropdown() {
  const { location } = useRootData();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const phone = location.country.salesPhone;
  useEffect(() => setOpen(false), [pathname]);
  useDismiss(open, ref, (reason) => {
    setOpen(false);
    // Escape hands focus back to the toggle (WAI-ARIA disclosure); an outside press leaves it where it went.
    if (reason === 'escape') toggle.current?.focus();
  });
  return (
    <div className={styles.contacts} ref={ref}>
      <a className={`${styles.topPhone} ${callTrackingClass(countryCodeOfBranch(location.currentBranch.countryId))}`} href={telHref(phone)} data-testid="header-phone">
        {phone}
      </a>
      <button type="button" ref={toggle} className={styles.contactsToggle} aria-expanded={open} aria-controls={panelId} onPointerEnter={() => void loadContactsPanel()} onFocus={() => void loadContactsPanel()} onClick={() => setOpen(!open)}>
        Контакты <IconChevronDown size={16} />
      </button>
      {open ? (
        <div className={styles.dropdown} id={panelId}>
          {/* The dropdown closes; focus moves to its toggle first, so the dialog gives it back there. */}
          <LazyContactsPanel onWriteUs={() => { toggle.current?.focus(); setOpen(false); }} />
        </div>
      ) : null}
    </div>
  );
}

/** The user menu's items for a signed-in visitor; null for a guest. */
function useUserMenuItems(): UserMenuItem[] | null {
  const { viewer, settings } = useRootData();
  return viewer.isGuest ? null : userMenuItems(viewer, settings.supplierPortalUrl);
}

/** The top bar's account: the user's menu, or for guests 'Войти' with a tooltip of what signing in gives (spec §9, after 300 ms hover). */
function UserArea() {
  const items = useUserMenuItems();
  const ui = useLayoutUi();
  const [tip, setTip] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (items) return <AccountMenu variant="text" items={items} />;
  return (
    <div
      className={styles.loginWrap}
      onMouseEnter={() => { timer.current = setTimeout(() => setTip(true), LOGIN_TOOLTIP_DELAY_MS); }}
      onMouseLeave={() => { clearTimeout(timer.current); setTip(false); }}
    >
      {/* A link for a page without scripts; with them the modal opens in place. */}
      <Link to="/login" className={styles.login} aria-describedby="login-tooltip" onClick={(e) => { e.preventDefault(); ui.openAuth(); }}><IconUser size={18} /> Войти</Link>
      <div id="login-tooltip" role="tooltip" className={styles.loginTip} hidden={!tip}>
        Войдите, чтобы видеть цены и акции в вашем регионе, подборку товаров по вашим интересам и каталоги запчастей с чертежами.
      </div>
    </div>
  );
}

/**
 * The account on a phone (below 768 px, where the top bar is hidden): a guest's icon opens the
 * sign-in modal; a signed-in visitor's opens 'Личный кабинет' with the same items as on the desktop.
 */
function MobileUserButton() {
  const items = useUserMenuItems();
  const ui = useLayoutUi();
  if (items) return <AccountMenu variant="icon" items={items} />;
  return (
    <Link to="/login" className={`${styles.iconButton} ${styles.mobileOnly} no-print`} aria-label="Войти" onClick={(e) => { e.preventDefault(); ui.openAuth(); }}>
      <IconUser />
    </Link>
  );
}

/**
 * The signed-in user's menu where the header shows it (the top bar's text, the phone's icon), with
 * what stands in its place while its code loads. Each has an id of its own: both are on every page.
 * His name comes with the visitor's snapshot, once the page is hydrated.
 */
function AccountMenu({ variant, items }: { variant: 'text' | 'icon'; items: UserMenuItem[] }) {
  const { userName } = useVisitor();
  if (variant === 'text') {
    return (
      <Suspense fallback={<span className={styles.login}><IconUser size={18} /> Личный кабинет</span>}>
        <UserMenu userName={userName} items={items} id="user-menu-text" />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<span className={`${styles.iconButton} ${styles.mobileOnly} no-print`} aria-hidden="true"><IconUser /></span>}>
      <UserMenu variant="icon" className={`${styles.mobileOnly} no-print`} userName={userName} items={items} id="user-menu-icon" />
    </Suspense>
  );
}

/** Spec §2: the mobile header's cart icon (hidden on the cart page) with the count of parts in the cart. */
function MobileCartLink() {
  const { counters } = useVisitor();
  const cart = useCartCount(counters?.cart ?? 0);
  return (
    <Link to="/cart" className={`${styles.iconButton} ${styles.mobileCart} ${styles.mobileOnly} no-print`} aria-label={`Корзина, товаров: ${cart}`}>
      <IconCart />
      {cart > 0 ? <span className={styles.mobileCartBadge} aria-hidden="true">{cart}</span> : null}
    </Link>
  );
}

/** Compare, favourites and cart with their counts (desktop). */
function Counters() {
  const { viewer } = useRootData();
  const { counters } = useVisitor();
  const marks = useMarkCounters(counters);
  const cart = useCartCount(counters?.cart ?? 0);
  const ui = useLayoutUi();
  const items = [
    { to: '/compare', label: 'Сравнение', count: marks.compare, icon: 'compare' },
    // Spec §2: a guest's favourites icon opens the login modal with redirect to /profile/bookmarks.
    { to: viewer.isGuest ? '/login?redirect=%2Fprofile%2Fbookmarks' : '/profile/bookmarks', label: 'Избранное', count: marks.bookmarks, icon: 'heart' },
    { to: '/cart', label: 'Корзина', count: cart, icon: 'cart' },
  ] as const;
  return (
    <nav aria-label="Сравнение, избранное, корзина" className={`${styles.counters} ${styles.desktopOnly} no-print`}>
      {items.map((i) => (
        <Link
          key={i.label}
          to={i.to}
          className={styles.counter}
          aria-label={`${i.label}: ${i.count}`}
          onClick={viewer.isGuest && i.icon === 'heart' ? (e) => { e.preventDefault(); ui.openAuth({ form: 'EnterEmail', redirect: '/profile/bookmarks' }); } : undefined}
        >
          <Icon name={i.icon} />
          <span className={styles.counterBadge} data-empty={i.count === 0 || undefined}>{i.count}</span>
          <span className={styles.counterLabel}>{i.label}</span>
        </Link>
      ))}
    </nav>
  );
}

/** Spec §2: the mobile header hides when scrolling down past its height and returns on scroll up. */
function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let previous = window.scrollY;
    let current = false;
    const onScroll = throttle(() => {
      const header = document.querySelector('header');
      const next = headerHiddenAfterScroll(previous, window.scrollY, header?.offsetHeight ?? 56, current);
      previous = window.scrollY;
      if (next !== current) { current = next; setHidden(next); }
    }, SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}
