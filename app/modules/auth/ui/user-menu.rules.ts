import { canSearchSpareParts, canSeeSupplierPortal, type ViewerClass } from '../viewer.schema.ts';

/** An entry of the signed-in user's menu (spec §2 'Личный кабинет'). */
export type UserMenuItem =
  | { kind: 'link'; id: string; label: string; to: string }
  | { kind: 'external'; id: string; label: string; href: string }
  | { kind: 'action'; id: 'compare' | 'logout'; label: string };

export const USER_MENU_LABEL = 'Личный кабинет';
/** 'Сравнить товары' is an action (spec §2): it opens the visitor's comparison, which goes on to its shareable address (/compare/{codes}). */
export const COMPARE_PATH = '/compare';
export const SPARE_PART_SEARCH_PATH = '/search/sparepart';
/**
 * The transportation exchange (spec §2 `/transportation-orders/`, ADR 097): any signed-in user posts
 * loads there, a carrier bids. The spec names no menu for it; the account's menu is where a user
 * looks for what needs his account (the transport module's TRANSPORT_PATH; auth imports no module).
 */
export const TRANSPORT_EXCHANGE_PATH = '/transportation-orders';
/** The back-office (ADR 073), for whoever holds 'backoffice.enter'. */
export const BACKOFFICE_PATH = '/admin';

/**
 * The items in the spec's order: Мои данные, Корзина, Избранное (with 'Моя техника' after it), Сравнить товары
 * (with 'Биржа перевозок' after it), the supplier
 * portal (portal access or suppliers only, new tab, address from the host page), spare-part search
 * (company employees only), the back-office (staff), Выйти. A guest has no menu.
 */
export function userMenuItems(viewer: ViewerClass, supplierPortalUrl: string): UserMenuItem[] {
  if (viewer.isGuest) return [];
  const items: UserMenuItem[] = [
    { kind: 'link', id: 'profile', label: 'Мои данные', to: '/profile' },
    { kind: 'link', id: 'cart', label: 'Корзина', to: '/cart' },
    { kind: 'link', id: 'bookmarks', label: 'Избранное', to: '/profile/bookmarks' },
    // Issue 9: the machinery yard (spec §1, §6: it needs sign-in), beside the favourites.
    { kind: 'link', id: 'machines', label: 'Моя техника', to: '/profile/machines' },
    { kind: 'action', id: 'compare', label: 'Сравнить товары' },
    { kind: 'link', id: 'transport', label: 'Биржа перевозок', to: TRANSPORT_EXCHANGE_PATH },
  ];
  if (canSeeSupplierPortal(viewer) && supplierPortalUrl) items.push({ kind: 'external', id: 'supplier-portal', label: 'Портал поставщика', href: supplierPortalUrl });
  if (canSearchSpareParts(viewer)) items.push({ kind: 'link', id: 'sparepart-search', label: 'Поиск запчастей', to: SPARE_PART_SEARCH_PATH });
  if (viewer.isBackoffice) items.push({ kind: 'link', id: 'backoffice', label: 'Бэк-офис', to: BACKOFFICE_PATH });
  items.push({ kind: 'action', id: 'logout', label: 'Выйти' });
  return items;
}

/**
 * What the mobile menu lists under 'Личный кабинет': the same items without 'Выйти', which stays the
 * main list's last item there (spec §2: the login item becomes 'Выйти').
 */
export function accountPageItems(viewer: ViewerClass, supplierPortalUrl: string): UserMenuItem[] {
  return userMenuItems(viewer, supplierPortalUrl).filter((item) => item.id !== 'logout');
}

