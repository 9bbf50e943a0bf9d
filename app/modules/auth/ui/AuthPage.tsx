import { useMemo } from 'react';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import type { AuthFormName } from '#app/modules/auth/auth.constants.ts';
import AuthModal from './AuthModal.tsx';
import type { AuthModalRequest } from './auth-modal.schema.ts';
import styles from './AuthPage.module.css';

/**
 * The page behind /login and /signup: a short heading that the server renders (the dialog itself
 * appears after hydration) and the auth modal open on the given form. Closing it goes to '/'.
 */
export function AuthPage({ heading, intro, form, redirect, error = null }: { heading: string; intro: string; form: AuthFormName; redirect: string | null; error?: string | null }): ReactElement {
  const navigate = useNavigate();
  const request = useMemo<AuthModalRequest>(() => ({ form, ...(redirect ? { redirect } : {}) }), [form, redirect]);
  return (
    <div className={`container ${styles.page}`}>
      <h1>{heading}</h1>
      <p className={styles.intro}>{intro}</p>
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      <noscript>
        <p className={styles.intro}>Для входа и регистрации включите JavaScript в браузере.</p>
      </noscript>
      <AuthModal open request={request} onClose={() => navigate('/')} />
    </div>
  );
}
