import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { TextField, type useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { api } from '#app/lib/api.ts';
import { AUTH_MESSAGES } from '#app/modules/auth/auth.schema.ts';
import type { CaptchaHandle } from '../Captcha.tsx';

/* The parts of the form kit that only the auth forms need: their endpoints, e-mail and password fields. */

/** The e-mail field of the auth forms (sign-in uses autocomplete 'username'). */
export function EmailField({ autoComplete = 'email', ...field }: { value: string; onChange: (v: string) => void; onBlur: () => void; error?: string; autoComplete?: string; 'data-field'?: string }): ReactElement {
  return <TextField label="E-mail" type="email" name="email" autoComplete={autoComplete} inputMode="email" maxLength={254} {...field} />;
}

export interface AuthAnswer {
  ok: boolean;
  /** The server's message (success or error); null when it sent none. */
  message: string | null;
  /** Spec §8 error code (email_not_exists, password_error, captcha_error, …). */
  code: string | null;
  /** The request did not reach the server or the answer was not the API's JSON. */
  network: boolean;
  /** A limit refused: seconds until it lifts (the answer's retryAfterSeconds, also sent as Retry-After). */
  retryAfterSeconds?: number;
}

export type AuthEndpoint =
  | '/api/auth/authorize'
  | '/api/auth/registration'
  | '/api/auth/reset-password'
  | '/api/auth/verify'
  | '/api/auth/verify-by-captcha'
  | '/api/auth/verification-retry'
  | '/api/auth/resend-confirmation';

/** Spec §7 request `{ type, props }` through the page's JSON client (CSRF and region_id included). */
export async function authPost(path: AuthEndpoint, type: string, props: Record<string, unknown>): Promise<AuthAnswer> {
  const result = await api<{ message?: string; code?: string }>('POST', path, { type, props });
  if (result.error_status === 'success') return { ok: true, message: result.message ?? null, code: null, network: false };
  const { code, retryAfterSeconds: wait } = result as { code?: unknown; retryAfterSeconds?: unknown };
  return {
    ok: false,
    message: result.message,
    code: typeof code === 'string' ? code : null,
    ...(typeof wait === 'number' && Number.isFinite(wait) && wait > 0 ? { retryAfterSeconds: wait } : {}),
    // The client answers a failed fetch or a non-API answer with its own message and no code or fields.
    network: typeof code !== 'string' && !result.fields && result.message.startsWith('Не удалось связаться с сервером'),
  };
}

/**
 * After a failed captcha step (verify-by-captcha): spec §8 resets the captcha and only logs a
 * network failure. Returns the message to show, or null when there is none to show.
 */
export function captchaStepFailure(answer: AuthAnswer, captcha: CaptchaHandle | null, fallback: string): string | null {
  captcha?.reset();
  if (answer.network) {
    console.error('verify-by-captcha failed:', answer.message);
    return null;
  }
  return answer.message ?? fallback;
}

/**
 * The second password field. Its mismatch shows as soon as it is typed and left, not only after a
 * submit attempt: 'Введённые пароли не совпадают' (spec §5).
 */
export function RepeatPasswordField<V extends Record<string, unknown>>({ form, name, of }: { form: ReturnType<typeof useSchemaForm<V>>; name: keyof V & string; of: keyof V & string }): ReactElement {
  const differs = form.isTouched(name) && form.values[name] !== form.values[of];
  return (
    <TextField
      label="Повторите пароль"
      type="password"
      name={name}
      autoComplete="new-password"
      {...form.bind(name)}
      error={form.shown(name) ?? (differs ? AUTH_MESSAGES.passwordsDiffer : undefined)}
    />
  );
}

/**
 * Seconds left until a moment (a limit lifting), counted down each second; 0 once it has passed or
 * when there is none. Reads the browser's clock, so journeys move it with Playwright's clock.
 */
export function useCountdown(untilMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - now) / 1000));
  useEffect(() => {
    if (untilMs === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= untilMs) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [untilMs]);
  return left;
}

/** When a refused answer's limit lifts, in the browser's time; null when the answer named none. */
export function limitEndsAt(answer: { retryAfterSeconds?: number }): number | null {
  return answer.retryAfterSeconds ? Date.now() + answer.retryAfterSeconds * 1000 : null;
}
