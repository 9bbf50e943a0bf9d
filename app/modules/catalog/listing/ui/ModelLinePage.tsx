import { useRootData } from '#app/components/layout/root-data.ts';
import type { ModelCardView } from '../../catalog.schema.ts';
import type { ModelLinePageData } from '../listing.server.ts';
import type { CatalogFilterState, ListingPage, SidebarFilters } from '../listing.schema.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ListingSection } from './ListingSection.tsx';
import { ModelSlider } from './ModelSlider.tsx';
import { modelCountLabel } from './listing-ui.rules.ts';
import styles from './ModelLinePage.module.css';

interface LineData {
  modelLine: { id: number; name: string; description?: string | null; manufacturer?: { id: number; name: string; logo: string | null } };
  slider?: ModelCardView[];
  state: CatalogFilterState;
  filters: SidebarFilters;
  listing: ListingPage;
}

/** A model line (spec §2 `/model-lines/view` and its alias): header, the slider of its models, the filtered list. */
export function ModelLinePage({ data }: { data: ModelLinePageData }) {
  const { viewer } = useRootData();
  const line = data as unknown as LineData;
  const { modelLine } = line;
  const maker = modelLine.manufacturer;
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs trail={data.trail} current={modelLine.name} />
      <header className={styles.header}>
        {maker?.logo ? <img src={maker.logo} alt={maker.name} width={120} height={40} className={styles.logo} /> : null}
        <div className={styles.headText}>
          <h1 className={styles.title}>{modelLine.name}</h1>
          {maker ? <p className={styles.meta}>{maker.name}{line.listing ? ` · ${modelCountLabel(line.slider?.length ?? line.listing.total)}` : ''}</p> : null}
        </div>
      </header>
      {modelLine.description ? <p className={styles.description}>{modelLine.description}</p> : null}
      {line.slider?.length ? <ModelSlider title={`Модели ${modelLine.name}`} models={line.slider} guest={viewer.isGuest} /> : null}
      {line.listing ? (
        <ListingSection title="Подбор по характеристикам" state={line.state} filters={line.filters} listing={line.listing} guest={viewer.isGuest} />
      ) : null}
    </div>
  );
}
