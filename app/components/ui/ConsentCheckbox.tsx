import { useId, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { VALIDATION_MESSAGES, consentError } from '#app/lib/validation.ts';
import styles from './ConsentCheckbox.module.css';

export interface ConsentCheckboxProps {
  /** 'gdpr' (default): required, label from children. 'ads': optional, spec §5 label. */
  variant?: 'gdpr' | 'ads';
  /** Spec §5: GDPR is required by default, ads optional by default. */
  required?: boolean;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
  /** The form tried to submit: only then does an unticked required consent show its message. */
  submitAttempted?: boolean;
  /** Posted as '1' when ticked (spec §7 props[acceptGDPR]=1). */
  name?: string;
  disabled?: boolean;
  className?: string;
  /** The label; the ads variant falls back to 'Соглашаюсь на получение рекламных рассылок'. */
  children?: ReactNode;
}

export function ConsentCheckbox({
  variant = 'gdpr',
  required = variant === 'gdpr',
  checked,
  defaultChecked = false,
  onChange,
  submitAttempted = false,
  name,
  disabled = false,
  className,
  children,
}: ConsentCheckboxProps): ReactElement {
  const id = useId();
  const [own, setOwn] = useState(defaultChecked);
  const isChecked = checked ?? own;
  const error = consentError({ required, checked: isChecked, submitAttempted });
  const errorId = `${id}-error`;

  return (
    <div className={[styles.consent, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        <input
          id={id}
          className={styles.box}
          type="checkbox"
          name={name}
          value="1"
          checked={isChecked}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setOwn(next);
            onChange?.(next);
          }}
          // aria-required, not required: the message below replaces the browser's own.
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
        />
        <span>{children ?? (variant === 'ads' ? VALIDATION_MESSAGES.adsLabel : null)}</span>
      </label>
      {error ? <span id={errorId} className={styles.error} role="alert">{error}</span> : null}
    </div>
  );
}
