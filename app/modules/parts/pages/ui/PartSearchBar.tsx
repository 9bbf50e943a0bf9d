import { useId } from 'react';
import { Form } from 'react-router';
import styles from './parts-pages.module.css';

/**
 * The parts landing's top bar: a part number in any notation or a name; Enter shows the results
 * on /zapchasti (a GET form: works before hydration, the address can be shared).
 */
export function PartSearchBar({ query }: { query: string }) {
  const id = useId();
  return (
    <div>
      <Form method="get" action="/zapchasti" className={styles.searchBar} role="search" aria-label="Поиск запчастей">
        <label htmlFor={id} className="visually-hidden">Номер или название запчасти</label>
        <input
          id={id} name="q" type="search" defaultValue={query} maxLength={100} autoComplete="off" enterKeyHint="search"
          placeholder="Номер или название, например RE504836"
        />
        <button type="submit" className="btn btn-brand">Найти</button>
      </Form>
      <p className={styles.hint}>Номер можно вводить с пробелами, точками и дефисами, русскими или латинскими буквами.</p>
    </div>
  );
}
