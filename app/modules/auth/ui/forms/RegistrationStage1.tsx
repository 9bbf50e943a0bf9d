import { useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { ConsentCheckbox } from '#app/components/ui/ConsentCheckbox.tsx';
import { emailRegistrationInput, phoneRegistrationInput, type AuthType } from '#app/modules/auth/auth.schema.ts';
import { normalisePhone } from '#app/lib/phone.ts';
import { Captcha, type CaptchaHandle } from '../Captcha.tsx';
import { FieldError, SchemaForm, ServerAlert, SubmitButton, TextField, useSchemaForm, formStyles as styles } from '#app/components/forms/form-kit.tsx';
import { authPost, captchaStepFailure, EmailField, limitEndsAt, RepeatPasswordField, useCountdown } from './auth-form-kit.tsx';
import { PhoneField } from './PhoneField.tsx';
import type { AuthFormProps } from './types.ts';

/** Shown if the server accepted the e-mail registration without a text of its own: it names the address too. */
const emailSentFallback = (email: string) => `Мы отправили письмо на ${email.trim().toLowerCase()}. Чтобы завершить регистрацию, подтвердите e-mail по ссылке из письма`;

export function PolicyConsentLabel(): ReactElement {
  return (
    <>
      Я согласен на обработку персональных данных в соответствии с{' '}
      <a href="/documents/policy-privacy" target="_blank" rel="noopener noreferrer">Политикой конфиденциальности</a>
    </>
  );
}

/**
 * Registration, step 1 (spec §4). By e-mail: name, e-mail, password twice and both consents, ending
 * with the message to confirm the e-mail. By phone: name, phone, the GDPR consent, optional ads and
 * the captcha; verify-by-captcha places the call and step 2 follows.
 */
export function RegistrationStage1({ authType, params, onFlow }: AuthFormProps): ReactElement {
  const schema = authType === 'email' ? emailRegistrationInput : phoneRegistrationInput;
  const form = useSchemaForm(schema, () => ({
    name: params.name ?? '',
    email: params.email ?? '',
    phone: params.phone ?? '',
    password: '',
    confirm_password: '',
    acceptGDPR: false,
    acceptAds: false,
    captchaToken: '',
  }));
  const { values } = form;
  const [busy, setBusy] = useState(false);
  const [failedType, setFailedType] = useState<AuthType>(authType);
  const [lock, setLock] = useState<{ until: number | null; message: string }>({ until: null, message: '' });
  const lockLeft = useCountdown(lock.until);
  const captcha = useRef<CaptchaHandle>(null);

  const fail = (answer: { message: string | null; code: string | null; retryAfterSeconds?: number }, message: string) => {
    setFailedType(authType);
    setLock({ until: limitEndsAt(answer), message });
    form.fail({ message, code: answer.code });
  };

  async function submit() {
    if (busy || lockLeft > 0) return;
    setBusy(true);
    form.clearFailure();
    if (authType === 'email') {
      const answer = await authPost('/api/auth/registration', 'email', {
        name: values.name, email: values.email, password: values.password, confirm_password: values.confirm_password,
        acceptGDPR: values.acceptGDPR, acceptAds: values.acceptAds,
      });
      setBusy(false);
      if (answer.ok) onFlow({ type: 'emailAccepted' }, { notice: answer.message ?? emailSentFallback(values.email) });
      else fail(answer, answer.message ?? 'Не удалось зарегистрироваться');
      return;
    }
    const answer = await authPost('/api/auth/verify-by-captcha', 'phone', {
      name: values.name, phone: values.phone, acceptGDPR: values.acceptGDPR, acceptAds: values.acceptAds, 'captcha-token': values.captchaToken,
    });
    setBusy(false);
    if (answer.ok) {
      onFlow({ type: 'codeSent', phone: normalisePhone(values.phone), name: values.name.trim() }, { acceptAds: values.acceptAds });
      return;
    }
    const message = captchaStepFailure(answer, captcha.current, 'Не удалось отправить код');
    if (message) fail(answer, message);
  }

  // A limit ('Попробуйте через N мин.') stands while it lasts, whatever is edited, and the captcha waits
  // with it: a check solved now would be spent for nothing, and the two must never show together.
  const locked = lockLeft > 0;
  const shownFailure = locked ? lock.message : (form.failure && failedType === authType ? form.failure.message : null);

  return (
    <SchemaForm form={form} onValid={submit}>
      <TextField
        label="Ваше имя"
        name="name"
        autoComplete="name"
        maxLength={120}
        {...form.bind('name')}
      />
      {authType === 'email' ? (
        <>
          <EmailField {...form.bind('email')} />
          <TextField
            label="Пароль"
            type="password"
            name="password"
            autoComplete="new-password"
            {...form.bind('password')}
          />
          <RepeatPasswordField form={form} name="confirm_password" of="password" />
        </>
      ) : (
        <PhoneField
          {...form.bind('phone')}
          showInvalid={form.attempted}
        />
      )}
      <div onBlur={() => form.touch('acceptGDPR')} data-field="acceptGDPR">
        <ConsentCheckbox
          name="acceptGDPR"
          checked={values.acceptGDPR}
          onChange={(checked) => form.set('acceptGDPR', checked)}
          submitAttempted={form.attempted || form.isTouched('acceptGDPR')}
        >
          <PolicyConsentLabel />
        </ConsentCheckbox>
      </div>
      <div onBlur={() => form.touch('acceptAds')} data-field="acceptAds">
        <ConsentCheckbox
          variant="ads"
          name="acceptAds"
          // Spec §5: by e-mail the ads consent is required too; by phone it stays optional.
          required={authType === 'email'}
          checked={values.acceptAds}
          onChange={(checked) => form.set('acceptAds', checked)}
          submitAttempted={form.attempted || form.isTouched('acceptAds')}
        />
      </div>
      {authType === 'phone' && !locked ? (
        <div data-field="captchaToken">
          <Captcha ref={captcha} onChange={(token) => { form.set('captchaToken', token); if (token) form.touch('captchaToken'); }} invalid={Boolean(form.attempted && !values.captchaToken)} />
          <FieldError message={form.attempted ? form.errors.captchaToken : undefined} />
        </div>
      ) : null}
      <ServerAlert message={shownFailure} />
      <div className={styles.actions}>
        <SubmitButton disabled={!form.valid || locked} busy={busy}>{authType === 'email' ? 'Зарегистрироваться' : 'Получить код'}</SubmitButton>
      </div>
    </SchemaForm>
  );
}
