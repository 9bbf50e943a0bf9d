import { AUTH_FORM_TITLES, STEP2_TITLES, type AuthFormName, type CodeChannel } from '#app/modules/auth/auth.constants.ts';
import { canSubmitCode, lockText } from '#app/lib/code.ts';
import type { AuthType } from '#app/modules/auth/auth.schema.ts';

/*
 * Registration and recovery (spec §4 'Registration') as a state machine. `reset` marks the
 * recovery path: the same steps, but step 3 saves through the reset-password endpoint.
 *
 *   registration: step1 ─phone→ step2 → step3 → done (reload)   ('Изменить номер': step2 → step1)
 *                 step1 ─email→ emailSent (confirm by link)
 *   recovery:     step1 ─phone→ step2 (reset) → step3 (reset) → done
 *                 step1 ─email→ emailSent
 */
export type FlowState =
  | { step: 'step1'; reset: boolean; channel: AuthType }
  | { step: 'step2'; reset: boolean; phone: string; name: string; via: CodeChannel; attempts: number }
  | { step: 'step3'; reset: boolean; phone: string; name: string; code: string }
  | { step: 'done'; reset: boolean }
  | { step: 'emailSent'; reset: boolean };

export type FlowEvent =
  /** The user switched between e-mail and phone on step 1. */
  | { type: 'channelChanged'; channel: AuthType }
  /** verify-by-captcha accepted the phone: the first call is on its way. */
  | { type: 'codeSent'; phone: string; name: string }
  /** The e-mail registration or recovery was accepted: a link is in the mailbox. */
  | { type: 'emailAccepted' }
  /** verification-retry succeeded: another call, or an SMS. */
  | { type: 'codeResent'; via: CodeChannel }
  /** verify accepted the code. */
  | { type: 'codeConfirmed'; code: string }
  /** registration or reset-password accepted the password. */
  | { type: 'passwordSaved' }
  /** 'Изменить номер' on step 2: back to step 1, where the number typed is kept. */
  | { type: 'changePhone' };

export function startRegistration(channel: AuthType = 'email'): FlowState {
  return { step: 'step1', reset: false, channel };
}

export function startRecovery(channel: AuthType = 'email'): FlowState {
  return { step: 'step1', reset: true, channel };
}

/** The next state; an event that does not apply to the current step leaves the state as it is. */
export function registrationFlow(state: FlowState, event: FlowEvent): FlowState {
  switch (state.step) {
    case 'step1':
      if (event.type === 'channelChanged') return { ...state, channel: event.channel };
      if (event.type === 'codeSent' && state.channel === 'phone') {
        // A recovery has no name: the account is found by the phone.
        return { step: 'step2', reset: state.reset, phone: event.phone, name: state.reset ? '' : event.name, via: 'call', attempts: 1 };
      }
      if (event.type === 'emailAccepted' && state.channel === 'email') return { step: 'emailSent', reset: state.reset };
      return state;
    case 'step2':
      if (event.type === 'changePhone') return { step: 'step1', reset: state.reset, channel: 'phone' };
      if (event.type === 'codeResent') {
        // Only calls count as attempts: 'Запросить SMS код' appears from the second call on.
        return { ...state, via: event.via, attempts: event.via === 'call' ? state.attempts + 1 : state.attempts };
      }
      if (event.type === 'codeConfirmed' && canSubmitCode(event.code)) {
        return { step: 'step3', reset: state.reset, phone: state.phone, name: state.name, code: event.code.trim() };
      }
      return state;
    case 'step3':
      return event.type === 'passwordSaved' ? { step: 'done', reset: state.reset } : state;
    case 'done':
    case 'emailSent':
      return state;
  }
}

/** The form the modal shows for a state; null once the flow is over (reload or success message). */
export function flowFormName(state: FlowState): AuthFormName | null {
  switch (state.step) {
    case 'step1': return state.reset ? 'ForgotPass' : 'RegistrationStage1';
    case 'step2': return 'RegistrationStage2';
    case 'step3': return 'RegistrationStage3';
    case 'done':
    case 'emailSent':
      return null;
  }
}

/** Spec §7: step 3 saves through registration, or reset-password on the recovery path. */
export function passwordEndpoint(state: Extract<FlowState, { step: 'step3' }>): '/api/auth/registration' | '/api/auth/reset-password' {
  return state.reset ? '/api/auth/reset-password' : '/api/auth/registration';
}

/** Spec §2: the modal title; step 2 has none of its own, it depends on how the code came. */
export function authFormTitle(name: AuthFormName, via: CodeChannel = 'call'): string {
  return name === 'RegistrationStage2' ? STEP2_TITLES[via] : AUTH_FORM_TITLES[name];
}

export interface RetryOptions {
  /** 'Получить новый код можно через m:ss' while the lock runs, else null. */
  lockText: string | null;
  /** 'Повторить звонок'. */
  retryCall: boolean;
  /** 'Запросить SMS код'. */
  requestSms: boolean;
  /** The retry call needs a captcha token (spec §4), so the widget shows with the link. */
  captchaRequired: boolean;
  /** A server limit stands ('Попробуйте через N мин.'): the links show but cannot be used yet. */
  linksDisabled: boolean;
}

/**
 * Spec §4: during the 30 s lock the links are hidden and the countdown shows; after it
 * 'Повторить звонок' shows, and from the second call attempt on also 'Запросить SMS код'.
 * `attempts` counts the calls made, the first one included.
 */
export function retryOptions({ attempts, secondsLeft, limitSeconds = 0 }: { attempts: number; secondsLeft: number; limitSeconds?: number }): RetryOptions {
  if (secondsLeft > 0) return { lockText: lockText(secondsLeft), retryCall: false, requestSms: false, captchaRequired: false, linksDisabled: false };
  // A server limit (codes per phone, per address) says itself when it lifts; meanwhile the links are
  // disabled and no captcha is asked for: a check solved now would be spent for nothing, and the
  // captcha never shows together with a countdown.
  if (limitSeconds > 0) return { lockText: null, retryCall: true, requestSms: attempts >= 2, captchaRequired: false, linksDisabled: true };
  return { lockText: null, retryCall: true, requestSms: attempts >= 2, captchaRequired: true, linksDisabled: false };
}


/**
 * A limit's message that says when to try again: the server's own when it names the wait, else its
 * 'Попробуйте позже' (or nothing) made concrete from retryAfterSeconds: 'Попробуйте через 3 мин.'.
 */
export function withRetryTime(message: string, retryAfterSeconds?: number): string {
  if (!retryAfterSeconds || retryAfterSeconds <= 0 || /через \d/.test(message)) return message;
  const wait = `Попробуйте через ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} мин.`;
  const general = /\s*Попробуйте (ещё раз )?позже\.?$/;
  if (general.test(message)) return message.replace(general, ` ${wait}`);
  return `${message.replace(/\.?$/, '.')} ${wait}`;
}
