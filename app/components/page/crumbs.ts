/** A step of a page's trail: the breadcrumbs and the mobile back link (app/layout/MobileBackLink.tsx). */
export interface Crumb { label: string; to: string }
/** A route declares its trail with `handle: { crumbs: (data) => Crumb[] }`; the root is always 'Главная'. */
export interface CrumbHandle { crumbs?: (data: unknown) => Crumb[] }
