import type { ModelSpecRow } from '../model.schema.ts';
import styles from './ModelPage.module.css';

/** 'Характеристики': every specification of the model, the most important first. */
export function SpecTable({ specs }: { specs: ModelSpecRow[] }) {
  if (!specs.length) return <p className={styles.muted}>Характеристики уточняйте у менеджера филиала.</p>;
  return (
    <table className={styles.specTable} data-testid="spec-table">
      <caption className="visually-hidden">Технические характеристики</caption>
      <tbody>
        {specs.map((s) => (
          <tr key={s.id}>
            <th scope="row">{s.name}</th>
            <td>{s.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The key facts beside the photos: the few specifications a farmer looks at first. */
export function KeyFacts({ facts }: { facts: ModelSpecRow[] }) {
  if (!facts.length) return null;
  return <dl className={styles.facts}>{facts.map((f) => <div key={f.id} className={styles.fact}><dt>{f.name}</dt><dd>{f.value}</dd></div>)}</dl>;
}
