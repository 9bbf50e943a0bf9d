import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent, ClipboardEvent, ReactElement } from 'react';
import { PHONE_COUNTRIES, type PhoneCountry } from '#app/lib/phone.ts';
import { caretPosition, changeCountry, formatPhone, fullPhone, isPhoneValid, pasteCarriesCode, phoneEdit, phoneFromPaste, phonePlaceholder, splitPhone, type PhoneParts } from '#app/lib/phone.ts';
import styles from './PhoneInput.module.css';

const ALL_COUNTRIES: readonly PhoneCountry[] = ['RU', 'KZ', 'BY', 'ALL'];

export interface PhoneInputProps {
  /** The full number in digits (dialling code + national digits), e.g. '79123456789'. */
  value?: string;
  defaultValue?: string;
  /** Called with the full number in digits ('' when the field is empty) and whether it is valid. */
  onChange?: (digits: string, state: { country: PhoneCountry; valid: boolean }) => void;
  /** Countries offered in the select; the auth forms pass ['RU', 'KZ'] (spec §5). */
  countries?: readonly PhoneCountry[];
  required?: boolean;
  /** Show the invalid style even before the field was left, e.g. after a submit attempt. */
  showInvalid?: boolean;
  /** Posts the digits under this name in a hidden field. */
  name?: string;
  id?: string;
  label?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  className?: string;
  /** Id of the message about this field (aria-describedby), when the form shows one. */
  describedBy?: string;
  /** The form says the number is wrong (a submit attempt, a server message): style and aria-invalid now. */
  invalid?: boolean;
}

/**
 * Phone field of spec §5: a country select and a masked number. The rule only styles the field
 * (red border, aria-invalid), never shows a message; it is applied once the user leaves the field.
 */
export function PhoneInput({
  value,
  defaultValue = '',
  onChange,
  countries = ALL_COUNTRIES,
  required = false,
  showInvalid = false,
  name,
  id,
  label = 'Номер телефона',
  disabled = false,
  autoFocus = false,
  className,
  describedBy,
  invalid = false,
}: PhoneInputProps): ReactElement {
  const ownId = useId();
  const inputId = id ?? `${ownId}-phone`;
  const [parts, setParts] = useState<PhoneParts>(() => splitPhone(value ?? defaultValue, countries));
  // The value this field last reported: a controlled value that differs was set by the parent
  // (a reset, a prefilled phone) and is split again; the field's own echo is left alone.
  const [reported, setReported] = useState(value);
  const [touched, setTouched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  if (value !== undefined && value !== reported) {
    setReported(value);
    setParts(splitPhone(value, countries, parts.country));
  }

  const formatted = formatPhone(parts.national, parts.country);
  const valid = isPhoneValid(parts.national, parts.country, required);
  const invalidShown = invalid || (!valid && (touched || showInvalid));

  // The mask rewrites the value, which would throw the caret to the end; put it back after the digit.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const input = inputRef.current;
    if (caret === null || !input || document.activeElement !== input) return;
    pendingCaret.current = null;
    input.setSelectionRange(caret, caret);
  });

  const commit = (next: PhoneParts) => {
    const digits = fullPhone(next.country, next.national);
    setParts(next);
    setReported(digits);
    onChange?.(digits, { country: next.country, valid: isPhoneValid(next.national, next.country, required) });
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const edit = phoneEdit(input.value, parts, countries, input.selectionStart ?? input.value.length);
    pendingCaret.current = caretPosition(formatPhone(edit.national, edit.country), edit.caretDigits);
    commit({ country: edit.country, national: edit.national });
  };

  // Spec: a pasted number with its prefix picks the country itself; a national number is left
  // to the browser so it lands at the caret like any typing.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!pasteCarriesCode(text, parts.country)) return;
    event.preventDefault();
    const next = phoneFromPaste(text, parts, countries);
    pendingCaret.current = formatPhone(next.national, next.country).length;
    commit(next);
  };

  const options = PHONE_COUNTRIES.filter((c) => countries.includes(c.id));

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>{label}</label>
      <div className={styles.row} data-invalid={invalidShown || undefined}>
        <select
          className={styles.country}
          aria-label="Страна"
          value={parts.country}
          disabled={disabled || options.length < 2}
          onChange={(event) => commit(changeCountry(parts, event.currentTarget.value as PhoneCountry))}
        >
          {options.map((c) => (
            <option key={c.id} value={c.id}>{c.prefix ? `${c.label} ${c.prefix}` : c.label}</option>
          ))}
        </select>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={phonePlaceholder(parts.country)}
          value={formatted}
          onChange={onInput}
          onPaste={onPaste}
          onBlur={() => setTouched(true)}
          // aria-required, not required: the browser's own message must not appear (spec: style only).
          aria-required={required || undefined}
          aria-invalid={invalidShown || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          autoFocus={autoFocus}
        />
      </div>
      {name ? <input type="hidden" name={name} value={fullPhone(parts.country, parts.national)} /> : null}
    </div>
  );
}
