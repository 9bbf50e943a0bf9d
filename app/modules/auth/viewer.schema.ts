import type { Role } from './capabilities.rules.ts';

/** Spec §3 User/core as the page gets it: the permission flags, id and contacts (guest by default). */
export interface Viewer {
  isGuest: boolean;
  isLbrUser: boolean;
  isSupplier: boolean;
  hasPPAccess: boolean;
  isPsEditor: boolean;
  /** May open the back-office at /admin (capabilities.rules.ts 'backoffice.enter'). */
  isBackoffice: boolean;
  /** Every role held, the spec's flags included (capabilities.rules.ts). */
  roles: Role[];
  /** The branch an employee works for; null: every branch (the head office) or not staff. */
  staffBranchId: number | null;
  id: number | null;
  userName: string | null;
  contacts: { email: string | null; phone: string | null };
}

export const GUEST: Viewer = {
  isGuest: true, isLbrUser: false, isSupplier: false, hasPPAccess: false, isPsEditor: false, isBackoffice: false,
  roles: [], staffBranchId: null, id: null, userName: null, contacts: { email: null, phone: null },
};

/** A viewer's class: what a page shared by such visitors may know (flags, never a name or an id). */
export type ViewerClass = Pick<Viewer, 'isGuest' | 'isLbrUser' | 'isSupplier' | 'hasPPAccess' | 'isPsEditor' | 'isBackoffice'>;

/** Spec §6: the supplier portal link is for portal users and suppliers; spare-part search for employees. */
export function canSeeSupplierPortal(viewer: ViewerClass): boolean {
  return viewer.hasPPAccess || viewer.isSupplier;
}

export function canSearchSpareParts(viewer: ViewerClass): boolean {
  return viewer.isLbrUser;
}
