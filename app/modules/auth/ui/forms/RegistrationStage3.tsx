import { useState } from 'react';
import type { ReactElement } from 'react';
import { passwordEndpoint } from '#app/modules/auth/auth.rules.ts';
import { passwordStepInput } from '#app/modules/auth/auth.schema.ts';
import { formStyles as styles, SchemaForm, ServerAlert, SubmitButton, TextField, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { authPost, RepeatPasswordField } from './auth-form-kit.tsx';
import type { AuthFormProps } from './types.ts';

/**
 * Step 3 (spec §4 'Задайте пароль'): the password twice; registration creates the account, the
 * recovery path saves through reset-password. Both sign in, then the page reloads.
 */
export function RegistrationStage3({ flow, acceptAds, onFlow }: AuthFormProps): ReactElement | null {
  const form = useSchemaForm(passwordStepInput, { pass1: '', pass2: '' });
  const { values } = form;
  const [busy, setBusy] = useState(false);

  if (flow.step !== 'step3') return null;
  const state = flow;

  async function submit() {
    if (busy) return;
    setBusy(true);
    form.clearFailure();
    const props = state.reset
      ? { phone: state.phone, code: state.code, pass1: values.pass1, pass2: values.pass2 }
      : { phone: state.phone, name: state.name, code: state.code, pass1: values.pass1, pass2: values.pass2, acceptAds };
    const answer = await authPost(passwordEndpoint(state), 'phone', props);
    if (answer.ok) {
      // The document reloads (or goes to the redirect address): keep the button busy until then.
      onFlow({ type: 'passwordSaved' });
      return;
    }
    setBusy(false);
    form.fail({ message: answer.message ?? 'Не удалось сохранить пароль', code: answer.code });
  }

  return (
    <SchemaForm form={form} onValid={submit}>
      <TextField
        label="Новый пароль"
        type="password"
        name="pass1"
        autoComplete="new-password"
        {...form.bind('pass1')}
        autoFocus
      />
      <RepeatPasswordField form={form} name="pass2" of="pass1" />
      <ServerAlert message={form.failure?.message ?? null} />
      <div className={styles.actions}>
        <SubmitButton disabled={!form.valid} busy={busy}>Сохранить пароль</SubmitButton>
      </div>
    </SchemaForm>
  );
}
