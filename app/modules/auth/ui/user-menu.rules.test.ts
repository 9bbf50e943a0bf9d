import { describe, expect, it } from 'vitest';
import { GUEST, type Viewer } from '../viewer.schema.ts';
import { accountPageItems, userMenuItems } from './user-menu.rules.ts';

const user: Viewer = { ...GUEST, isGuest: false, id: 7, userName: 'Иван', contacts: { email: 'i@agro.ru', phone: null } };
const PORTAL = 'https://portal.agro.example/';
const ids = (viewer: Viewer, url = PORTAL) => userMenuItems(viewer, url).map((i) => i.id);

describe('userMenuItems (spec §2, §6)', () => {
  it('gives a plain user the items in the spec order without the role-only ones', () => {
    expect(ids(user)).toEqual(['profile', 'cart', 'bookmarks', 'machines', 'compare', 'logout']);
    expect(userMenuItems(user, PORTAL).map((i) => i.label)).toEqual(['Мои данные', 'Корзина', 'Избранное', 'Моя техника', 'Сравнить товары', 'Выйти']);
  });

  it('shows the supplier portal to portal users and suppliers, with the host page address', () => {
    expect(ids({ ...user, hasPPAccess: true })).toEqual(['profile', 'cart', 'bookmarks', 'machines', 'compare', 'supplier-portal', 'logout']);
    expect(ids({ ...user, isSupplier: true })).toContain('supplier-portal');
    expect(userMenuItems({ ...user, isSupplier: true }, PORTAL).find((i) => i.id === 'supplier-portal')).toEqual({ kind: 'external', id: 'supplier-portal', label: 'Портал поставщика', href: PORTAL });
    expect(ids({ ...user, isSupplier: true }, '')).not.toContain('supplier-portal');
  });

  it('shows spare-part search and the visitors\' requests to company employees only, before Выйти', () => {
    expect(ids({ ...user, isLbrUser: true })).toEqual(['profile', 'cart', 'bookmarks', 'machines', 'compare', 'sparepart-search', 'leads', 'logout']);
    expect(ids({ ...user, isLbrUser: true, isSupplier: true })).toEqual(['profile', 'cart', 'bookmarks', 'machines', 'compare', 'supplier-portal', 'sparepart-search', 'leads', 'logout']);
    expect(ids({ ...user, isPsEditor: true })).not.toContain('sparepart-search');
    expect(ids({ ...user, isSupplier: true })).not.toContain('leads');
  });

  it('gives a guest nothing', () => {
    expect(userMenuItems(GUEST, PORTAL)).toEqual([]);
  });
});

describe('accountPageItems (the mobile menu\'s Личный кабинет)', () => {
  it('lists the account pages and the role links, without Выйти', () => {
    expect(accountPageItems(user, PORTAL).map((i) => i.label)).toEqual(['Мои данные', 'Корзина', 'Избранное', 'Моя техника', 'Сравнить товары']);
    expect(accountPageItems({ ...user, isLbrUser: true, hasPPAccess: true }, PORTAL).map((i) => i.label))
      .toEqual(['Мои данные', 'Корзина', 'Избранное', 'Моя техника', 'Сравнить товары', 'Портал поставщика', 'Поиск запчастей', 'Заявки посетителей']);
    expect(accountPageItems({ ...user, isLbrUser: true }, PORTAL).find((i) => i.id === 'leads')).toMatchObject({ to: '/admin/leads' });
    expect(accountPageItems({ ...user, isLbrUser: true }, PORTAL).find((i) => i.id === 'sparepart-search')).toMatchObject({ to: '/search/sparepart' });
  });
  it('gives a guest nothing', () => {
    expect(accountPageItems(GUEST, PORTAL)).toEqual([]);
  });
});
