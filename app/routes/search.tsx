import { pageMeta } from '#app/lib/meta.ts';

export const meta = () => pageMeta('Поиск', 'Поиск по каталогу и сайту.');

/** The full search results page, grouped by kind. */
export default function Search() {
  return <div className="container"><h1>Поиск</h1></div>;
}
