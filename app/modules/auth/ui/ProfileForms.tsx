import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useRevalidator } from 'react-router';
import { CodeInput, type CodeInputHandle } from '#app/components/ui/CodeInput.tsx';
import { SchemaForm, ServerAlert, SubmitButton, TextField, formStyles, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { PhoneInput } from '#app/components/ui/PhoneInput.tsx';
import { api } from '#app/lib/api.ts';
import { AUTH_PHONE_COUNTRIES, SIGN_OUT_EVERYWHERE_PATH, STEP2_TITLES } from '../auth.constants.ts';
import { canSubmitCode } from '#app/lib/code.ts';
import { withRetryTime } from '../auth.rules.ts';
import {
  PROFILE_MESSAGES, profileEmailInput, profileNameInput, profilePasswordChangeInput, profilePasswordInput,
  profilePhoneConfirmInput, profilePhoneInput, type ProfileView,
} from '../profile.schema.ts';
import { RepeatPasswordField } from './forms/auth-form-kit.tsx';
import { Captcha } from './Captcha.tsx';
import styles from './ProfileForms.module.css';

type Notice = { ok: boolean; message: string } | null;

/** The answer of a profile endpoint as a notice (the server's message, or the client's network message). */
async function post(path: string, body: unknown): Promise<{ ok: boolean; message: string }> {
  const result = await api<{ message?: string }>('POST', path, body);
  if (result.error_status === 'success') return { ok: true, message: result.message ?? '' };
  // A limit says when to try again ('Попробуйте через N мин.').
  const wait = (result as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return { ok: false, message: withRetryTime(result.message, typeof wait === 'number' ? wait : undefined) };
}

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

function NoticeLine({ notice }: { notice: Notice }): ReactElement | null {
  if (!notice || !notice.message) return null;
  return notice.ok
    ? <p role="status" className={`${styles.notice} ${styles.success}`}>{notice.message}</p>
    : <p role="alert" className={`${styles.notice} ${styles.error}`}>{notice.message}</p>;
}

function Status({ confirmed }: { confirmed: boolean }): ReactElement {
  return (
    <span className={`${styles.badge} ${confirmed ? styles.badgeOk : styles.badgeWarn}`}>
      {confirmed ? PROFILE_MESSAGES.confirmed : PROFILE_MESSAGES.notConfirmed}
    </span>
  );
}

/**
 * 'Мои данные' (/profile): the name, the e-mail (a change is confirmed by a link to the new
 * address) and the phone (a change is verified by an SMS code), each with its own messages.
 * `notice` is the result of an e-mail change link that brought the user here.
 */
export function ProfileForms({ profile, notice }: { profile: ProfileView; notice: Notice }): ReactElement {
  return (
    <div className={styles.sections}>
      <NoticeLine notice={notice} />
      <NameSection profile={profile} />
      <EmailSection profile={profile} />
      <PhoneSection profile={profile} />
      <PasswordSection profile={profile} />
      <SessionsSection />
    </div>
  );
}

function NameSection({ profile }: { profile: ProfileView }): ReactElement {
  const id = useId();
  const revalidator = useRevalidator();
  const form = useSchemaForm(profileNameInput, { name: profile.name });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const save = async () => {
    setNotice(null);
    setBusy(true);
    const answer = await post('/api/profile', { name: form.values.name });
    setBusy(false);
    setNotice(answer);
    if (answer.ok) void revalidator.revalidate();
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>Имя</h2>
      <SchemaForm form={form} onValid={save} className={styles.form}>
        <TextField label="Ваше имя" name="name" autoComplete="name" maxLength={120} {...form.bind('name')} />
        <div className={styles.actions}>
          <button type="submit" className="btn btn-brand" disabled={busy || form.values.name.trim() === profile.name}>Сохранить</button>
        </div>
        <NoticeLine notice={notice} />
      </SchemaForm>
    </section>
  );
}

function EmailSection({ profile }: { profile: ProfileView }): ReactElement {
  const id = useId();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [round, setRound] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>E-mail</h2>
      <p className={styles.value} data-testid="profile-email">
        {profile.email ? <>{profile.email} <Status confirmed={profile.emailConfirmed} /></> : <span className={styles.muted}>не указан</span>}
      </p>
      {profile.pendingEmail ? (
        <p className={styles.muted}>Ждёт подтверждения: <strong>{profile.pendingEmail}</strong>. Перейдите по ссылке из письма, которое мы отправили на этот адрес.</p>
      ) : null}
      {editing ? (
        <EmailForm
          key={round}
          onCancel={() => { setEditing(false); setNotice(null); }}
          onAnswer={(answer) => {
            setNotice(answer);
            if (answer.ok) {
              setEditing(false);
              setRound((n) => n + 1);
              void revalidator.revalidate();
            }
          }}
        />
      ) : (
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={() => { setEditing(true); setNotice(null); }}>
            {profile.email ? 'Изменить e-mail' : 'Указать e-mail'}
          </button>
        </div>
      )}
      <NoticeLine notice={notice} />
    </section>
  );
}

function EmailForm({ onCancel, onAnswer }: { onCancel: () => void; onAnswer: (answer: { ok: boolean; message: string }) => void }): ReactElement {
  const form = useSchemaForm(profileEmailInput, { email: '' });
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const answer = await post('/api/profile/email', { email: form.values.email });
    setBusy(false);
    onAnswer(answer);
  };
  return (
    <SchemaForm form={form} onValid={send} className={styles.form}>
      <TextField label="Новый e-mail" type="email" name="email" autoComplete="email" inputMode="email" maxLength={254} {...form.bind('email')} />
      <p className={styles.hint}>Мы отправим ссылку на новый адрес. E-mail изменится, когда вы перейдёте по ней.</p>
      <div className={styles.actions}>
        <button type="submit" className="btn btn-brand" disabled={busy}>Отправить ссылку</button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>Отмена</button>
      </div>
    </SchemaForm>
  );
}

type PhoneStep = 'view' | 'enter' | 'code';

function PhoneSection({ profile }: { profile: ProfileView }): ReactElement {
  const id = useId();
  const revalidator = useRevalidator();
  const [step, setStep] = useState<PhoneStep>('view');
  const [phone, setPhone] = useState('');
  const [captchaToken, setCaptchaToken] = useState('');
  const [captchaKey, setCaptchaKey] = useState(0);
  const [code, setCode] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const codeField = useRef<CodeInputHandle>(null);
  const phoneCheck = profilePhoneInput.safeParse({ phone, captchaToken });
  const phoneError = attempted && step === 'enter' ? firstMessage(profilePhoneInput.pick({ phone: true }).safeParse({ phone })) : null;
  const captchaMissing = attempted && step === 'enter' && !captchaToken;

  const start = () => {
    setStep('enter');
    setPhone('');
    setCode('');
    setAttempted(false);
    setNotice(null);
  };

  const requestCode = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setNotice(null);
    if (!phoneCheck.success) return;
    setBusy(true);
    const answer = await post('/api/profile/phone', { phone, captchaToken });
    setBusy(false);
    setNotice(answer);
    // The captcha token is single-use: a new code needs a new check.
    setCaptchaKey((k) => k + 1);
    setCaptchaToken('');
    if (answer.ok) {
      setStep('code');
      setCode('');
      setAttempted(false);
    }
  };

  const confirm = async (value = code) => {
    const input = profilePhoneConfirmInput.safeParse({ phone, code: value });
    if (!input.success) {
      setNotice({ ok: false, message: input.error.issues[0]?.message ?? '' });
      return;
    }
    setBusy(true);
    setNotice(null);
    const answer = await post('/api/profile/phone/confirm', { phone, code: value });
    setBusy(false);
    setNotice(answer);
    if (answer.ok) {
      setStep('view');
      void revalidator.revalidate();
    } else {
      // A wrong code is typed again from the start: empty boxes, focus in the first.
      setCode('');
      requestAnimationFrame(() => codeField.current?.focus());
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>Телефон</h2>
      <p className={styles.value} data-testid="profile-phone">
        {profile.phone ? <>{formatPhoneDisplay(profile.phone)} <Status confirmed={profile.phoneConfirmed} /></> : <span className={styles.muted}>не указан</span>}
      </p>
      {step === 'view' ? (
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={start}>{profile.phone ? 'Изменить телефон' : 'Указать телефон'}</button>
        </div>
      ) : null}
      {step === 'enter' ? (
        <form onSubmit={(e) => void requestCode(e)} noValidate className={styles.form}>
          <div className={styles.field}>
            <PhoneInput label="Новый номер телефона" value={phone} onChange={(digits) => setPhone(digits)} countries={AUTH_PHONE_COUNTRIES} required showInvalid={Boolean(phoneError)} />
            {phoneError ? <p className={styles.fieldError}>{phoneError}</p> : null}
          </div>
          <Captcha onChange={setCaptchaToken} resetKey={captchaKey} invalid={captchaMissing} />
          {captchaMissing ? <p className={styles.fieldError}>Подтвердите, что вы не робот</p> : null}
          <div className={styles.actions}>
            <button type="submit" className="btn btn-brand" disabled={busy}>Получить код по SMS</button>
            <button type="button" className="btn btn-secondary" onClick={() => { setStep('view'); setNotice(null); }}>Отмена</button>
          </div>
        </form>
      ) : null}
      {step === 'code' ? (
        <form onSubmit={(e) => { e.preventDefault(); void confirm(); }} noValidate className={styles.form}>
          <p className={styles.hint}>{STEP2_TITLES.sms}, отправленный на {formatPhoneDisplay(phone)}</p>
          <CodeInput ref={codeField} value={code} onChange={setCode} onComplete={(full) => void confirm(full)} label="Код из SMS" autoFocus disabled={busy} />
          <div className={styles.actions}>
            <button type="submit" className="btn btn-brand" disabled={busy || !canSubmitCode(code)}>Подтвердить</button>
            <button type="button" className="btn btn-secondary" onClick={() => { setStep('enter'); setNotice(null); setAttempted(false); }}>Изменить номер или запросить код снова</button>
            <button type="button" className="btn btn-secondary" onClick={() => { setStep('view'); setNotice(null); }}>Отмена</button>
          </div>
        </form>
      ) : null}
      <NoticeLine notice={notice} />
    </section>
  );
}

/**
 * 'Сменить пароль': the current password and the new one twice, with the registration rules (spec §5).
 * The server hashes it (argon2id) and ends the user's other sessions, as a reset does; this browser
 * stays signed in. An account made by social sign-in has no password yet and sets one without it.
 */
function PasswordSection({ profile }: { profile: ProfileView }): ReactElement {
  const id = useId();
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>Пароль</h2>
      <PasswordForm key={round} hasPassword={profile.hasPassword} onDone={(message) => { setDone(message); setRound((n) => n + 1); }} />
      <NoticeLine notice={done ? { ok: true, message: done } : null} />
    </section>
  );
}

function PasswordForm({ hasPassword, onDone }: { hasPassword: boolean; onDone: (message: string) => void }): ReactElement {
  const form = useSchemaForm(hasPassword ? profilePasswordChangeInput : profilePasswordInput, { current: '', pass1: '', pass2: '' });
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    form.clearFailure();
    const answer = await post('/api/profile/password', hasPassword ? form.values : { pass1: form.values.pass1, pass2: form.values.pass2 });
    setBusy(false);
    if (answer.ok) onDone(answer.message);
    else form.fail({ message: answer.message });
  };

  return (
    <SchemaForm form={form} onValid={save} className={formStyles.form}>
      {hasPassword ? (
        <TextField label="Текущий пароль" type="password" name="current" autoComplete="current-password" {...form.bind('current')} />
      ) : <p className={styles.hint}>Пароля у вашей учётной записи ещё нет: задайте его, чтобы входить по e-mail или телефону.</p>}
      <TextField label="Новый пароль" type="password" name="pass1" autoComplete="new-password" {...form.bind('pass1')} />
      <RepeatPasswordField form={form} name="pass2" of="pass1" />
      <p className={styles.hint}>После смены пароля на других устройствах нужно будет войти снова.</p>
      <ServerAlert message={form.failure?.message ?? null} />
      <div className={styles.actions}>
        <SubmitButton disabled={!form.valid} busy={busy}>{hasPassword ? 'Сменить пароль' : 'Задать пароль'}</SubmitButton>
      </div>
    </SchemaForm>
  );
}

/**
 * 'Выйти на всех устройствах': ends every session of the account, this one included (a lost phone or
 * a shared computer is signed out too), then the page reloads as a guest (docs/decisions/010).
 */
function SessionsSection(): ReactElement {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    const answer = await post(SIGN_OUT_EVERYWHERE_PATH, {});
    if (answer.ok) {
      window.location.assign('/');
      return;
    }
    setBusy(false);
    setNotice(answer);
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>Сеансы</h2>
      <form onSubmit={(e) => void submit(e)} className={styles.form}>
        <p className={styles.hint}>Завершит все сеансы вашей учётной записи, в том числе на этом устройстве. Чтобы продолжить, войдите снова.</p>
        <div className={styles.actions}>
          <button type="submit" className="btn btn-secondary" disabled={busy}>Выйти на всех устройствах</button>
        </div>
        <NoticeLine notice={notice} />
      </form>
    </section>
  );
}
