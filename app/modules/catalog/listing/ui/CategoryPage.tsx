import { Link } from '#app/components/ui/Link.tsx';
import { CategoryIcon } from '#app/components/ui/icons.tsx';
import type { MachineryCategory } from '../../catalog.schema.ts';
import type { CategoryPageData } from '../listing.server.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ListingSection } from './ListingSection.tsx';
import { ModelLines } from './ModelLines.tsx';
import styles from './CategoryPage.module.css';

/**
 * A machinery category (spec §2 fallback, category view): trail, title with icon, banner,
 * subcategories, its model lines, then its models with the sidebar filters.
 */
export function CategoryPage({ data }: { data: CategoryPageData }) {
  const { category, modelLines } = data;
  const hasModels = data.listing.total > 0 || modelLines.length > 0;
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs trail={data.trail} current={category.name} />
      <h1 className={styles.title}><span className={styles.icon}><CategoryIcon icon={category.icon} size={32} /></span>{category.name}</h1>
      {category.banner ? (
        <aside className={styles.banner} style={category.banner.bg_type === 'COLOR' ? { background: category.banner.color ?? undefined } : undefined}>
          <strong>{category.banner.title}</strong>
          <p>{category.banner.text}</p>
          <Link to={category.banner.btn_link} className="btn btn-primary">{category.banner.btn_title}</Link>
        </aside>
      ) : null}
      {category.cats.length ? <Subcategories cats={category.cats} /> : null}

      {modelLines.length ? <ModelLines key={category.id} categoryId={category.id} first={modelLines} total={data.modelLinesTotal} /> : null}

      {hasModels ? <ListingSection title="Модели" data={data} /> : null}

      {!category.cats.length && !hasModels ? (
        <div className={styles.empty}>
          <p>Модели этого раздела скоро появятся в каталоге. Менеджер филиала подберёт технику под ваши задачи и подготовит коммерческое предложение.</p>
          <Link to="/contacts" className="btn btn-brand">Связаться с филиалом</Link>
        </div>
      ) : null}
    </div>
  );
}

function Subcategories({ cats }: { cats: MachineryCategory[] }) {
  return (
    <nav aria-label="Подкатегории">
      <ul className={styles.subs}>
        {cats.map((s) => (
          <li key={s.id} className={styles.sub}>
            <Link to={s.link} className={styles.subTitle}>{s.name}</Link>
            {s.cats.length ? (
              <ul className={styles.subsub}>{s.cats.map((x) => <li key={x.id}><Link to={x.link}>{x.name}</Link></li>)}</ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
