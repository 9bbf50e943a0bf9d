import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import type { MachineryCategory } from '#app/modules/catalog/catalog.schema.ts';
import { useMachineryMenu } from '#app/modules/catalog/ui/use-machinery-menu.ts';
import styles from './SearchDialog.module.css';

const SECTIONS = [
  { name: 'Запчасти', link: '/zapchasti' },
  { name: 'Сервис', link: '/servis' },
  { name: 'Финансирование', link: '/finansirovanie' },
  { name: 'Акции', link: '/akcii' },
  { name: 'Доставка и оплата', link: '/dostavka-i-oplata' },
  { name: 'Филиалы и контакты', link: '/contacts' },
  { name: 'Политика конфиденциальности', link: '/documents/policy-privacy' },
];
const RESULT_LIMIT = 20;

function flatten(nodes: MachineryCategory[], trail: string[] = []): { name: string; link: string; trail: string }[] {
  return nodes.flatMap((n) => [{ name: n.name, link: n.link, trail: trail.join(' › ') }, ...flatten(n.cats, [...trail, n.name])]);
}

/** The main search modal (spec §2), opened from the read-only header field: machinery categories and site sections. */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const tree = useMachineryMenu(open);
  const menu = tree.status === 'ready' ? tree.menu : null;
  const [query, setQuery] = useState('');
  const entries = useMemo(() => [...(menu ? flatten(menu) : []), ...SECTIONS.map((s) => ({ ...s, trail: 'Разделы сайта' }))], [menu]);
  const needle = query.trim().toLocaleLowerCase('ru-RU').replaceAll('ё', 'е');
  const results = needle.length < 2 ? [] : entries.filter((e) => e.name.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е').includes(needle)).slice(0, RESULT_LIMIT);
  return (
    // Anchored to the top: the results grow and shrink below the field, which stays where it is.
    <Dialog open={open} onClose={onClose} ariaLabel="Поиск по сайту" width="720px" id="main-search" placement="top">
      <input
        className={styles.input}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Искать в каталоге или на сайте"
        aria-label="Искать в каталоге или на сайте"
      />
      {needle.length >= 2 ? (
        results.length ? (
          <ul className={styles.results}>
            {results.map((r) => (
              <li key={r.link}>
                <Link to={r.link} onClick={onClose} className={styles.result}>
                  <span>{r.name}</span>
                  {r.trail ? <small>{r.trail}</small> : null}
                </Link>
              </li>
            ))}
          </ul>
        ) : <p className={styles.empty}>Ничего не найдено. Попробуйте другое слово или позвоните нам — подберём технику и запчасти.</p>
      ) : <p className={styles.hint}>Введите не менее двух букв: название техники, раздела или категории.</p>}
    </Dialog>
  );
}
