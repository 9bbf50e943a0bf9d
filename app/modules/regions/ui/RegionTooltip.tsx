import { useEffect, useId, useState } from 'react';
import styles from './RegionTooltip.module.css';

export interface RegionTooltipProps {
  label: string;
  /** Confirms the guessed region (set-location); the tooltip closes once it settles. */
  onConfirm: () => Promise<void>;
  /** Opens the area selector. */
  onChange: () => void;
}

/**
 * Asks on load whether the guessed region is right. The parent renders it only while the area is
 * unconfirmed and not in print mode, inside a relatively positioned wrapper next to the region button.
 * It is non-modal and takes no focus on load: it must not interrupt someone who came to read the page.
 */
export function RegionTooltip({ label, onConfirm, onChange }: RegionTooltipProps) {
  const [open, setOpen] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const textId = useId();

  useEffect(() => {
    if (!open) return;
    // Focus is not inside the popover, so Escape is heard on the document; it dismisses without answering.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  if (!open) return null;

  const change = () => {
    if (confirming) return;
    setOpen(false);
    onChange();
  };

  const confirm = async () => {
    if (confirming) return;
    setConfirming(true);
    try {
      await onConfirm();
    } finally {
      // Spec: the tooltip closes when saving finishes; reporting a failure is the parent's job.
      setConfirming(false);
      setOpen(false);
    }
  };

  // aria-disabled rather than disabled while saving: a disabled button drops keyboard focus to <body>.
  return (
    <div className={styles.tooltip} role="dialog" aria-modal="false" aria-label="Подтверждение региона" aria-describedby={textId}>
      <p id={textId} className={styles.text}>
        Ваш регион <strong className={styles.label}>{label}</strong>?
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={change} aria-disabled={confirming}>
          Нет, указать
        </button>
        <button type="button" className={styles.primary} onClick={() => void confirm()} aria-disabled={confirming} aria-busy={confirming}>
          {confirming && <span className={styles.spinner} aria-hidden="true" />}
          <span>Да</span>
          {confirming && <span className={styles.visuallyHidden}>, сохраняем…</span>}
        </button>
      </div>
    </div>
  );
}

export default RegionTooltip;
