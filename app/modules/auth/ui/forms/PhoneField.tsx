import type { ReactElement } from 'react';
import { PhoneInput } from '#app/components/ui/PhoneInput.tsx';
import { AUTH_PHONE_COUNTRIES } from '#app/modules/auth/auth.constants.ts';
import { FieldError } from '#app/components/forms/form-kit.tsx';

/** The phone of the auth forms: RU and KZ only (spec §5), with the schema's message once left or submitted. */
export function PhoneField({ value, onChange, onBlur, error, showInvalid }: {
  value: string;
  onChange: (digits: string) => void;
  onBlur: () => void;
  error?: string;
  showInvalid: boolean;
}): ReactElement {
  return (
    <div onBlur={onBlur}>
      <PhoneInput
        value={value}
        onChange={(digits) => onChange(digits)}
        countries={AUTH_PHONE_COUNTRIES}
        required
        showInvalid={showInvalid}
      />
      <FieldError message={error} />
    </div>
  );
}
