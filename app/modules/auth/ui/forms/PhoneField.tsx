import { useId } from 'react';
import type { ReactElement } from 'react';
import { PhoneInput } from '#app/components/ui/PhoneInput.tsx';
import { AUTH_PHONE_COUNTRIES } from '#app/modules/auth/auth.constants.ts';
import { FieldError } from '#app/components/forms/form-kit.tsx';

/**
 * The phone of the auth forms: RU and KZ only (spec §5), with the schema's message once left or
 * submitted, tied to the number box (aria-describedby) so a screen reader reads it there.
 */
export function PhoneField({ value, onChange, onBlur, error, showInvalid, 'data-field': field = 'phone' }: {
  value: string;
  onChange: (digits: string) => void;
  onBlur: () => void;
  error?: string;
  showInvalid: boolean;
  'data-field'?: string;
}): ReactElement {
  const errorId = `${useId()}-error`;
  return (
    <div onBlur={onBlur} data-field={field}>
      <PhoneInput
        value={value}
        onChange={(digits) => onChange(digits)}
        countries={AUTH_PHONE_COUNTRIES}
        required
        showInvalid={showInvalid}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
