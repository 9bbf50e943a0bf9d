import { useId, useState } from 'react';
import styles from './RegionTooltip.module.css';

export interface RegionTooltipProps {
  label: string;
  /** Confirms the guessed region (set-location); the tooltip closes once it settles. */
  onConfirm: () => Promise<void>;
  /** Opens the area selector. */
  onChange: () => void;
  /** Escape from one of its buttons: closed without an answer (it comes back on the next page load). */
  onDismiss?: () => void;
  className?: string;
}

/**
 * Asks on load whether the guessed region is right (spec §4). It is a slim bar in the header's own
 * flow, right under the row with the region button (its arrow points at it), never a layer over the
 * page: it covers no control, moves with the header (the mobile header hides with it on scroll), and,
 * rendered with the first HTML, shifts nothing when the page loads. The parent renders it only while
 * the area is unconfirmed and not in print mode. Non-modal, takes no focus: it must not interrupt
 * someone who came to read the page.
 */
export function RegionTooltip({ label, onConfirm, onChange, onDismiss, className }: RegionTooltipProps) {
  const [open, setOpen] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const textId = useId();

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

  // Escape from one of its buttons dismisses it without answering; elsewhere on the page Escape
  // belongs to whatever has focus (it hides nothing, so nobody needs it gone).
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && !confirming) { event.preventDefault(); setOpen(false); onDismiss?.(); }
  };

  // aria-disabled rather than disabled while saving: a disabled button drops keyboard focus to <body>.
  return (
    <div className={[styles.tooltip, className].filter(Boolean).join(' ')} role="dialog" aria-modal="false" aria-label="Подтверждение региона" aria-describedby={textId} onKeyDown={onKeyDown}>
      <div className={`container ${styles.inner}`}>
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
            {confirming && <span className="visually-hidden">, сохраняем…</span>}
          </button>
        </div>
      </div>
    </div>
  );
}

export default RegionTooltip;
