import { useId, useImperativeHandle, useRef, useState } from 'react';
import type { ChangeEvent, ClipboardEvent, KeyboardEvent, ReactElement, Ref } from 'react';
import { CODE_CHUNK_LENGTH, CODE_CHUNKS } from '#app/lib/code.ts';
import { backspaceChunk, isCodeComplete, pasteCode, splitCode, typeIntoChunk, type CodeEdit } from '#app/lib/code.ts';
import styles from './CodeInput.module.css';

/** What a form can do with the field: after a wrong code it is emptied and focus goes to the first box. */
export interface CodeInputHandle {
  focus: () => void;
}

export interface CodeInputProps {
  ref?: Ref<CodeInputHandle>;
  /** The label is for screen readers only, on the group (the dialog's title already says what to type). */
  hideLabel?: boolean;
  /** Id of the message about the code (a wrong code), read with the boxes. */
  describedBy?: string;
  /** Spec §5 default: 4 chunks of 1 character. */
  chunks?: number;
  chunkLength?: number;
  /** The code; a value other than the one last reported (e.g. '' after a retry) refills the chunks. */
  value?: string;
  onChange?: (code: string) => void;
  /** Called once every chunk is full. */
  onComplete?: (code: string) => void;
  /** Posts the code under this name in a hidden field. */
  name?: string;
  label?: string;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  className?: string;
}

/** Confirmation code split into boxes: letters and digits only, auto-advance, Backspace goes back, paste fills all. */
export function CodeInput({
  chunks = CODE_CHUNKS,
  chunkLength = CODE_CHUNK_LENGTH,
  value,
  onChange,
  onComplete,
  name,
  label = 'Код подтверждения',
  invalid = false,
  disabled = false,
  autoFocus = false,
  className,
  ref,
  hideLabel = false,
  describedBy,
}: CodeInputProps): ReactElement {
  const layout = { chunks, chunkLength };
  const labelId = useId();
  const [parts, setParts] = useState<string[]>(() => splitCode(value ?? '', layout));
  const [reported, setReported] = useState(value);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  useImperativeHandle(ref, () => ({ focus: () => inputs.current[0]?.focus() }), []);

  if (value !== undefined && value !== reported) {
    setReported(value);
    setParts(splitCode(value, layout));
  }

  const apply = (edit: CodeEdit) => {
    const code = edit.chunks.join('');
    setParts(edit.chunks);
    setReported(code);
    inputs.current[edit.focus]?.focus();
    onChange?.(code);
    if (isCodeComplete(edit.chunks, layout) && !isCodeComplete(parts, layout)) onComplete?.(code);
  };

  const onInput = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    apply(typeIntoChunk(parts, index, event.currentTarget.value, layout));
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.key === 'Backspace' && (parts[index] === '' || (input.selectionStart === 0 && input.selectionEnd === 0))) {
      // Nothing to delete here: go back and delete there. Within a filled chunk the browser deletes.
      event.preventDefault();
      apply(backspaceChunk(parts, index));
    } else if (event.key === 'ArrowLeft' && input.selectionStart === 0 && index > 0) {
      event.preventDefault();
      inputs.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && input.selectionEnd === input.value.length && index < chunks - 1) {
      event.preventDefault();
      inputs.current[index + 1]?.focus();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(pasteCode(event.clipboardData.getData('text'), layout));
  };

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      {hideLabel ? null : <span id={labelId} className={styles.label}>{label}</span>}
      <div
        className={styles.chunks}
        role="group"
        aria-labelledby={hideLabel ? undefined : labelId}
        aria-label={hideLabel ? label : undefined}
        aria-describedby={describedBy}
      >
        {parts.map((part, index) => (
          <input
            key={index}
            ref={(node) => { inputs.current[index] = node; }}
            className={styles.chunk}
            style={{ width: `calc(${chunkLength}ch + 28px)` }}
            type="text"
            // The codes are digits (auth's codes.server.ts): phones show the digits keyboard.
            inputMode="numeric"
            // Lets phones offer the code from an SMS; the first box takes it and the rest fill on.
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            autoCapitalize="off"
            spellCheck={false}
            aria-label={`Символ ${index + 1} из ${chunks}`}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={part}
            onChange={onInput(index)}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste}
            // Typing over a filled box replaces its character instead of pushing on.
            onFocus={(event) => event.currentTarget.select()}
            disabled={disabled}
            autoFocus={autoFocus && index === 0}
          />
        ))}
      </div>
      {name ? <input type="hidden" name={name} value={parts.join('')} /> : null}
    </div>
  );
}
