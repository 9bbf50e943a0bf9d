import { useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { Link, useSiteNavigate } from '#app/components/ui/Link.tsx';
import { IconChevronDown, IconUser } from '#app/components/ui/icons.tsx';
import { useDismiss } from '#app/components/ui/use-dismiss.ts';
import { api } from '#app/lib/api.ts';
import { COMPARE_PATH, USER_MENU_LABEL, type UserMenuItem } from './user-menu.rules.ts';
import styles from './UserMenu.module.css';

export interface UserMenuProps {
  userName: string | null;
  /** The viewer's items (`userMenuItems`). */
  items: UserMenuItem[];
  /** The dropdown's id: the header has two menus (desktop and phone), each with its own. */
  id: string;
  /** Called after an item is chosen (the mobile menu closes itself then). */
  onNavigate?: () => void;
  className?: string;
  /** 'text': 'Личный кабинет' with a chevron (desktop top bar); 'icon': a person icon (the phone's header). */
  variant?: 'text' | 'icon';
}

/**
 * The signed-in user's menu (spec §2 'Личный кабинет'): a button with a dropdown of the account's
 * pages and actions, in the spec's order and with its role conditions (user-menu.rules.ts). Closes
 * on an outside click, Escape (focus back on the button) and after a choice. Renders nothing
 * without items (a guest).
 */
export function UserMenu({ userName, items, id: listId, onNavigate, className, variant = 'text' }: UserMenuProps): ReactElement | null {
  const navigate = useSiteNavigate();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, root, (reason) => {
    // Escape hands focus back to the button (WAI-ARIA disclosure); an outside press leaves it where it went.
    if (reason === 'escape') button.current?.focus();
    setOpen(false);
  });

  if (items.length === 0) return null;

  const done = () => {
    setOpen(false);
    onNavigate?.();
  };

  const logout = async () => {
    setLeaving(true);
    setError(null);
    const result = await api('POST', '/api/auth/logout');
    if (result.error_status === 'success') {
      // A full load: every piece of the page that knew the user starts again as a guest's.
      window.location.assign('/');
      return;
    }
    setLeaving(false);
    setError(result.message);
  };

  const compare = () => {
    done();
    if (navigate) void navigate(COMPARE_PATH);
    else window.location.assign(COMPARE_PATH);
  };

  const renderItem = (item: UserMenuItem) => {
    switch (item.kind) {
      case 'link':
        return <Link to={item.to} className={styles.item} onClick={done}>{item.label}</Link>;
      case 'external':
        return <a href={item.href} target="_blank" rel="noopener" className={styles.item} onClick={done}>{item.label}</a>;
      case 'action':
        return item.id === 'compare'
          ? <button type="button" className={styles.item} onClick={compare}>{item.label}</button>
          : <button type="button" className={`${styles.item} ${styles.logout}`} disabled={leaving} onClick={() => void logout()}>{leaving ? 'Выходим…' : item.label}</button>;
    }
  };

  return (
    <div ref={root} className={[styles.menu, className].filter(Boolean).join(' ')}>
      <button
        ref={button}
        type="button"
        className={variant === 'icon' ? styles.iconToggle : styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={variant === 'icon' ? USER_MENU_LABEL : undefined}
        onClick={() => { setOpen((v) => !v); setError(null); }}
      >
        {variant === 'icon' ? <IconUser /> : <><IconUser size={18} /> {USER_MENU_LABEL} <IconChevronDown size={16} /></>}
      </button>
      <div id={listId} className={styles.dropdown} data-variant={variant} hidden={!open}>
        {userName ? <p className={styles.name}>{userName}</p> : null}
        <ul className={styles.list} aria-label={USER_MENU_LABEL}>
          {items.map((item) => <li key={item.id}>{renderItem(item)}</li>)}
        </ul>
        {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      </div>
    </div>
  );
}
