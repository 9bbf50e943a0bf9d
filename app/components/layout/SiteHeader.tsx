import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { api } from '#app/lib/api.ts';
import { callTrackingClass, countryCodeOfBranch } from '#app/modules/regions/regions.rules.ts';
import { SCROLL_THROTTLE_MS, headerHiddenAfterScroll, isCurrentSection, sparePartsHref, throttle } from './layout.rules.ts';
import { useCartCount } from '#app/modules/cart/ui/use-cart.ts';
import { useMarkCounters } from '#app/modules/catalog/marks/ui/use-marks.ts';
import { useLayoutUi } from './layout-ui.tsx';
import { userMenuItems } from '#app/modules/auth/ui/user-menu.rules.ts';
import { usePageAlias, useRootData } from './root-data.ts';
import { useVisitor } from './visitor.tsx';
import { BURGER_ID, HeaderBrand, HeaderRows, HeaderTools, HeaderTopBar, LazyContactsPanel, MAIN_LINKS, MOBILE_CONTACTS_ID } from './HeaderParts.tsx';
import styles from './SiteHeader.module.css';

const MobileMenu = lazy(() => import('./MobileMenu.tsx').then((m) => ({ default: m.MobileMenu })));

const focusById = (id: string) => document.getElementById(id)?.focus();

/** The header (spec §2): it holds the state of what opens; its rows are drawn by HeaderParts.tsx. */
export function SiteHeader() {
  const { location: here, menu, toPrint, viewer, settings } = useRootData();
  const visitor = useVisitor();
  const ui = useLayoutUi();
  const { pathname } = useLocation();
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [mobileMenuUsed, setMobileMenuUsed] = useState(false);
  const [catalogOpen, setCatalogOpen] = useState(false);
  const [contactsOpen, setContactsOpen] = useState(false);
  // The mobile panel has its own state: sharing the desktop one made the (hidden) desktop dropdown's
  // outside-press handler close the mobile panel before a tap on its buttons and links could land.
  const [mobileContactsOpen, setMobileContactsOpen] = useState(false);
  const alias = usePageAlias();
  const mobileHidden = useHideOnScroll();
  const marks = useMarkCounters(visitor.counters);
  const cart = useCartCount(visitor.counters?.cart ?? 0);
  // Focus goes back to the burger, so keyboard and screen-reader users continue where they were.
  const closeMobileMenu = useCallback(() => { setMobileMenuOpen(false); focusById(BURGER_ID); }, []);
  const [asked, setAsked] = useState(() => !here.currentArea.confirmed && !toPrint);

  useEffect(() => { setCatalogOpen(false); setContactsOpen(false); setMobileContactsOpen(false); setMobileMenuOpen(false); }, [pathname]);
  // Escape closes the mobile contacts panel and gives focus back to its button.
  useEffect(() => {
    if (!mobileContactsOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      setMobileContactsOpen(false);
      focusById(MOBILE_CONTACTS_ID);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileContactsOpen]);

  const branch = here.currentBranch;
  const place = { area: here.currentArea.label, branch: branch.name, phone: here.country.salesPhone };
  const items = viewer.isGuest ? null : userMenuItems(viewer, settings.supplierPortalUrl);
  const login = () => ui.openAuth();
  // Spec §4: 'Ваш регион {label}?' on load while the area is unconfirmed, never in print mode
  // (to_print=1). The server renders it: the cached guest page is keyed by the confirmation too.
  const question = {
    asked,
    onConfirm: async () => {
      await api('POST', '/api/current-area/set-location', { areaId: here.currentArea.regionId });
      setAsked(false);
    },
    onChange: () => { setAsked(false); ui.openRegion(); },
    onDismiss: () => setAsked(false),
  };

  return (
    <header className={styles.header} data-mobile-hidden={mobileHidden || undefined}>
      <HeaderTopBar
        {...place} {...question} phoneClass={callTrackingClass(countryCodeOfBranch(branch.countryId))}
        userName={visitor.userName} items={items} contactsOpen={contactsOpen} onContactsOpenChange={setContactsOpen} onOpenRegion={ui.openRegion} onLogin={login}
      />
      <div className={styles.mainBar}>
        <div className={`container ${styles.mainBarInner}`}>
          <HeaderBrand
            menuOpen={mobileMenuOpen} onOpenMenu={() => { setMobileMenuUsed(true); setMobileMenuOpen(true); }}
            top={menu} catalogOpen={catalogOpen} onCatalogOpenChange={setCatalogOpen}
            phone={place.phone} branch={place.branch} address={[branch.city, branch.address].filter(Boolean).join(', ')}
          />
          <Link to={sparePartsHref(alias)} className={`${styles.partsLink} ${styles.desktopOnly} no-print`} aria-current={isCurrentSection(pathname, '/zapchasti') ? 'page' : undefined}>Запчасти</Link>
          <HeaderTools
            compare={marks.compare} bookmarks={marks.bookmarks} cart={cart} userName={visitor.userName} items={items} cartLink={pathname !== '/cart'}
            mobileContactsOpen={mobileContactsOpen} onToggleMobileContacts={() => setMobileContactsOpen((v) => !v)} onSearch={ui.openSearch} onLogin={login}
            // Spec §2: for a guest the favourites icon opens the login modal, then goes to /profile/bookmarks.
            onGuestBookmarks={() => ui.openAuth({ form: 'EnterEmail', redirect: '/profile/bookmarks' })}
          />
        </div>
      </div>
      <HeaderRows
        {...question} current={MAIN_LINKS.find((l) => isCurrentSection(pathname, l.to))?.to ?? null}
        area={place.area} branch={place.branch} onOpenRegion={ui.openRegion} onSearch={ui.openSearch}
      />
      {mobileContactsOpen ? (
        <div className={`${styles.mobileContacts} ${styles.mobileOnly} no-print`} role="region" aria-label="Контакты">
          {/* The panel closes; focus moves to its button first, so the dialog gives it back there. */}
          <LazyContactsPanel onWriteUs={() => { focusById(MOBILE_CONTACTS_ID); setMobileContactsOpen(false); }} />
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
