import type { AuthFormName } from '#app/modules/auth/auth.constants.ts';
import type { AuthType } from '#app/modules/auth/auth.schema.ts';

/**
 * What opens the auth modal (spec §2): the form by name, its optional parameters (authType also
 * sets the auth type) and the address to go to after a successful step (the hidden redirect-url
 * field); without one the page reloads.
 */
export interface AuthModalRequest {
  form: AuthFormName;
  params?: { authType?: AuthType; phone?: string; email?: string; name?: string; reset?: boolean; channel?: 'call' | 'sms' };
  redirect?: string;
  /**
   * What the sign-in was asked for, done once signed in and before going on (a guest's 'В избранное'
   * adds the model to his favourites then): the click that opened the modal is not lost. A failure
   * is the page's to show later, not the sign-in's.
   */
  afterSignIn?: () => Promise<unknown>;
}

export const DEFAULT_AUTH_REQUEST: AuthModalRequest = { form: 'EnterEmail' };
