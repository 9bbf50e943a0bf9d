import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { RELOAD_AFTER_SAVE_MS } from '#app/modules/regions/regions.constants.ts';
import { LinkNavigation } from '#app/components/ui/Link.tsx';
import { DemoBanner } from './DemoBanner.tsx';
import { LayoutUiContext, type LayoutUi } from '#app/components/page/layout-ui.tsx';
import { MobileBackLink } from './MobileBackLink.tsx';
import { useRootData } from '#app/components/page/root-data.ts';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';
import { useWebFontsAtNavigation } from './web-fonts-at-navigation.ts';
import { DEFAULT_AUTH_REQUEST, type AuthModalRequest } from '#app/modules/auth/ui/auth-modal.schema.ts';

// Overlays load their code when first opened, keeping it out of every page's initial bundle.
const RegionModal = lazy(() => import('#app/modules/regions/ui/RegionModal.tsx').then((m) => ({ default: m.RegionModal })));
const BranchChangedDialog = lazy(() => import('#app/modules/regions/ui/BranchChangedDialog.tsx').then((m) => ({ default: m.BranchChangedDialog })));
const WriteUsDialog = lazy(() => import('#app/modules/content/ui/WriteUsDialog.tsx').then((m) => ({ default: m.WriteUsDialog })));
const SearchDialog = lazy(() => import('./SearchDialog.tsx').then((m) => ({ default: m.SearchDialog })));
const AuthModal = lazy(() => import('#app/modules/auth/ui/AuthModal.tsx'));
const AuthLinkNotice = lazy(() => import('#app/modules/auth/ui/AuthLinkNotice.tsx').then((m) => ({ default: m.AuthLinkNotice })));
const Notifications = lazy(() => import('#app/modules/auth/ui/Notifications.tsx').then((m) => ({ default: m.Notifications })));

type Overlay = 'region' | 'writeUs' | 'search' | 'auth' | null;

export function SiteShell({ children }: { children: React.ReactNode }) {
  const { location, settings, viewer } = useRootData();
  useWebFontsAtNavigation();
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [opened, setOpened] = useState<Set<Overlay>>(() => new Set());
  const [branchChanged, setBranchChanged] = useState<string | null>(null);
  const [authRequest, setAuthRequest] = useState<AuthModalRequest>(DEFAULT_AUTH_REQUEST);
  // An e-mail link that no longer works lands on ?auth=link-invalid (read after hydration).
  const [linkInvalid, setLinkInvalid] = useState(false);
  useEffect(() => setLinkInvalid(new URLSearchParams(window.location.search).get('auth') === 'link-invalid'), []);

  const open = useCallback((which: Overlay) => {
    setOpened((s) => (s.has(which) ? s : new Set(s).add(which)));
    setOverlay(which);
  }, []);
  const close = useCallback(() => setOverlay(null), []);
  const ui = useMemo<LayoutUi>(() => ({
    openRegion: () => open('region'),
    openWriteUs: () => open('writeUs'),
    openSearch: () => open('search'),
    openAuth: (request = DEFAULT_AUTH_REQUEST) => { setAuthRequest(request); open('auth'); },
  }), [open]);

  return (
    <LayoutUiContext.Provider value={ui}>
      <LinkNavigation>
        <a className="skip-link" href="#main">Перейти к содержимому</a>
        {settings.demo ? <DemoBanner /> : null}
        <SiteHeader />
        <MobileBackLink />
        <main id="main">{children}</main>
        <SiteFooter />
        <Suspense fallback={null}>
          {opened.has('region') ? (
            <RegionModal
              open={overlay === 'region'}
              onClose={close}
              currentRegionId={location.currentArea.regionId}
              mapTileUrl={settings.mapTileUrl}
              mapAttribution={settings.mapAttribution}
              onSaved={(result) => {
                if (result.branchChanged) setBranchChanged(result.currentBranchName);
                // Spec §4: the page reloads one second after a successful save.
                setTimeout(() => window.location.reload(), RELOAD_AFTER_SAVE_MS);
              }}
            />
          ) : null}
          {branchChanged ? <BranchChangedDialog branchName={branchChanged} onClose={() => setBranchChanged(null)} /> : null}
          {opened.has('writeUs') ? <WriteUsDialog open={overlay === 'writeUs'} onClose={close} /> : null}
          {opened.has('search') ? <SearchDialog open={overlay === 'search'} onClose={close} /> : null}
          {opened.has('auth') ? <AuthModal open={overlay === 'auth'} request={authRequest} onClose={close} /> : null}
          {viewer.isGuest ? null : <Notifications />}
          {linkInvalid ? <AuthLinkNotice onSignIn={ui.openAuth} /> : null}
        </Suspense>
      </LinkNavigation>
    </LayoutUiContext.Provider>
  );
}
