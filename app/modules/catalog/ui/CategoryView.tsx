import { Link } from 'react-router';
import type { Crumb } from '#app/components/layout/MobileBackLink.tsx';
import { CategoryIcon } from '#app/components/ui/icons.tsx';
import type { MachineryCategory } from '#app/modules/catalog/catalog.schema.ts';
import styles from './CategoryView.module.css';

/** A machinery category: its trail, banner and subcategories. Model listings join with the catalogue. */
export function CategoryView({ category, trail }: { category: MachineryCategory; trail: Crumb[] }) {
  return (
    <div className={`container ${styles.page}`}>
      <nav aria-label="Хлебные крошки" className={styles.crumbs}>
        <ol>
          <li><Link to="/">Главная</Link></li>
          {trail.map((c) => <li key={c.to}><Link to={c.to}>{c.label}</Link></li>)}
          <li aria-current="page">{category.name}</li>
        </ol>
      </nav>
      <h1 className={styles.title}><span className={styles.icon}><CategoryIcon icon={category.icon} size={32} /></span>{category.name}</h1>
      {category.banner ? (
        <aside className={styles.banner} style={category.banner.bg_type === 'COLOR' ? { background: category.banner.color ?? undefined } : undefined}>
          <strong>{category.banner.title}</strong>
          <p>{category.banner.text}</p>
          <Link to={category.banner.btn_link} className="btn btn-primary">{category.banner.btn_title}</Link>
        </aside>
      ) : null}
      {category.cats.length ? (
        <ul className={styles.subs}>
          {category.cats.map((s) => (
            <li key={s.id} className={styles.sub}>
              <Link to={s.link} className={styles.subTitle}>{s.name}</Link>
              {s.cats.length ? (
                <ul className={styles.subsub}>{s.cats.map((x) => <li key={x.id}><Link to={x.link}>{x.name}</Link></li>)}</ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.empty}>
          <p>Модели этого раздела скоро появятся в каталоге. Менеджер филиала подберёт технику под ваши задачи и подготовит коммерческое предложение.</p>
          <Link to="/contacts" className="btn btn-brand">Связаться с филиалом</Link>
        </div>
      )}
    </div>
  );
}
