import { describe, expect, it } from 'vitest';
import { GUEST, type Viewer } from '../viewer.schema.ts';
import { accountPageItems, userMenuItems } from './user-menu.rules.ts';

const user: Viewer = { ...GUEST, isGuest: false, id: 7, userName: 'Иван', contacts: { email: 'i@agro.ru', phone: null } };
const PORTAL = 'https://portal.agro.example/';
const ids = (viewer: Viewer, url = PORTAL) => userMenuItems(viewer, url).map((i) => i.id);

describe('userMenuItems (spec §2, §6)', () => {
  it('gives a plain user the items in the spec order without the role-only ones', () => {
    expect(ids(user)).toEqual(['profile', 'cart', 'bookmarks', 'machines', 'compare', 'transport', 'logout']);
    expect(userMenuItems(user, PORTAL).map((i) => i.label)).toEqual(['Мои данные', 'Корзина', 'Избранное', 'Моя техника', 'Сравнить товары', 'Биржа перевозок', 'Выйти']);
  });

  it('shows the supplier portal to portal users and suppliers, with the host page address', () => {
    expect(ids({ ...user, hasPPAccess: true })).toEqual(['profile', 'cart', 'bookmarks', 'machines', 'compare', 'transport', 'supplier-portal', 'logout']);
    expect(ids({ ...user, isSupplier: true })).toContain('supplier-portal');
    expect(userMenuItems({ ...user, isSupplier: true }, PORTAL).find((i) => i.id === 'supplier-portal')).toEqual({ kind: 'external', id: 'supplier-portal', label: 'Портал поставщика', href: PORTAL });
    expect(ids({ ...user, isSupplier: true }, '')).not.toContain('supplier-portal');
  });

  it('shows spare-part search to company employees and the back-office to staff, before Выйти', () => {
    const employee = { ...user, isLbrUser: true, isBackoffice: true };
    expect(ids(employee)).toEqual(['profile', 'cart', 'bookmarks', 'machines', 'compare', 'transport', 'sparepart-search', 'backoffice', 'logout']);
    expect(ids({ ...employee, isSupplier: true })).toEqual(['profile', 'cart', 'bookmarks', 'machines', 'compare', 'transport', 'supplier-portal', 'sparepart-search', 'backoffice', 'logout']);
    expect(ids({ ...user, isPsEditor: true, isBackoffice: true })).not.toContain('sparepart-search');
    expect(ids({ ...user, isPsEditor: true, isBackoffice: true })).toContain('backoffice');
    expect(ids({ ...user, isSupplier: true })).not.toContain('backoffice');
  });

  it('gives a guest nothing', () => {
    expect(userMenuItems(GUEST, PORTAL)).toEqual([]);
  });
});

describe('accountPageItems (the mobile menu\'s Личный кабинет)', () => {
  it('lists the account pages and the role links, without Выйти', () => {
    expect(accountPageItems(user, PORTAL).map((i) => i.label)).toEqual(['Мои данные', 'Корзина', 'Избранное', 'Моя техника', 'Сравнить товары', 'Биржа перевозок']);
    expect(accountPageItems({ ...user, isLbrUser: true, isBackoffice: true, hasPPAccess: true }, PORTAL).map((i) => i.label))
      .toEqual(['Мои данные', 'Корзина', 'Избранное', 'Моя техника', 'Сравнить товары', 'Биржа перевозок', 'Портал поставщика', 'Поиск запчастей', 'Бэк-офис']);
    expect(accountPageItems({ ...user, isBackoffice: true }, PORTAL).find((i) => i.id === 'backoffice')).toMatchObject({ to: '/admin' });
    expect(accountPageItems({ ...user, isLbrUser: true }, PORTAL).find((i) => i.id === 'sparepart-search')).toMatchObject({ to: '/search/sparepart' });
    expect(accountPageItems(user, PORTAL).find((i) => i.id === 'transport')).toMatchObject({ kind: 'link', to: '/transportation-orders' });
  });
  it('gives a guest nothing', () => {
    expect(accountPageItems(GUEST, PORTAL)).toEqual([]);
  });
});
