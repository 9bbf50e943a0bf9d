import { Link } from '#app/components/ui/Link.tsx';
import { COMPARE_PATH } from '../marks.constants.ts';
import { COMPARE_TOGGLE, MarkToggle } from './MarkToggle.tsx';
import { useMarks } from './use-marks.ts';

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
  return (
    <MarkToggle
      {...COMPARE_TOGGLE} itemId={modelId} variant={variant} pressed={marks.has('compare', modelId)}
      afterMessage={<CompareTableLink />}
      addedToast={<>Модель добавлена к сравнению. <Link to={COMPARE_PATH}>Открыть сравнение</Link></>}
    />
  );
}

/** After the comparison's refusal (its limit): the way to the table. */
export function CompareTableLink() {
  return <> <Link to={COMPARE_PATH}>Открыть сравнение</Link></>;
}
