import { useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { recoveryByEmailInput, recoveryByPhoneInput, type AuthType } from '#app/modules/auth/auth.schema.ts';
import { normalisePhone } from '#app/lib/phone.ts';
import { Captcha, type CaptchaHandle } from '../Captcha.tsx';
import { FieldError, formStyles as styles, SchemaForm, ServerAlert, SubmitButton, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { authPost, captchaStepFailure, EmailField, limitEndsAt, useCountdown } from './auth-form-kit.tsx';
import { PhoneField } from './PhoneField.tsx';
import type { AuthFormProps } from './types.ts';

const linkSentFallback = (email: string) => `Если ${email.trim().toLowerCase()} зарегистрирован, мы отправили на него ссылку для восстановления пароля`;

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
  const [failedType, setFailedType] = useState<AuthType>(authType);
  const [lock, setLock] = useState<{ until: number | null; message: string }>({ until: null, message: '' });
  const lockLeft = useCountdown(lock.until);
  const captcha = useRef<CaptchaHandle>(null);

  const fail = (answer: { code: string | null; retryAfterSeconds?: number }, message: string) => {
    setFailedType(authType);
    setLock({ until: limitEndsAt(answer), message });
    form.fail({ message, code: answer.code });
  };

  async function submit() {
    if (busy || lockLeft > 0) return;
    setBusy(true);
    form.clearFailure();
    if (authType === 'email') {
      const answer = await authPost('/api/auth/authorize', 'email', { email: values.email, reset_password: true });
      setBusy(false);
      if (answer.ok) onFlow({ type: 'emailAccepted' }, { notice: answer.message ?? linkSentFallback(values.email) });
      else fail(answer, answer.message ?? 'Не удалось отправить ссылку');
      return;
    }
    const answer = await authPost('/api/auth/verify-by-captcha', 'phone', { phone: values.phone, 'captcha-token': values.captchaToken, reset_password: true });
    setBusy(false);
    if (answer.ok) {
      onFlow({ type: 'codeSent', phone: normalisePhone(values.phone), name: '' });
      return;
    }
    const message = captchaStepFailure(answer, captcha.current, 'Не удалось отправить код');
    if (message) fail(answer, message);
  }

  // A limit stands while it lasts and the captcha waits with it: the two never show together.
  const locked = lockLeft > 0;
  const shownFailure = locked ? lock.message : (form.failure && failedType === authType ? form.failure.message : null);

  return (
    <SchemaForm form={form} onValid={submit}>
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
          {locked ? null : (
            <div data-field="captchaToken">
              <Captcha ref={captcha} onChange={(token) => form.set('captchaToken', token)} invalid={Boolean(form.attempted && !values.captchaToken)} />
              <FieldError message={form.attempted ? form.errors.captchaToken : undefined} />
            </div>
          )}
        </>
      )}
      <ServerAlert message={shownFailure} />
      <div className={styles.actions}>
        <SubmitButton disabled={!form.valid || locked} busy={busy}>{authType === 'email' ? 'Отправить ссылку' : 'Получить код'}</SubmitButton>
      </div>
    </SchemaForm>
  );
}
