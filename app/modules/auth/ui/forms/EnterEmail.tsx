import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { SOCIAL_PROVIDERS } from '#app/modules/auth/auth.constants.ts';
import { signInByEmailInput, signInByPhoneInput, type AuthType } from '#app/modules/auth/auth.schema.ts';
import { socialSignInHref } from '../auth-modal.rules.ts';
import { formStyles as styles, LinkButton, ServerAlert, SubmitButton, TextField, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { authPost, EmailField } from './auth-form-kit.tsx';
import authStyles from './auth-forms.module.css';
import { PhoneField } from './PhoneField.tsx';
import type { AuthFormProps } from './types.ts';

interface Failure { message: string; code: string | null; authType: AuthType }

/** The start form (spec §2 'Вход'): e-mail or phone and password, the two flags, social sign-in. */
export function EnterEmail({ authType, params, redirect, go, onSignedIn }: AuthFormProps): ReactElement {
  const form = useSchemaForm(authType === 'email' ? signInByEmailInput : signInByPhoneInput, () => ({
    email: params.email ?? '',
    phone: params.phone ?? '',
    password: '',
    isGuest: false,
    rememberMe: false,
  }));
  const { values } = form;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const login = authType === 'email' ? { email: values.email } : { phone: values.phone };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.attempt();
    if (!form.valid || busy) return;
    setBusy(true);
    setFailure(null);
    const answer = await authPost('/api/auth/authorize', authType, { ...login, password: values.password, isGuest: values.isGuest, rememberMe: values.rememberMe });
    if (answer.ok) {
      onSignedIn();
      return;
    }
    setBusy(false);
    setFailure({ message: answer.message ?? 'Не удалось войти', code: answer.code, authType });
  }

  const shownFailure = failure && failure.authType === authType ? failure : null;
  const unknownLogin = shownFailure?.code === 'email_not_exists' || shownFailure?.code === 'phone_not_exists';

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {authType === 'email' ? (
        <EmailField {...form.bind('email')} autoComplete="username" />
      ) : (
        <PhoneField
          {...form.bind('phone')}
          showInvalid={form.attempted}
        />
      )}
      <TextField
        label="Пароль"
        type="password"
        name="password"
        autoComplete="current-password"
        {...form.bind('password')}
      />
      <div className={styles.flags}>
        <label className={styles.flag}>
          <input type="checkbox" name="isGuest" checked={values.isGuest} onChange={(e) => form.set('isGuest', e.currentTarget.checked)} />
          <span>Чужой компьютер</span>
        </label>
        <label className={styles.flag}>
          <input type="checkbox" name="rememberMe" checked={values.rememberMe} onChange={(e) => form.set('rememberMe', e.currentTarget.checked)} />
          <span>Запомнить меня</span>
        </label>
      </div>
      <ServerAlert message={shownFailure?.message ?? null}>
        {unknownLogin ? <LinkButton onClick={() => go('RegistrationStage1', { authType, ...login })}>Зарегистрироваться?</LinkButton> : null}
        {shownFailure?.code === 'password_error' ? <LinkButton onClick={() => go('ForgotPass', { authType, ...login })}>Сбросить пароль?</LinkButton> : null}
      </ServerAlert>
      <div className={styles.actions}>
        <SubmitButton disabled={!form.valid} busy={busy}>Войти</SubmitButton>
        <div className={styles.links}>
          <LinkButton onClick={() => go('ForgotPass', { authType, ...login })}>Забыли пароль?</LinkButton>
          <LinkButton onClick={() => go('RegistrationStage1', { authType })}>Регистрация</LinkButton>
        </div>
      </div>
      <div className={authStyles.social}>
        <p className={authStyles.socialTitle}>Войти через соцсети</p>
        <ul className={authStyles.socialList}>
          {SOCIAL_PROVIDERS.map((provider) => (
            <li key={provider.id}>
              <a className={authStyles.socialLink} href={socialSignInHref(provider.id, redirect)} aria-disabled={provider.disabled || undefined}>
                <span className={`${authStyles.socialBadge} ${authStyles[provider.id] ?? ''}`} aria-hidden="true">{provider.name.slice(0, 1)}</span>
                {provider.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
