import { useEffect, useState } from 'react';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import type { AuthModalRequest } from './auth-modal.schema.ts';

/**
 * The landing of an e-mail link that was already used or has expired (/?auth=link-invalid): says so
 * and offers to sign in or recover the password, then drops the parameter from the address.
 */
export function AuthLinkNotice({ onSignIn }: { onSignIn: (request: AuthModalRequest) => void }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('auth') !== 'link-invalid') return;
    setOpen(true);
    url.searchParams.delete('auth');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, []);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Ссылка устарела" id="auth-link-invalid">
      <p>Ссылка из письма уже использована или истёк срок её действия (24 часа). Войдите или запросите восстановление пароля ещё раз.</p>
      <p style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <button type="button" className="btn btn-primary" onClick={() => { setOpen(false); onSignIn({ form: 'EnterEmail' }); }}>Войти</button>
        <button type="button" className="btn btn-secondary" onClick={() => { setOpen(false); onSignIn({ form: 'ForgotPass' }); }}>Восстановить пароль</button>
      </p>
    </Dialog>
  );
}
