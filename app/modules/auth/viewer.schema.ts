/** Spec §3 User/core as the page gets it: the permission flags, id and contacts (guest by default). */
export interface Viewer {
  isGuest: boolean;
  isLbrUser: boolean;
  isSupplier: boolean;
  hasPPAccess: boolean;
  isPsEditor: boolean;
  id: number | null;
  userName: string | null;
  contacts: { email: string | null; phone: string | null };
}

export const GUEST: Viewer = {
  isGuest: true, isLbrUser: false, isSupplier: false, hasPPAccess: false, isPsEditor: false,
  id: null, userName: null, contacts: { email: null, phone: null },
};

/** Spec §6: the supplier portal link is for portal users and suppliers; spare-part search for employees. */
export function canSeeSupplierPortal(viewer: Viewer): boolean {
  return viewer.hasPPAccess || viewer.isSupplier;
}

export function canSearchSpareParts(viewer: Viewer): boolean {
  return viewer.isLbrUser;
}
