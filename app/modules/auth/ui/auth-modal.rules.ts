import { AUTH_FORM_TITLES, type AuthFormName, type SocialProviderId } from '#app/modules/auth/auth.constants.ts';
import { formValueDefaults, type AuthType } from '#app/modules/auth/auth.schema.ts';
import { authFormTitle, flowFormName, registrationFlow, startRecovery, startRegistration, type FlowEvent, type FlowState } from '#app/modules/auth/auth.rules.ts';
import type { AuthModalRequest } from './auth-modal.schema.ts';

export type AuthModalParams = NonNullable<AuthModalRequest['params']>;

/** What the auth modal shows (spec §2): one form by name, its parameters, the auth type and the flow. */
export interface AuthModalState {
  form: AuthFormName;
  params: AuthModalParams;
  authType: AuthType;
  /** Registration or recovery (spec §4); drives RegistrationStage1–3 and ForgotPass. */
  flow: FlowState;
  /** Step 1 by phone carries the ads consent to step 3, which creates the account. */
  acceptAds: boolean;
  /** The success message that ends the e-mail paths (the notification shown in the modal). */
  notice: string | null;
}

export type AuthModalAction =
  /** The modal was opened with a request: the form and its parameters are replaced. */
  | { type: 'open'; request: AuthModalRequest }
  /** A link inside the modal switched the form; params.authType also sets the auth type. */
  | { type: 'switch'; form: AuthFormName; params?: AuthModalParams }
  /** The 'E-mail' / 'Телефон' tabs. */
  | { type: 'authType'; authType: AuthType }
  /** A step of the registration or recovery flow succeeded. */
  | { type: 'flow'; event: FlowEvent; notice?: string; acceptAds?: boolean }
  /** 550 ms after closing: back to the start form. */
  | { type: 'reset' };

/** The flow a form starts with; stage 2 and 3 opened directly take the phone and name from the params. */
function flowFor(form: AuthFormName, params: AuthModalParams, authType: AuthType): FlowState {
  const reset = params.reset === true;
  switch (form) {
    case 'ForgotPass':
      return startRecovery(authType);
    case 'RegistrationStage2':
      return { step: 'step2', reset, phone: params.phone ?? '', name: reset ? '' : (params.name ?? ''), via: params.channel ?? 'call', attempts: 1 };
    case 'RegistrationStage3':
      return { step: 'step3', reset, phone: params.phone ?? '', name: params.name ?? '', code: '' };
    case 'EnterEmail':
    case 'RegistrationStage1':
      return startRegistration(authType);
  }
}

function show(form: AuthFormName, params: AuthModalParams, authType: AuthType): AuthModalState {
  return { form, params, authType, flow: flowFor(form, params, authType), acceptAds: false, notice: null };
}

/** The state of a freshly opened modal; without a request it starts on EnterEmail by e-mail. */
export function initialAuthModalState(request?: AuthModalRequest): AuthModalState {
  const params = request?.params ?? {};
  return show(request?.form ?? 'EnterEmail', params, params.authType ?? formValueDefaults.authType);
}

export function authModalReducer(state: AuthModalState, action: AuthModalAction): AuthModalState {
  switch (action.type) {
    case 'open':
      return initialAuthModalState(action.request);
    case 'reset':
      return initialAuthModalState();
    case 'switch': {
      const params = action.params ?? {};
      return show(action.form, params, params.authType ?? state.authType);
    }
    case 'authType': {
      if (action.authType === state.authType) return state;
      return { ...state, authType: action.authType, flow: registrationFlow(state.flow, { type: 'channelChanged', channel: action.authType }) };
    }
    case 'flow': {
      const flow = registrationFlow(state.flow, action.event);
      if (flow === state.flow) return state;
      if (action.event.type === 'changePhone' && state.flow.step === 'step2') {
        // Step 1 again with the number (and the name) as typed: only the wrong digit needs fixing.
        const params: AuthModalParams = { authType: 'phone', phone: state.flow.phone, ...(state.flow.name ? { name: state.flow.name } : {}) };
        return { ...state, flow, params, authType: 'phone', form: flowFormName(flow) ?? state.form, notice: null };
      }
      return {
        ...state,
        flow,
        form: flowFormName(flow) ?? state.form,
        acceptAds: action.event.type === 'codeSent' ? action.acceptAds === true : state.acceptAds,
        notice: flow.step === 'emailSent' ? (action.notice ?? null) : null,
      };
    }
  }
}

/** Spec §2: the title of the form; step 2 by how the code came; the success message keeps its form's title. */
export function authModalTitle(state: AuthModalState): string {
  if (state.form === 'RegistrationStage2') return authFormTitle('RegistrationStage2', state.flow.step === 'step2' ? state.flow.via : 'call');
  return AUTH_FORM_TITLES[state.form];
}

/** Spec §2: the modal element id is the form name, with an optional prefix and a hyphen. */
export function authModalElementId(form: AuthFormName, prefix?: string): string {
  return prefix ? `${prefix}-${form}` : form;
}

/** The forms with the 'E-mail' / 'Телефон' tabs. */
export function hasAuthTypeTabs(form: AuthFormName): boolean {
  return form === 'EnterEmail' || form === 'RegistrationStage1' || form === 'ForgotPass';
}

/** Spec §2: social sign-in goes to /auth-social?authclient=<id>, carrying the redirect when set. */
export function socialSignInHref(provider: SocialProviderId, redirect?: string | null): string {
  const query = new URLSearchParams({ authclient: provider });
  if (redirect) query.set('redirect', redirect);
  return `/auth-social?${query.toString()}`;
}

/** '79123456789' as '+7 (912) 345-67-89' for the texts of step 2: the one written form of app/lib/phone.ts. */
