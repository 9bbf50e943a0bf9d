import type { ModelCardView } from '../../catalog.schema.ts';
import { BookmarkButton } from '../../marks/ui/BookmarkButton.tsx';
import { CompareButton, CompareTableLink } from '../../marks/ui/CompareButton.tsx';
import { BOOKMARK_TOGGLE, COMPARE_TOGGLE, MarkToggle } from '../../marks/ui/MarkToggle.tsx';
import { ModelCard } from '../../ui/ModelCard.tsx';
import type { DisplayType } from '../listing.schema.ts';

/** The compare and favourite buttons of a card in the catalogue's lists. */
export function modelActions(model: ModelCardView) {
  return (
    <>
      <CompareButton modelId={model.id} productCode={model.productCode} variant="icon" />
      <BookmarkButton modelId={model.id} variant="icon" />
    </>
  );
}

interface SignedModelCardProps {
  model: ModelCardView;
  layout: DisplayType;
  /** The visitor's marks of this model. */
  compare: boolean;
  bookmark: boolean;
  /** A card of the first row: its image loads at once (the list preloads it). */
  eager?: boolean;
}

/**
 * A signed-in visitor's card in a list with its buttons, from its props alone: the list reads the
 * marks once, and the card is shared markup whole in a slider (ADR 048) and within the list's one
 * piece on a page of cards (ADR 063). The same markup as `ModelCard` with `modelActions`.
 */
export function SignedModelCard({ model, layout, compare, bookmark, eager = false }: SignedModelCardProps) {
  return (
    <ModelCard
      model={model}
      layout={layout}
      guest={false}
      eager={eager}
      actions={(
        <>
          <MarkToggle {...COMPARE_TOGGLE} itemId={model.id} variant="icon" pressed={compare} afterMessage={<CompareTableLink />} />
          <MarkToggle {...BOOKMARK_TOGGLE} itemId={model.id} variant="icon" pressed={bookmark} />
        </>
      )}
    />
  );
}
