import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { CodeInput } from '#app/components/ui/CodeInput.tsx';
import { useRootData } from '#app/components/layout/root-data.ts';
import { RETRY_LABELS, type CodeChannel } from '#app/modules/auth/auth.constants.ts';
import { retryOptions } from '#app/modules/auth/auth.rules.ts';
import { canSubmitCode } from '#app/lib/code.ts';
import { AUTH_MESSAGES } from '#app/modules/auth/auth.schema.ts';
import { lockSecondsLeft } from '#app/lib/code.ts';
import { displayPhone } from '../auth-modal.rules.ts';
import { Captcha, type CaptchaHandle } from '../Captcha.tsx';
import { FieldError, formStyles as styles, LinkButton, ServerAlert, SubmitButton } from '#app/components/forms/form-kit.tsx';
import { authPost } from './auth-form-kit.tsx';
import authStyles from './auth-forms.module.css';
import type { AuthFormProps } from './types.ts';

/**
 * Step 2 (spec §4): the code of the call (its last 4 digits) or of the SMS. A new code can be asked
 * for 30 s after the start and after each retry: meanwhile the links are hidden and the countdown
 * ticks each second; then 'Повторить звонок' (captcha again) and, from the second call, 'Запросить SMS код'.
 */
export function RegistrationStage2({ flow, onFlow }: AuthFormProps): ReactElement | null {
  const { settings } = useRootData();
  const [code, setCode] = useState('');
  const [lockedAt, setLockedAt] = useState(() => Date.now());
  const [now, setNow] = useState(lockedAt);
  const [busy, setBusy] = useState(false);
  const [retrying, setRetrying] = useState<CodeChannel | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState('');
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const captcha = useRef<CaptchaHandle>(null);

  const secondsLeft = lockSecondsLeft(lockedAt, now);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [lockedAt, secondsLeft]);

  if (flow.step !== 'step2') return null;
  const options = retryOptions({ attempts: flow.attempts, secondsLeft });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (flow.step !== 'step2' || !canSubmitCode(code) || busy) return;
    setBusy(true);
    setFailure(null);
    const props = flow.reset ? { phone: flow.phone, code, reset_password: true } : { phone: flow.phone, name: flow.name, code };
    const answer = await authPost('/api/auth/verify', 'phone', props);
    setBusy(false);
    if (answer.ok) onFlow({ type: 'codeConfirmed', code });
    else setFailure(answer.message ?? 'Неверный код');
  }

  async function retry(via: CodeChannel) {
    if (flow.step !== 'step2' || retrying) return;
    if (!captchaToken) {
      setCaptchaMissing(true);
      return;
    }
    setRetrying(via);
    setFailure(null);
    setInfo(null);
    const answer = await authPost('/api/auth/verification-retry', via === 'sms' ? 'sms' : 'phone', {
      phone: flow.phone, ...(flow.reset ? { reset_password: true } : { name: flow.name }), 'captcha-token': captchaToken,
    });
    setRetrying(null);
    // Spec §4: the captcha is reset after each retry.
    captcha.current?.reset();
    setCaptchaToken('');
    if (!answer.ok) {
      setFailure(answer.message ?? 'Не удалось отправить код');
      return;
    }
    const at = Date.now();
    setLockedAt(at);
    setNow(at);
    setCode('');
    setCaptchaMissing(false);
    setInfo(answer.message);
    onFlow({ type: 'codeResent', via });
  }

  const phone = displayPhone(flow.phone);

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {flow.via === 'sms' ? (
        <p className={styles.lead}>Мы отправили SMS с кодом на номер <strong>{phone}</strong>.</p>
      ) : (
        <p className={styles.lead}>Мы звоним на номер <strong>{phone}</strong>. Отвечать не нужно: введите последние 4 цифры номера, с которого поступил звонок.</p>
      )}
      <CodeInput value={code} onChange={setCode} label={flow.via === 'sms' ? 'Код из SMS' : 'Последние 4 цифры номера'} autoFocus />
      {info ? <p className={styles.info} role="status">{info}</p> : null}
      <ServerAlert message={failure} />
      <div className={authStyles.retry}>
        {options.lockText ? <p className={authStyles.lock} aria-live="off">{options.lockText}</p> : null}
        {options.captchaRequired ? (
          <div>
            <Captcha ref={captcha} onChange={(token) => { setCaptchaToken(token); if (token) setCaptchaMissing(false); }} invalid={captchaMissing} />
            <FieldError message={captchaMissing ? AUTH_MESSAGES.captcha : undefined} />
          </div>
        ) : null}
        {options.retryCall || options.requestSms ? (
          <div className={styles.links}>
            {options.retryCall ? <LinkButton onClick={() => void retry('call')} disabled={retrying !== null}>{RETRY_LABELS.call}</LinkButton> : null}
            {options.requestSms ? <LinkButton onClick={() => void retry('sms')} disabled={retrying !== null}>{RETRY_LABELS.sms}</LinkButton> : null}
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
    </form>
  );
}
