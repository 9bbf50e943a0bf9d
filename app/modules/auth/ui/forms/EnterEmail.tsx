import { useState } from 'react';
import type { ReactElement } from 'react';
import { SOCIAL_PROVIDERS } from '#app/modules/auth/auth.constants.ts';
import { signInByEmailInput, signInByPhoneInput, type AuthType } from '#app/modules/auth/auth.schema.ts';
import { socialSignInHref } from '../auth-modal.rules.ts';
import { formStyles as styles, InfoLine, LinkButton, SchemaForm, ServerAlert, SubmitButton, TextField, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { authPost, EmailField, limitEndsAt, useCountdown } from './auth-form-kit.tsx';
import authStyles from './auth-forms.module.css';
import { PhoneField } from './PhoneField.tsx';
import type { AuthFormProps } from './types.ts';

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
  const [failedType, setFailedType] = useState<AuthType>(authType);
  const [lock, setLock] = useState<{ until: number | null; message: string }>({ until: null, message: '' });
  const lockedUntil = lock.until;
  const lockLeft = useCountdown(lockedUntil);
  const [resend, setResend] = useState<{ busy: boolean; message: string | null; failed: boolean }>({ busy: false, message: null, failed: false });

  const login = authType === 'email' ? { email: values.email } : { phone: values.phone };

  async function submit() {
    if (busy || lockLeft > 0) return;
    setBusy(true);
    form.clearFailure();
    setResend({ busy: false, message: null, failed: false });
    const answer = await authPost('/api/auth/authorize', authType, { ...login, password: values.password, isGuest: values.isGuest, rememberMe: values.rememberMe });
    if (answer.ok) {
      onSignedIn();
      return;
    }
    setBusy(false);
    setFailedType(authType);
    setLock({ until: limitEndsAt(answer), message: answer.message ?? '' });
    form.fail({ message: answer.message ?? 'Не удалось войти', code: answer.code, ...(answer.retryAfterSeconds ? { retryAfterSeconds: answer.retryAfterSeconds } : {}) });
  }

  /** 'Отправить письмо ещё раз': a new confirmation letter to the address typed (a neutral answer). */
  async function resendLetter() {
    setResend({ busy: true, message: null, failed: false });
    const answer = await authPost('/api/auth/resend-confirmation', 'email', { email: values.email });
    setResend({ busy: false, message: answer.message ?? (answer.ok ? null : 'Не удалось отправить письмо'), failed: !answer.ok });
  }

  // A sign-in lock ('Попробуйте через N мин.') stands whatever is typed: it is about the account and the address.
  const shownFailure = form.failure && failedType === authType ? form.failure : null;
  const locked = lockLeft > 0;
  // The lock's message stays while it stands, whatever is edited; submit waits with it.
  const alert = locked && lock.message ? lock.message : (shownFailure?.message ?? null);
  const unknownLogin = shownFailure?.code === 'email_not_exists' || shownFailure?.code === 'phone_not_exists';
  const unconfirmed = shownFailure?.code === 'email_not_confirmed' && authType === 'email';

  return (
    <SchemaForm form={form} onValid={submit}>
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
      {resend.message && !resend.failed ? <InfoLine message={resend.message} /> : (
        <ServerAlert message={resend.message ?? alert}>
          {unknownLogin ? <LinkButton onClick={() => go('RegistrationStage1', { authType, ...login })}>Зарегистрироваться?</LinkButton> : null}
          {shownFailure?.code === 'password_error' ? <LinkButton onClick={() => go('ForgotPass', { authType, ...login })}>Сбросить пароль?</LinkButton> : null}
          {unconfirmed ? <LinkButton onClick={() => void resendLetter()} disabled={resend.busy}>Отправить письмо ещё раз</LinkButton> : null}
        </ServerAlert>
      )}
      <div className={styles.actions}>
        <SubmitButton disabled={!form.valid || locked} busy={busy}>Войти</SubmitButton>
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
    </SchemaForm>
  );
}
