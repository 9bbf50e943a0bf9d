import { useState } from 'react';
import { Link } from 'react-router';
import { IconCompare } from '#app/components/ui/icons.tsx';
import { COMPARE_PATH } from '../marks.constants.ts';
import { useMarks } from './use-marks.ts';
import styles from './marks.module.css';

export interface CompareButtonProps {
  modelId: number;
  /** The model's code in /compare/{codes}; kept for callers that link to the table. */
  productCode?: string;
  /** 'icon' on cards (the label stays for screen readers), 'full' on the model page. */
  variant?: 'icon' | 'full';
}

/** 'Сравнить' / 'В сравнении': a toggle (aria-pressed) that works for guests too. */
export function CompareButton({ modelId, variant = 'full' }: CompareButtonProps) {
  const marks = useMarks();
  const [error, setError] = useState<string | null>(null);
  const pressed = marks.has('compare', modelId);
  const label = pressed ? 'В сравнении' : 'Сравнить';
  return (
    <span className={styles.wrap}>
      <button
        type="button"
        className={`${styles.markButton} ${variant === 'icon' ? styles.iconOnly : styles.full}`}
        aria-pressed={pressed}
        title={variant === 'icon' ? (pressed ? 'Убрать из сравнения' : 'Добавить к сравнению') : undefined}
        data-testid="compare-button"
        onClick={async () => {
          setError(null);
          const result = await marks.set('compare', modelId, !pressed);
          if (!result.ok) setError(result.message);
        }}
      >
        <IconCompare size={18} />
        <span className={styles.label}>{label}</span>
      </button>
      {error ? (
        <p className={styles.message} role="alert">
          {error} <Link to={COMPARE_PATH}>Открыть сравнение</Link>
        </p>
      ) : null}
    </span>
  );
}
