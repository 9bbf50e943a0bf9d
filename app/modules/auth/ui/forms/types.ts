import type { AuthFormName } from '#app/modules/auth/auth.constants.ts';
import type { FlowEvent, FlowState } from '#app/modules/auth/auth.rules.ts';
import type { AuthType } from '#app/modules/auth/auth.schema.ts';
import type { AuthModalParams } from '../auth-modal.rules.ts';

/** What the modal hands every form. */
export interface AuthFormProps {
  authType: AuthType;
  params: AuthModalParams;
  /** The registration or recovery flow (spec §4). */
  flow: FlowState;
  /** The ads consent given on step 1 (step 3 of phone registration sends it with the account). */
  acceptAds: boolean;
  /** The validated redirect address, or null. */
  redirect: string | null;
  /** Switches the form; params.authType also sets the auth type (spec §2). */
  go: (form: AuthFormName, params?: AuthModalParams) => void;
  /** A step of the flow succeeded. */
  onFlow: (event: FlowEvent, extra?: { notice?: string; acceptAds?: boolean }) => void;
  /** Sign-in succeeded: go to the redirect address or reload (spec §4). */
  onSignedIn: () => void;
}
