import { createContext, use, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

/**
 * The site's link to a page of its own, by an absolute path ('/catalog/traktory?page=2').
 *
 * React Router's `<Link>` resolves its `to` against the route tree and sets up its click handler
 * with half a dozen hooks on every render; a catalogue page renders about a hundred links (cards,
 * menus, footer, pagination), and that came to a tenth of the server's time per page. Every link of
 * this site is an absolute path already, so this one renders the anchor as `<Link>` does (same
 * markup, `data-discover` for route discovery) and makes the same client-side navigation on a
 * plain left click: the path given, replacing the history entry when it is the current address.
 * The navigate function comes once per page from `LinkNavigation` (the site shell). Without it (a
 * page outside the shell), or for a click with a modifier key or another target, the browser
 * follows the link itself.
 */
const NavigateContext = createContext<NavigateFunction | null>(null);

/** Gives the links below it React Router's navigation (placed once, in the shell). */
export function LinkNavigation({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  return <NavigateContext value={navigate}>{children}</NavigateContext>;
}

/** React Router's navigation as `LinkNavigation` gives it; null outside the shell. */
export function useSiteNavigate(): NavigateFunction | null {
  return use(NavigateContext);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path of this site, with its query and hash if any. */
  to: string;
  /** Replace the current history entry (default: only when `to` is the current address). */
  replace?: boolean;
  /** Keep the scroll position (a change of the list's view, not a new page). */
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, preventScrollReset, onClick, target, ...rest }: LinkProps) {
  const navigate = use(NavigateContext);
  const internal = isOwnPath(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !navigate || !internal || !isPlainClick(event, target)) return;
    event.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    void navigate(to, { replace: replace ?? here === to, preventScrollReset });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} data-discover={internal ? 'true' : undefined} />;
}

/** '/x' but not '//host/x' (a protocol-relative address is another site). */
export function isOwnPath(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//');
}

/** A left click without modifier keys on a link that opens in this tab (what React Router handles). */
export function isPlainClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>, target?: string): boolean {
  return event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}
