import { PartBookmarkButton } from '#app/modules/catalog/marks/ui/PartBookmarkButton.tsx';
import type { PartPage } from '../pages.schema.ts';
import { PartPageView } from './PartPageView.tsx';

/**
 * A part's page as the catch-all route shows it, in a chunk of its own: the route also renders the
 * catalogue's category, line and model pages, whose JavaScript budget (150 KB) should not carry the
 * part page's cart, machine and table code.
 */
export default function PartPageScreen({ data }: { data: PartPage }) {
  return <PartPageView data={data} favouriteButton={<PartBookmarkButton partId={data.id} />} />;
}
