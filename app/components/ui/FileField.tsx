import { useId, useRef, type ReactNode } from 'react';
import { plural } from '#app/lib/plural.ts';
import { Icon } from './icons.tsx';
import styles from './FileField.module.css';

export interface FileFieldProps {
  label: string;
  /** Under the button: what may be attached (kinds, sizes, how many). */
  hint: ReactNode;
  files: readonly File[];
  /** Files picked now (added to those chosen before; the caller checks the limits). */
  onAdd: (picked: File[]) => void;
  onRemove: (index: number) => void;
  accept?: string;
  multiple?: boolean;
  /** A file's size as the page writes it. */
  sizeLabel: (bytes: number) => string;
}

/**
 * A file field that looks like the page's buttons: the native input stays in place (visually
 * hidden but focusable, so Tab reaches it and Enter or Space opens the picker; its focus ring is
 * drawn on the button), the chosen files are listed by name and size, each with 'Убрать'. Picking
 * again adds to the list.
 */
export function FileField({ label, hint, files, onAdd, onRemove, accept, multiple = true, sizeLabel }: FileFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.field}>
      <span id={`${id}-label`} className={styles.label}>{label}</span>
      <div className={styles.picker}>
        <input
          ref={input}
          id={`${id}-input`}
          className={styles.input}
          type="file"
          multiple={multiple}
          accept={accept}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={`${id}-chosen ${id}-hint`}
          onChange={(e) => {
            const picked = [...(e.target.files ?? [])];
            // Emptied, so that the same file picked again after 'Убрать' is a change too.
            e.target.value = '';
            if (picked.length) onAdd(picked);
          }}
        />
        <label htmlFor={`${id}-input`} id={`${id}-button`} className={styles.button}>
          <Icon name="paperclip" size={18} />
          {files.length ? 'Добавить файлы' : 'Выбрать файлы'}
        </label>
        <span id={`${id}-chosen`} className={styles.chosen} aria-live="polite">
          {files.length ? `Выбрано: ${files.length} ${plural(files.length, 'файл', 'файла', 'файлов')}` : 'Файлы не выбраны'}
        </span>
      </div>
      {files.length ? (
        <ul className={styles.list} aria-label="Выбранные файлы">
          {files.map((f, i) => (
            <li key={`${f.name}:${f.size}:${f.lastModified}:${i}`} className={styles.file}>
              <span className={styles.name}>{f.name}</span>
              <span className={styles.size}>{sizeLabel(f.size)}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={`Убрать файл ${f.name}`}
                onClick={() => {
                  onRemove(i);
                  // The removed file's button is gone: back to the field's own.
                  input.current?.focus();
                }}
              >
                Убрать
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <span id={`${id}-hint`} className={styles.hint}>{hint}</span>
    </div>
  );
}
