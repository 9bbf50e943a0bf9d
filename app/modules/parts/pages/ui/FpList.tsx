import { useNavigation } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { plural } from '#app/lib/plural.ts';
import { Breadcrumbs } from '#app/modules/catalog/listing/ui/Breadcrumbs.tsx';
import { PageLinks } from '#app/modules/catalog/listing/ui/PageLinks.tsx';
import { MachinePicker } from '../../yard/ui/MachinePicker.tsx';
import yardStyles from '../../yard/ui/yard.module.css';
import { chooseMachine, encodeFpQuery, FP_SORT_LABELS, FP_SORT_ORDERS, toggleFpFlag, toggleMaker, type FpState } from '../fp.rules.ts';
import { fpLink } from '../part-link.rules.ts';
import type { FpPage } from '../pages.schema.ts';
import { PartsTable } from './PartsTable.tsx';
import styles from './parts-pages.module.css';

const SHOWN_MAKERS = 5;

/**
 * /fp/{categorySlugs*}: the parts of a category path with the subcategories, the part makers, stock
 * and price filters as links (they work without scripts and can be shared), the sort, the pages.
 */
export function FpList({ data }: { data: FpPage }) {
  const navigation = useNavigation();
  const base = fpLink(data.slugs);
  const href = (state: FpState) => `${base}${encodeFpQuery(state)}`;
  const loading = navigation.state === 'loading' && navigation.location.pathname === base;
  const sorts = FP_SORT_ORDERS.filter((s) => data.pricesShown || !s.startsWith('price'));
  const totalLabel = `${data.totalIsBound ? 'более ' : ''}${data.total.toLocaleString('ru-RU')} ${plural(data.total, 'запчасть', 'запчасти', 'запчастей')}`;
  const chosen = data.state.manufacturers.length + Number(data.state.inStock) + Number(data.state.isWithPrice);
  const machine = data.machine;
  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs trail={data.trail} current={data.title} />
      <h1 className={styles.title}>{data.title}</h1>
      <div className={styles.layout}>
        <aside className={`${styles.sidebar} ${styles.desktopOnly}`} aria-label="Фильтры">
          <Filters data={data} idPrefix="fp" />
        </aside>
        <div aria-busy={loading || undefined} style={loading ? { opacity: 0.5 } : undefined}>
          <details className={`${styles.mobileFilters} ${styles.mobileOnly}`}>
            <summary className="btn btn-secondary">Фильтры{chosen ? ` (${chosen})` : ''}</summary>
            <div className={styles.sidebar}><Filters data={data} idPrefix="fp-m" /></div>
          </details>
          <div className={styles.machineBar}>
            {machine ? (
              <p className={yardStyles.chip} data-testid="fp-machine-chip">
                <span>Для вашей техники: <strong>{machine.title}</strong>{machine.title !== machine.modelName ? ` (${machine.modelName})` : ''}, зав. № {machine.serial}</span>
                <Link className={yardStyles.chipRemove} to={href(chooseMachine(data.state, null))} aria-label={`Убрать отбор по технике ${machine.title}`} preventScrollReset>×</Link>
              </p>
            ) : null}
            <MachinePicker machines={data.machines} currentId={machine?.id ?? null} linkOf={(m) => href(chooseMachine(data.state, m.id))} />
          </div>
          <div className={styles.bar}>
            <p className={styles.muted} data-testid="fp-total">{totalLabel}</p>
            <nav aria-label="Сортировка">
              <ul className={styles.sortLinks}>
                {sorts.map((s) => (
                  <li key={s}>
                    {s === data.sortOrder
                      ? <a aria-current="true">{FP_SORT_LABELS[s]}</a>
                      : <Link to={href({ ...data.state, sortOrder: s, page: 1 })} preventScrollReset>{FP_SORT_LABELS[s]}</Link>}
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          {data.items.length ? (
            <PartsTable items={data.items} caption={`${data.title}: страница ${data.page}`} />
          ) : (
            <div className={styles.empty} role="status">
              <p>{machine ? 'Для вашей техники запчастей с такими условиями нет.' : 'Запчастей с такими условиями нет.'}</p>
              <Link to={base}>Сбросить фильтры</Link>
            </div>
          )}
          <PageLinks page={data.page} pageCount={data.pageCount} href={(p) => href({ ...data.state, page: p })} />
        </div>
      </div>
    </div>
  );
}

/** Subcategories, stock and price, part makers: the sidebar on desktop, a fold-out panel below 992 px. */
function Filters({ data, idPrefix }: { data: FpPage; idPrefix: string }) {
  const base = fpLink(data.slugs);
  const href = (state: FpState) => `${base}${encodeFpQuery(state)}`;
  const makers = data.makers;
  return (
    <>
      {data.subcategories.length ? (
        <nav aria-labelledby={`${idPrefix}-subs`}>
          <h2 id={`${idPrefix}-subs`} className={styles.filterTitle}>{data.slugs.length ? 'Подкатегории' : 'Категории'}</h2>
          <ul className={styles.subs}>
            {data.subcategories.map((c) => (
              <li key={c.id}><Link to={`${c.link}${encodeFpQuery({ ...data.state, page: 1 })}`}>{c.name}</Link><span className={styles.count}>{c.count.toLocaleString('ru-RU')}</span></li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className={styles.filterGroup} role="group" aria-labelledby={`${idPrefix}-stock`}>
        <h2 id={`${idPrefix}-stock`} className={styles.filterTitle}>Наличие</h2>
        <FilterLink to={href(toggleFpFlag(data.state, 'inStock'))} checked={data.state.inStock} label="В наличии в вашем филиале" />
        {data.pricesShown ? <FilterLink to={href(toggleFpFlag(data.state, 'isWithPrice'))} checked={data.state.isWithPrice} label="С ценой" /> : null}
      </div>
      {makers.length ? (
        <div className={styles.filterGroup} role="group" aria-labelledby={`${idPrefix}-makers`}>
          <h2 id={`${idPrefix}-makers`} className={styles.filterTitle}>Производитель запчасти</h2>
          {makers.slice(0, SHOWN_MAKERS).map((m) => <FilterLink key={m.id} to={href(toggleMaker(data.state, m.id))} checked={m.checked} label={m.name} count={m.count} />)}
          {makers.length > SHOWN_MAKERS ? (
            <details className={styles.more}>
              <summary>Показать ещё {makers.length - SHOWN_MAKERS}</summary>
              <div className={styles.filterGroup}>
                {makers.slice(SHOWN_MAKERS).map((m) => <FilterLink key={m.id} to={href(toggleMaker(data.state, m.id))} checked={m.checked} label={m.name} count={m.count} />)}
              </div>
            </details>
          ) : null}
        </div>
      ) : null}
      {data.state.manufacturers.length || data.state.inStock || data.state.isWithPrice || data.state.machine !== null ? <Link to={base}>Сбросить фильтры</Link> : null}
    </>
  );
}

function FilterLink({ to, checked, label, count }: { to: string; checked: boolean; label: string; count?: number }) {
  return (
    <Link to={to} className={styles.check} data-checked={checked || undefined} preventScrollReset>
      <span className={styles.box} aria-hidden="true" />
      <span>{label}{checked ? <span className="visually-hidden"> (выбрано, убрать)</span> : null}</span>
      {count !== undefined ? <span className={styles.count}>{count.toLocaleString('ru-RU')}</span> : null}
    </Link>
  );
}
