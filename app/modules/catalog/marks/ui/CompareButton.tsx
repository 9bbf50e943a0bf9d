import { Link } from '#app/components/ui/Link.tsx';
import { IconCompare } from '#app/components/ui/icons.tsx';
import { COMPARE_PATH } from '../marks.constants.ts';
import { MarkToggle } from './MarkToggle.tsx';
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
      kind="compare" modelId={modelId} variant={variant} icon={<IconCompare size={18} />}
      labels={{ on: 'В сравнении', off: 'Сравнить' }} titles={{ on: 'Убрать из сравнения', off: 'Добавить к сравнению' }}
      testId="compare-button" pressed={marks.has('compare', modelId)}
      afterMessage={<> <Link to={COMPARE_PATH}>Открыть сравнение</Link></>}
    />
  );
}
