import { useEffect, useId, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { CodeInput, type CodeInputHandle } from '#app/components/ui/CodeInput.tsx';
import { useRootData } from '#app/components/page/root-data.ts';
import { RETRY_LABELS, STEP2_TITLES, type CodeChannel } from '#app/modules/auth/auth.constants.ts';
import { retryOptions, withRetryTime } from '#app/modules/auth/auth.rules.ts';
import { AUTH_MESSAGES } from '#app/modules/auth/auth.schema.ts';
import { RESEND_LOCK_SECONDS, canSubmitCode, lockSecondsLeft } from '#app/lib/code.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { Captcha, type CaptchaHandle } from '../Captcha.tsx';
import { FieldError, formStyles as styles, LinkButton, LiveRegion, ServerAlert, SubmitButton } from '#app/components/forms/form-kit.tsx';
import { authPost, limitEndsAt, useCountdown } from './auth-form-kit.tsx';
import authStyles from './auth-forms.module.css';
import type { AuthFormProps } from './types.ts';

/** Refusals of a retry that are a wait, not an error: the countdown or the limit line says it, once. */
const WAIT_CODES = new Set(['too_soon', 'too_many_codes', 'too_many_requests']);

/**
 * Step 2 (spec §4): the code of the call (its last 4 digits) or of the SMS. A new code can be asked
 * for 30 s after the start and after each retry: meanwhile the links are hidden and the countdown
 * ticks each second; then 'Повторить звонок' (captcha again) and, from the second call, 'Запросить SMS код'.
 *
 * Each thing is said once: the title says what to type, the lead where the code went (with
 * 'Изменить номер'), the countdown or the limit when to ask again. A wrong code empties the boxes
 * and puts focus in the first one; a server limit disables the links until it lifts, without a captcha.
 */
export function RegistrationStage2({ flow, onFlow }: AuthFormProps): ReactElement | null {
  const { settings } = useRootData();
  const alertId = useId();
  const [code, setCode] = useState('');
  const [lockedAt, setLockedAt] = useState(() => Date.now());
  const [now, setNow] = useState(lockedAt);
  const [busy, setBusy] = useState(false);
  const [retrying, setRetrying] = useState<CodeChannel | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [limit, setLimit] = useState<{ until: number | null; message: string }>({ until: null, message: '' });
  const limitLeft = useCountdown(limit.until);
  const [captchaToken, setCaptchaToken] = useState('');
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [announcement, setAnnouncement] = useState({ text: '', n: 0 });
  const captcha = useRef<CaptchaHandle>(null);
  const codeField = useRef<CodeInputHandle>(null);

  const secondsLeft = lockSecondsLeft(lockedAt, now);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [lockedAt, secondsLeft]);

  if (flow.step !== 'step2') return null;
  const options = retryOptions({ attempts: flow.attempts, secondsLeft, limitSeconds: limitLeft });

  /** `entered`: the code the last box completed (this render's `code` is still the one before it). */
  async function submit(entered = code) {
    if (flow.step !== 'step2' || busy) return;
    const code = entered;
    if (!canSubmitCode(code)) {
      // The button looks disabled until 4 characters are in; pressed anyway, it says what is missing.
      setAnnouncement((a) => ({ text: AUTH_MESSAGES.code, n: a.n + 1 }));
      codeField.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    const props = flow.reset ? { phone: flow.phone, code, reset_password: true } : { phone: flow.phone, name: flow.name, code };
    const answer = await authPost('/api/auth/verify', 'phone', props);
    setBusy(false);
    if (answer.ok) {
      onFlow({ type: 'codeConfirmed', code });
      return;
    }
    // A wrong code is typed again from the start: empty boxes, focus in the first.
    setFailure(answer.message ?? 'Неверный код');
    setCode('');
    requestAnimationFrame(() => codeField.current?.focus());
  }

  async function retry(via: CodeChannel) {
    if (flow.step !== 'step2' || retrying || limitLeft > 0) return;
    if (!captchaToken) {
      setCaptchaMissing(true);
      return;
    }
    setRetrying(via);
    setFailure(null);
    const answer = await authPost('/api/auth/verification-retry', via === 'sms' ? 'sms' : 'phone', {
      phone: flow.phone, ...(flow.reset ? { reset_password: true } : { name: flow.name }), 'captcha-token': captchaToken,
    });
    setRetrying(null);
    // Spec §4: the captcha is reset after each retry.
    captcha.current?.reset();
    setCaptchaToken('');
    if (!answer.ok) {
      if (answer.code === 'too_soon' && answer.retryAfterSeconds) {
        // The server's lock is still running (this browser's clock ran ahead): the countdown says so.
        const at = Date.now();
        setLockedAt(at - (RESEND_LOCK_SECONDS - Math.min(RESEND_LOCK_SECONDS, answer.retryAfterSeconds)) * 1000);
        setNow(at);
        return;
      }
      const message = answer.message ?? 'Не удалось отправить код';
      if (answer.code && WAIT_CODES.has(answer.code)) setLimit({ until: limitEndsAt(answer), message: withRetryTime(message, answer.retryAfterSeconds) });
      else setFailure(message);
      return;
    }
    const at = Date.now();
    setLockedAt(at);
    setNow(at);
    setCode('');
    setCaptchaMissing(false);
    onFlow({ type: 'codeResent', via });
  }

  const phone = formatPhoneDisplay(flow.phone);
  const limited = limitLeft > 0;

  return (
    <form className={styles.form} noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      {/* Read out when a retry changes how the code comes (a call, then an SMS). */}
      <p className={styles.lead} aria-live="polite">
        {flow.via === 'sms' ? <>Мы отправили SMS на <strong>{phone}</strong>.</> : <>Мы звоним на <strong>{phone}</strong>. Отвечать на звонок не нужно.</>}
        {' '}
        <LinkButton onClick={() => onFlow({ type: 'changePhone' })}>Изменить номер</LinkButton>
      </p>
      <CodeInput
        ref={codeField}
        value={code}
        onChange={(next) => { setCode(next); if (next) setFailure(null); }}
        onComplete={(full) => void submit(full)}
        label={STEP2_TITLES[flow.via]}
        hideLabel
        invalid={Boolean(failure)}
        describedBy={failure ? alertId : undefined}
        autoFocus
      />
      <ServerAlert id={alertId} message={failure} />
      <div className={authStyles.retry}>
        {options.lockText ? <p className={authStyles.lock} aria-live="off">{options.lockText}</p> : null}
        {limited ? <p className={authStyles.lock} role="status">{limit.message}</p> : null}
        {options.captchaRequired ? (
          <div>
            <Captcha ref={captcha} onChange={(token) => { setCaptchaToken(token); if (token) setCaptchaMissing(false); }} invalid={captchaMissing} />
            <FieldError message={captchaMissing ? AUTH_MESSAGES.captcha : undefined} />
          </div>
        ) : null}
        {options.retryCall || options.requestSms ? (
          <div className={styles.links}>
            {options.retryCall ? <LinkButton onClick={() => void retry('call')} disabled={retrying !== null || options.linksDisabled}>{RETRY_LABELS.call}</LinkButton> : null}
            {options.requestSms ? <LinkButton onClick={() => void retry('sms')} disabled={retrying !== null || options.linksDisabled}>{RETRY_LABELS.sms}</LinkButton> : null}
          </div>
        ) : null}
      </div>
      {flow.via === 'sms' && settings.supportEmail ? (
        <p className={authStyles.support}>
          Не пришло SMS? Напишите в поддержку: <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>
        </p>
      ) : null}
      <div className={styles.actions}>
        <SubmitButton disabled={!canSubmitCode(code)} busy={busy}>Подтвердить</SubmitButton>
      </div>
      <LiveRegion text={announcement.text} n={announcement.n} />
    </form>
  );
}
