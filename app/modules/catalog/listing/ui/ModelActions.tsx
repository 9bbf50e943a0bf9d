import type { ModelCardView } from '../../catalog.schema.ts';
import { BookmarkButton } from '../../marks/ui/BookmarkButton.tsx';
import { CompareButton } from '../../marks/ui/CompareButton.tsx';

/** The compare and favourite buttons of a card in the catalogue's lists. */
export function modelActions(model: ModelCardView) {
  return (
    <>
      <CompareButton modelId={model.id} productCode={model.productCode} variant="icon" />
      <BookmarkButton modelId={model.id} variant="icon" />
    </>
  );
}
