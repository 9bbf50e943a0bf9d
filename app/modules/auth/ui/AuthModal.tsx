import { useEffect, useReducer, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { MODAL_RESET_DELAY_MS, type AuthFormName } from '#app/modules/auth/auth.constants.ts';
import type { AuthType } from '#app/modules/auth/auth.schema.ts';
import type { FlowEvent } from '#app/modules/auth/auth.rules.ts';
import {
  authModalElementId,
  authModalReducer,
  authModalTitle,
  hasAuthTypeTabs,
  initialAuthModalState,
  type AuthModalParams,
} from './auth-modal.rules.ts';
import type { AuthModalRequest } from './auth-modal.schema.ts';
import { safeRedirect } from '#app/lib/safe-redirect.ts';
import { EnterEmail } from './forms/EnterEmail.tsx';
import { ForgotPass } from './forms/ForgotPass.tsx';
import { LinkButton } from '#app/components/forms/form-kit.tsx';
import { RegistrationStage1 } from './forms/RegistrationStage1.tsx';
import { RegistrationStage2 } from './forms/RegistrationStage2.tsx';
import { RegistrationStage3 } from './forms/RegistrationStage3.tsx';
import type { AuthFormProps } from './forms/types.ts';
import styles from './AuthModal.module.css';

/** How long the closed modal stays mounted while it fades out (the CSS transition's length). */
export const AUTH_MODAL_FADE_MS = 200;

export interface AuthModalProps {
  open: boolean;
  request: AuthModalRequest;
  onClose: () => void;
  /** Spec §2: the element id is the form name, or `${idPrefix}-${form}`. */
  idPrefix?: string;
}

const FORMS: Record<AuthFormName, (props: AuthFormProps) => ReactElement | null> = {
  EnterEmail,
  RegistrationStage1,
  RegistrationStage2,
  RegistrationStage3,
  ForgotPass,
};

const AUTH_TYPES: readonly { id: AuthType; label: string }[] = [
  { id: 'email', label: 'E-mail' },
  { id: 'phone', label: 'Телефон' },
];

/** After a successful sign-in or registration: the redirect address if there is one, else a reload (spec §2, §4). */
async function finishAuth(redirect: string | null | undefined, afterSignIn: AuthModalRequest['afterSignIn']): Promise<void> {
  await afterSignIn?.().catch(() => {});
  const target = safeRedirect(redirect);
  if (target) window.location.assign(target);
  else window.location.reload();
}

/**
 * The auth modal (spec §2): one dialog showing one form chosen by name, with the registration and
 * recovery flow (spec §4), the auth type tabs and the hidden redirect-url field. Closing fades the
 * dialog out at once and resets it to EnterEmail after 550 ms; opening with a request replaces the
 * form and its parameters.
 */
export default function AuthModal({ open, request, onClose, idPrefix }: AuthModalProps): ReactElement {
  const [state, dispatch] = useReducer(authModalReducer, request, initialAuthModalState);
  const [seen, setSeen] = useState({ open, request });
  const [fading, setFading] = useState(false);
  const redirectField = useRef<HTMLInputElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // The dialog focuses its first control on open, which would be the 'E-mail' tab: start in the form's first field.
  const [firstField] = useState(() => ({
    get current(): HTMLElement | null {
      return content.current?.querySelector<HTMLElement>('form input:not([type="hidden"]), form select') ?? null;
    },
  }));

  // Adjust during render (no effect): a new opening or a new request shows the requested form.
  if (open !== seen.open || request !== seen.request) {
    setSeen({ open, request });
    if (open && (!seen.open || request !== seen.request)) dispatch({ type: 'open', request });
    setFading(seen.open && !open);
  }

  useEffect(() => {
    if (open) return;
    const fade = setTimeout(() => setFading(false), AUTH_MODAL_FADE_MS);
    const reset = setTimeout(() => dispatch({ type: 'reset' }), MODAL_RESET_DELAY_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(reset);
    };
  }, [open]);

  const redirect = safeRedirect(request.redirect);
  const done = state.flow.step === 'done';
  const afterSignIn = request.afterSignIn;
  useEffect(() => {
    if (done) void finishAuth(redirectField.current?.value ?? redirect, afterSignIn);
  }, [done, redirect, afterSignIn]);

  const go = (form: AuthFormName, params?: AuthModalParams) => dispatch({ type: 'switch', form, params });
  const onFlow = (event: FlowEvent, extra?: { notice?: string; acceptAds?: boolean }) => dispatch({ type: 'flow', event, ...extra });
  const Form = FORMS[state.form];
  const tabs = hasAuthTypeTabs(state.form) && state.notice === null;
  const closing = fading && !open;

  return (
    <Dialog
      open={open || fading}
      onClose={onClose}
      id={authModalElementId(state.form, idPrefix)}
      title={authModalTitle(state)}
      width="480px"
      // Anchored to the top: an error, a captcha or a countdown appearing grows the dialog downwards
      // only, so the field being typed in never moves.
      placement="top"
      initialFocusRef={firstField}
      className={[styles.modal, closing && styles.closing].filter(Boolean).join(' ')}
    >
      <div ref={content} className={styles.content} data-form={state.form}>
        <input ref={redirectField} type="hidden" name="redirect-url" value={redirect ?? ''} />
        {state.notice !== null ? (
          <div className={styles.notice} role="status">
            <p>{state.notice}</p>
            <button type="button" className="btn btn-brand" onClick={onClose}>Хорошо</button>
          </div>
        ) : (
          <>
            {tabs ? (
              <div className={styles.tabs} role="group" aria-label="Способ входа">
                {AUTH_TYPES.map((t) => (
                  <button
                    key={t.id}
                    type="button"
                    aria-pressed={state.authType === t.id}
                    className={styles.tab}
                    onClick={() => dispatch({ type: 'authType', authType: t.id })}
                  >
                    {t.label}
                  </button>
                ))}
              </div>
            ) : null}
            <Form
              key={`${state.form}:${JSON.stringify(state.params)}`}
              authType={state.authType}
              params={state.params}
              flow={state.flow}
              acceptAds={state.acceptAds}
              redirect={redirect}
              go={go}
              onFlow={onFlow}
              onSignedIn={() => void finishAuth(redirectField.current?.value ?? redirect, afterSignIn)}
            />
            {state.form === 'RegistrationStage1' || state.form === 'ForgotPass' ? (
              <p className={styles.back}>
                {state.form === 'ForgotPass' ? 'Вспомнили пароль?' : 'Уже есть аккаунт?'}{' '}
                <LinkButton onClick={() => go('EnterEmail', { authType: state.authType })}>Войти</LinkButton>
              </p>
            ) : null}
          </>
        )}
      </div>
    </Dialog>
  );
}
