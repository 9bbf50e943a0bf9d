import { lazy, Suspense, useEffect, useState } from 'react';
import { pageContext } from '#app/.server/context.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import { useRootData } from '#app/components/page/root-data.ts';
import { NOT_FOUND_META, pageMeta } from '#app/lib/meta.ts';
import { getShopPage } from '#app/modules/content/content.server.ts';
import { branchesByCountry } from '#app/modules/regions/regions.server.ts';
import { MAP_ZOOM } from '#app/modules/regions/regions.constants.ts';
import { BranchCard } from '#app/modules/regions/ui/BranchCard.tsx';
import { BranchLines } from '#app/modules/regions/ui/BranchLines.tsx';
import { PageBody } from '#app/modules/content/ui/ArticlePage.tsx';
import type { Route } from './+types/contacts';
import styles from './contacts.module.css';
import { plural } from '#app/lib/plural.ts';

const RegionMap = lazy(() => import('#app/modules/regions/ui/RegionMap.tsx'));
/** Frames the whole network, from Smolensk to Siberia and Kazakhstan. */
const BRANCHES_MAP_CENTER: [number, number] = [52, 62];

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext);
  const [page, countries] = await Promise.all([getShopPage(services, 'contacts'), branchesByCountry(services)]);
  return { page, countries };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData ? pageMeta(loaderData.page.title, loaderData.page.metaDescription) : NOT_FOUND_META;

/** All branches grouped by country and region, on a map and as a list. */
export const handle = { pageCache: { query: [] } } satisfies PageCacheHandle;

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { page, countries } = loaderData;
  const { settings, location } = useRootData();
  const [mounted, setMounted] = useState(false);
  const [selected, setSelected] = useState<number | null>(location.currentBranch.id);
  useEffect(() => setMounted(true), []);

  const markers = countries.flatMap((c) => c.regions.flatMap((r) => r.branches.map((b) => ({
    id: b.id, label: `Филиал ${b.name}`, root: b.rootId, center: b.coords, adminCenter: `${b.city}, ${b.address}`,
  }))));
  const select = (id: number) => {
    setSelected(id);
    document.getElementById(`branch-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };
  const total = markers.length;

  return (
    <div className={`container ${styles.page}`}>
      <h1>{page.title}</h1>
      <p className={styles.lead}>{page.lead}</p>
      <section aria-labelledby="your-branch">
        <h2 id="your-branch" className={styles.yourBranch}>Ваш филиал</h2>
        <BranchLines branch={location.currentBranch} country={location.country} lines="branch" testId="branch-lines" />
      </section>
      <div className={styles.map} aria-label="Филиалы на карте">
        {mounted ? (
          <Suspense fallback={<div className={styles.mapPlaceholder}>Загружаем карту…</div>}>
            <RegionMap regions={markers} selectedId={selected} center={BRANCHES_MAP_CENTER} zoom={MAP_ZOOM - 1} tileUrl={settings.mapTileUrl} attribution={settings.mapAttribution} onSelect={select} />
          </Suspense>
        ) : <div className={styles.mapPlaceholder}>Загружаем карту…</div>}
      </div>
      <p className={styles.count}>{total} {branchWord(total)} в России и Казахстане</p>
      {countries.map(({ country, regions }) => (
        <section key={country.id} className={styles.country} aria-labelledby={`country-${country.id}`}>
          <h2 id={`country-${country.id}`}>{country.name}</h2>
          {/* Regions in alphabetical order, each branch captioned with its region: a grid reads better than a heading per region when most regions have one branch. */}
          <ul className={styles.cards}>
            {regions.flatMap((region) => region.branches.map((b) => (
              <li key={b.id}><BranchCard id={`branch-${b.id}`} branch={b} caption={region.label} /></li>
            )))}
          </ul>
        </section>
      ))}
      {/* The body's placeholders are filled from the data: the lines of the visitor's country. */}
      <PageBody html={page.bodyHtml} slots={{ 'country-lines': <BranchLines branch={location.currentBranch} country={location.country} lines="country" testId="country-lines" /> }} />
    </div>
  );
}

function branchWord(n: number): string {
  return plural(n, 'филиал', 'филиала', 'филиалов');
}
