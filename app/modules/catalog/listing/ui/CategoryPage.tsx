import { CategoryView } from '../../ui/CategoryView.tsx';
import type { CategoryPageData } from '../listing.server.ts';

export function CategoryPage({ data }: { data: CategoryPageData }) {
  return <CategoryView category={data.category} trail={data.trail} />;
}
