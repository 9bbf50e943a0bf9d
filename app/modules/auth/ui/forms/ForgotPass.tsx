import { useRef, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { recoveryByEmailInput, recoveryByPhoneInput, type AuthType } from '#app/modules/auth/auth.schema.ts';
import { normalisePhone } from '#app/lib/phone.ts';
import { Captcha, type CaptchaHandle } from '../Captcha.tsx';
import { FieldError, formStyles as styles, ServerAlert, SubmitButton, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { authPost, captchaStepFailure, EmailField } from './auth-form-kit.tsx';
import { PhoneField } from './PhoneField.tsx';
import type { AuthFormProps } from './types.ts';

const LINK_SENT_FALLBACK = 'Если такой e-mail зарегистрирован, мы отправили на него ссылку для восстановления пароля';

/**
 * Password recovery (spec §4). By e-mail: authorize with reset_password=1, then the success message.
 * By phone: the captcha and verify-by-captcha with the reset flag, then step 2 flagged as a reset.
 */
export function ForgotPass({ authType, params, onFlow }: AuthFormProps): ReactElement {
  const form = useSchemaForm(authType === 'email' ? recoveryByEmailInput : recoveryByPhoneInput, () => ({
    email: params.email ?? '',
    phone: params.phone ?? '',
    captchaToken: '',
  }));
  const { values } = form;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; authType: AuthType } | null>(null);
  const captcha = useRef<CaptchaHandle>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.attempt();
    if (!form.valid || busy) return;
    setBusy(true);
    setFailure(null);
    if (authType === 'email') {
      const answer = await authPost('/api/auth/authorize', 'email', { email: values.email, reset_password: true });
      setBusy(false);
      if (answer.ok) onFlow({ type: 'emailAccepted' }, { notice: answer.message ?? LINK_SENT_FALLBACK });
      else setFailure({ message: answer.message ?? 'Не удалось отправить ссылку', authType });
      return;
    }
    const answer = await authPost('/api/auth/verify-by-captcha', 'phone', { phone: values.phone, 'captcha-token': values.captchaToken, reset_password: true });
    setBusy(false);
    if (answer.ok) {
      onFlow({ type: 'codeSent', phone: normalisePhone(values.phone), name: '' });
      return;
    }
    const message = captchaStepFailure(answer, captcha.current, 'Не удалось отправить код');
    if (message) setFailure({ message, authType });
  }

  const shownFailure = failure && failure.authType === authType ? failure.message : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.lead}>
        {authType === 'email'
          ? 'Укажите e-mail, с которым вы регистрировались: мы пришлём ссылку для смены пароля.'
          : 'Укажите номер телефона: мы позвоним, и вы введёте последние 4 цифры входящего номера.'}
      </p>
      {authType === 'email' ? (
        <EmailField {...form.bind('email')} />
      ) : (
        <>
          <PhoneField
            {...form.bind('phone')}
            showInvalid={form.attempted}
          />
          <div>
            <Captcha ref={captcha} onChange={(token) => form.set('captchaToken', token)} invalid={Boolean(form.attempted && !values.captchaToken)} />
            <FieldError message={form.attempted ? form.errors.captchaToken : undefined} />
          </div>
        </>
      )}
      <ServerAlert message={shownFailure} />
      <div className={styles.actions}>
        <SubmitButton disabled={!form.valid} busy={busy}>{authType === 'email' ? 'Отправить ссылку' : 'Получить код'}</SubmitButton>
      </div>
    </form>
  );
}
