import { lazy, Suspense, useState } from 'react';

// The form and its schema load on the first click: the model page's own code carries no zod.
const OfferRequestDialog = lazy(() => import('./OfferRequestDialog.tsx').then((m) => ({ default: m.OfferRequestDialog })));

export interface OfferRequestButtonProps {
  model: { id: number; name: string };
  /** The branch that answers (the visitor's, as the page shows it); null when none serves his region. */
  branchName: string | null;
  className?: string;
}

/**
 * 'Запросить коммерческое предложение' on a model page (issue 28 §4 point 8): opens the request
 * form. A click before hydration is kept and replayed (ADR 047).
 */
export function OfferRequestButton({ model, branchName, className }: OfferRequestButtonProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => { setOpened(true); setOpen(true); }}>
        Запросить коммерческое предложение
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <OfferRequestDialog open={open} onClose={() => setOpen(false)} model={model} branchName={branchName} />
        </Suspense>
      ) : null}
    </>
  );
}
