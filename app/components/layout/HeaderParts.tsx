import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { Icon, IconCart, IconChevronDown, IconMenu, IconPhone, IconPin, IconSearch, IconUser } from '#app/components/ui/icons.tsx';
import { useDismiss } from '#app/components/ui/use-dismiss.ts';
import { telHref } from '#app/modules/regions/regions.rules.ts';
import type { UserMenuItem } from '#app/modules/auth/ui/user-menu.rules.ts';
import type { MenuEntry } from '#app/modules/catalog/catalog.schema.ts';
// Part of the first HTML (not lazy): rendered by the server, the question takes its room from the
// first paint, so its arrival shifts nothing.
import { RegionTooltip } from '#app/modules/regions/ui/RegionTooltip.tsx';
import { CatalogMenu } from './CatalogMenu.tsx';
import { LOGIN_TOOLTIP_DELAY_MS } from './layout.rules.ts';
import styles from './SiteHeader.module.css';

/*
 * The header's rows. SiteHeader holds the state of what opens and passes it down; the ids are fixed
 * (the header is one per page). What only opens on a tap (the contacts panel, the catalogue's
 * panel) is never in a server's render, which opens nothing.
 */

// Parts that show only after a tap load then (prefetched on hover or focus where there is one).
export const loadContactsPanel = () => import('./ContactsPanel.tsx');
const ContactsPanel = lazy(() => loadContactsPanel().then((m) => ({ default: m.ContactsPanel })));
const UserMenu = lazy(() => import('#app/modules/auth/ui/UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

/** The region question (spec §4): whether it is asked, and its answers. */
interface RegionQuestion {
  asked: boolean;
  onConfirm: () => Promise<void>;
  onChange: () => void;
  onDismiss: () => void;
}

export interface HeaderTopBarProps extends RegionQuestion {
  /** The region's label and the branch (spec §2). */
  area: string;
  branch: string;
  phone: string;
  /** The call-tracking class of the branch's country. */
  phoneClass: string;
  userName: string | null;
  /** The user menu's items; null for a guest. */
  items: UserMenuItem[] | null;
  contactsOpen: boolean;
  onContactsOpenChange: (open: boolean) => void;
  onOpenRegion: () => void;
  onLogin: () => void;
}

/** Desktop, 768 px and up: the region, the contacts, the account; then the region question's strip. */
export function HeaderTopBar(p: HeaderTopBarProps) {
  return (
    <>
      <div className={`${styles.topBar} no-print`}>
        <div className={`container ${styles.topBarInner}`}>
          <RegionControl variant="desktop" area={p.area} branch={p.branch} onOpen={p.onOpenRegion} />
          <span className={styles.spacer} />
          <ContactsDropdown phone={p.phone} phoneClass={p.phoneClass} open={p.contactsOpen} onOpenChange={p.onContactsOpenChange} />
          {p.items ? <AccountMenu variant="text" userName={p.userName} items={p.items} /> : <GuestLogin onLogin={p.onLogin} />}
        </div>
      </div>
      {p.asked ? <RegionAsk {...p} variant="desktop" /> : null}
    </>
  );
}

export interface HeaderBrandProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
  top: MenuEntry[];
  catalogOpen: boolean;
  onCatalogOpenChange: (open: boolean) => void;
  phone: string;
  branch: string;
  address: string;
}

/** The main bar's start: the burger (phones), the logo, what print keeps of the branch, the catalogue's menu. */
export function HeaderBrand(p: HeaderBrandProps) {
  return (
    <>
      <button id={BURGER_ID} type="button" className={`${styles.burger} no-print`} aria-label="Открыть меню" aria-expanded={p.menuOpen} onClick={p.onOpenMenu}>
        <IconMenu />
      </button>
      {/* The name comes from the visible text (WCAG 2.5.3 label in name), the hidden words add where it leads. */}
      <Link to="/" className={styles.logo}>
        <span className={`${styles.logoMark} print-logo-mark`} aria-hidden="true">А</span>
        <span className={styles.logoText}>Агротехника</span>
        <span className="visually-hidden"> — на главную</span>
      </Link>
      {/* What a printed page keeps of the header next to the logo (hidden on screen unless to_print=1). */}
      <div className="print-only print-contacts" data-testid="print-contacts">
        <span className="print-contacts-phone">{p.phone}</span>
        <span>Филиал {p.branch}{p.address ? `: ${p.address}` : ''}</span>
      </div>
      <div className={`${styles.desktopOnly} no-print`}><CatalogMenu top={p.top} open={p.catalogOpen} onOpenChange={p.onCatalogOpenChange} /></div>
    </>
  );
}

/** Where the mobile menu gives focus back when it closes. */
export const BURGER_ID = 'site-burger';
/** Where the mobile contacts panel gives focus back when it closes. */
export const MOBILE_CONTACTS_ID = 'mobile-contacts-button';

export interface HeaderToolsProps {
  compare: number;
  bookmarks: number;
  cart: number;
  userName: string | null;
  items: UserMenuItem[] | null;
  /** False on the cart page, which needs no link to itself. */
  cartLink: boolean;
  mobileContactsOpen: boolean;
  onToggleMobileContacts: () => void;
  onSearch: () => void;
  onLogin: () => void;
  onGuestBookmarks: () => void;
}

/** The main bar's end: the search, the counters; on phones the contacts, the account and the cart. */
export function HeaderTools(p: HeaderToolsProps) {
  const guest = p.items === null;
  return (
    <>
      <button type="button" className={`${styles.search} ${styles.desktopOnly} no-print`} onClick={p.onSearch} aria-haspopup="dialog">
        <IconSearch size={20} /> <span>Поиск по технике, запчастям и артикулам</span>
      </button>
      <nav aria-label="Сравнение, избранное, корзина" className={`${styles.counters} ${styles.desktopOnly} no-print`}>
        <CounterLinks counts={p} guest={guest} onGuestBookmarks={p.onGuestBookmarks} />
      </nav>
      <button id={MOBILE_CONTACTS_ID} type="button" className={`${styles.iconButton} ${styles.mobileOnly} no-print`} aria-label="Контакты" aria-expanded={p.mobileContactsOpen} onClick={p.onToggleMobileContacts}>
        <IconPhone />
      </button>
      {/* The account on a phone (the top bar is hidden there): a guest's icon opens the sign-in modal. */}
      {p.items ? <AccountMenu variant="icon" userName={p.userName} items={p.items} /> : (
        <Link to="/login" className={`${styles.iconButton} ${styles.mobileOnly} no-print`} aria-label="Войти" onClick={(e) => { e.preventDefault(); p.onLogin(); }}>
          <IconUser />
        </Link>
      )}
      {p.cartLink ? (
        // Spec §2: the mobile header's cart icon with the count of parts in the cart.
        <Link to="/cart" className={`${styles.iconButton} ${styles.mobileCart} ${styles.mobileOnly} no-print`} aria-label={`Корзина, товаров: ${p.cart}`}>
          <IconCart />
          {p.cart > 0 ? <span className={styles.mobileCartBadge} aria-hidden="true">{p.cart}</span> : null}
        </Link>
      ) : null}
    </>
  );
}

export interface HeaderRowsProps extends RegionQuestion {
  /** The current section's link, if any. */
  current: string | null;
  area: string;
  branch: string;
  onOpenRegion: () => void;
  onSearch: () => void;
}

/** Under the main bar: the sections (desktop); on phones the search field, the region and its question. */
export function HeaderRows(p: HeaderRowsProps) {
  // Not on focus: the dialog gives focus back to the field when it closes, which would reopen it.
  const openSearchOnKey = (e: React.KeyboardEvent) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); p.onSearch(); } };
  return (
    <>
      <nav aria-label="Разделы сайта" className={`${styles.navRow} ${styles.desktopOnly} no-print`}>
        <SectionLinks current={p.current} />
      </nav>
      <div className={`${styles.mobileSearchRow} ${styles.mobileOnly} no-print`}>
        <input className={styles.mobileSearch} readOnly placeholder="Искать в каталоге или на сайте" aria-label="Искать в каталоге или на сайте" onClick={p.onSearch} onKeyDown={openSearchOnKey} />
      </div>
      <div className={`${styles.mobileRegionRow} ${styles.mobileOnly} no-print`}>
        <RegionControl variant="mobile" area={p.area} branch={p.branch} onOpen={p.onOpenRegion} />
      </div>
      {p.asked ? <RegionAsk {...p} variant="mobile" /> : null}
    </>
  );
}

export const MAIN_LINKS = [
  { to: '/servis', label: 'Сервис' },
  { to: '/finansirovanie', label: 'Финансирование' },
  { to: '/akcii', label: 'Акции' },
  { to: '/blog', label: 'Агроновости' },
  { to: '/contacts', label: 'Филиалы' },
  { to: '/dostavka-i-oplata', label: 'Доставка и оплата' },
  { to: '/vacancies', label: 'Вакансии' },
] as const;

/** The sections' links; the current one is marked for screen readers and underlined. */
function SectionLinks({ current }: { current: string | null }) {
  return (
    <div className={`container ${styles.navRowInner}`}>
      {MAIN_LINKS.map((l) => <Link key={l.to} to={l.to} className={styles.navLink} aria-current={l.to === current ? 'page' : undefined}>{l.label}</Link>)}
    </div>
  );
}

/** Spec §4: 'Ваш регион {label}?' while the area is unconfirmed; one strip per layout, under its region button. */
function RegionAsk({ area, onConfirm, onChange, onDismiss, variant }: RegionQuestion & { area: string; variant: 'desktop' | 'mobile' }) {
  return (
    <RegionTooltip
      className={`${variant === 'desktop' ? styles.desktopTooltip : styles.mobileTooltip} no-print`}
      textId={`region-question-${variant}`}
      label={area}
      onConfirm={onConfirm}
      onChange={onChange}
      onDismiss={onDismiss}
    />
  );
}

/** Spec §2: the region button and the branch, in the desktop top bar and in the mobile region row; CSS shows one of them. */
function RegionControl({ variant, area, branch, onOpen }: { variant: 'desktop' | 'mobile'; area: string; branch: string; onOpen: () => void }) {
  return (
    <div className={variant === 'desktop' ? styles.region : styles.mobileRegion}>
      <button type="button" className={styles.regionButton} onClick={onOpen} data-testid={`region-button-${variant}`}>
        <IconPin size={18} /> <span>{area}</span>
      </button>
      <span className={styles.branch}>Филиал: {branch}</span>
    </div>
  );
}

export function LazyContactsPanel({ onWriteUs }: { onWriteUs: () => void }) {
  return (
    <Suspense fallback={<p className={styles.loading}>Загрузка…</p>}>
      <ContactsPanel onWriteUs={onWriteUs} />
    </Suspense>
  );
}

const CONTACTS_PANEL_ID = 'contacts-panel';

function ContactsDropdown({ phone, phoneClass, open, onOpenChange }: { phone: string; phoneClass: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useDismiss(open, ref, (reason) => {
    onOpenChange(false);
    // Escape hands focus back to the toggle (WAI-ARIA disclosure); an outside press leaves it where it went.
    if (reason === 'escape') toggle.current?.focus();
  });
  return (
    <div className={styles.contacts} ref={ref}>
      <a className={`${styles.topPhone} ${phoneClass}`} href={telHref(phone)} data-testid="header-phone">
        {phone}
      </a>
      <button type="button" ref={toggle} className={styles.contactsToggle} aria-expanded={open} aria-controls={CONTACTS_PANEL_ID} onPointerEnter={() => void loadContactsPanel()} onFocus={() => void loadContactsPanel()} onClick={() => onOpenChange(!open)}>
        Контакты <IconChevronDown size={16} />
      </button>
      {open ? (
        <div className={styles.dropdown} id={CONTACTS_PANEL_ID}>
          {/* The dropdown closes; focus moves to its toggle first, so the dialog gives it back there. */}
          <LazyContactsPanel onWriteUs={() => { toggle.current?.focus(); onOpenChange(false); }} />
        </div>
      ) : null}
    </div>
  );
}

/** Guests see 'Войти' with a tooltip explaining what signing in gives (spec §9, after 300 ms hover). */
function GuestLogin({ onLogin }: { onLogin: () => void }) {
  const [tip, setTip] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div
      className={styles.loginWrap}
      onMouseEnter={() => { timer.current = setTimeout(() => setTip(true), LOGIN_TOOLTIP_DELAY_MS); }}
      onMouseLeave={() => { clearTimeout(timer.current); setTip(false); }}
    >
      {/* A link for a page without scripts; with them the modal opens in place. */}
      <Link to="/login" className={styles.login} aria-describedby="login-tooltip" onClick={(e) => { e.preventDefault(); onLogin(); }}><IconUser size={18} /> Войти</Link>
      <div id="login-tooltip" role="tooltip" className={styles.loginTip} hidden={!tip}>
        Войдите, чтобы видеть цены и акции в вашем регионе, подборку товаров по вашим интересам и каталоги запчастей с чертежами.
      </div>
    </div>
  );
}

/**
 * The signed-in user's menu where the header shows it (the top bar's text, the phone's icon), with
 * what stands in its place while its code loads. Each has an id of its own: both are on every page.
 */
function AccountMenu({ variant, userName, items }: { variant: 'text' | 'icon'; userName: string | null; items: UserMenuItem[] }) {
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

interface CounterLinksProps {
  counts: { compare: number; bookmarks: number; cart: number };
  guest: boolean;
  onGuestBookmarks: () => void;
}

/** Compare, favourites and cart with their counts. */
function CounterLinks({ counts, guest, onGuestBookmarks }: CounterLinksProps) {
  const items = [
    { to: '/compare', label: 'Сравнение', count: counts.compare, icon: 'compare' },
    // Spec §2: a guest's favourites icon opens the login modal with redirect to /profile/bookmarks.
    { to: guest ? '/login?redirect=%2Fprofile%2Fbookmarks' : '/profile/bookmarks', label: 'Избранное', count: counts.bookmarks, icon: 'heart' },
    { to: '/cart', label: 'Корзина', count: counts.cart, icon: 'cart' },
  ] as const;
  return items.map((i) => (
    <Link
      key={i.label}
      to={i.to}
      className={styles.counter}
      aria-label={`${i.label}: ${i.count}`}
      onClick={guest && i.icon === 'heart' ? (e) => { e.preventDefault(); onGuestBookmarks(); } : undefined}
    >
      <Icon name={i.icon} />
      <span className={styles.counterBadge} data-empty={i.count === 0 || undefined}>{i.count}</span>
      <span className={styles.counterLabel}>{i.label}</span>
    </Link>
  ));
}
