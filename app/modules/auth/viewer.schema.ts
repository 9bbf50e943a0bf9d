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

/** A viewer's class: what a page shared by such visitors may know (flags, never a name or an id). */
export type ViewerClass = Pick<Viewer, 'isGuest' | 'isLbrUser' | 'isSupplier' | 'hasPPAccess' | 'isPsEditor'>;

/** Spec §6: the supplier portal link is for portal users and suppliers; spare-part search for employees. */
export function canSeeSupplierPortal(viewer: ViewerClass): boolean {
  return viewer.hasPPAccess || viewer.isSupplier;
}

export function canSearchSpareParts(viewer: ViewerClass): boolean {
  return viewer.isLbrUser;
}

/** The visitors' requests at /admin/leads (ADR 069): company employees, until the back-office's capabilities. */
export function canReadLeads(viewer: ViewerClass): boolean {
  return viewer.isLbrUser;
}
