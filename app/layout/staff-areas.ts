/**
 * The areas for the company's people (ADR 073): the back-office at /admin and the supplier cabinet
 * at /suppliers share one shell and one refusal page; this says which area they draw.
 */
export interface StaffArea {
  home: string;
  title: string;
  navLabel: string;
  /** A guest at its door: who it is for, and to sign in. */
  guest: string;
  /** A signed-in visitor whose roles do not open it. */
  refused: string;
  /** An address inside it that names no screen. */
  missing: string;
}

export const BACKOFFICE: StaffArea = {
  home: '/admin',
  title: 'Бэк-офис',
  navLabel: 'Разделы бэк-офиса',
  guest: 'Бэк-офис открыт сотрудникам компании. Войдите под своей учётной записью.',
  refused: 'Этот раздел бэк-офиса вашей роли не открыт.',
  missing: 'В бэк-офисе нет такого раздела.',
};

export const SUPPLIER_CABINET: StaffArea = {
  home: '/suppliers',
  title: 'Кабинет поставщика',
  navLabel: 'Разделы кабинета поставщика',
  guest: 'Кабинет открыт поставщикам компании. Войдите под учётной записью, которую вам выдал менеджер.',
  refused: 'Кабинет поставщика вашей учётной записи не открыт. Обратитесь к вашему менеджеру в компании.',
  missing: 'В кабинете поставщика нет такого раздела.',
};

/** The area an address belongs to, or null for the shop's and the print pages. */
export function staffAreaOf(pathname: string): StaffArea | null {
  for (const area of [BACKOFFICE, SUPPLIER_CABINET]) {
    if (pathname === area.home || pathname.startsWith(`${area.home}/`)) return area;
  }
  return null;
}
