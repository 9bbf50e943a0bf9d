import { SharedMarkup } from '#app/components/ui/SharedMarkup.tsx';
import type { ModelSpecRow } from '../model.schema.ts';
import styles from './ModelPage.module.css';

/** 'Характеристики': every specification of the model, the most important first. */
export function SpecTable({ specs }: { specs: ModelSpecRow[] }) {
  if (!specs.length) return <p className={styles.muted}>Характеристики уточняйте у менеджера филиала.</p>;
  return <SharedMarkup as="table" className={styles.specTable} data-testid="spec-table" component={SpecRows} props={{ specs }} />;
}

/** The table's rows: the same for every visitor, so shared markup (ADR 048). */
export function SpecRows({ specs }: { specs: ModelSpecRow[] }) {
  return (
    <>
      <caption className="visually-hidden">Технические характеристики</caption>
      <tbody>
        {specs.map((s) => (
          <tr key={s.id}>
            <th scope="row">{s.name}</th>
            <td>{s.value}</td>
          </tr>
        ))}
      </tbody>
    </>
  );
}

/** The key facts beside the photos: the few specifications a farmer looks at first. */
export function KeyFacts({ facts }: { facts: ModelSpecRow[] }) {
  if (!facts.length) return null;
  return <SharedMarkup as="dl" className={styles.facts} component={FactRows} props={{ facts }} />;
}

export function FactRows({ facts }: { facts: ModelSpecRow[] }) {
  return facts.map((f) => <div key={f.id} className={styles.fact}><dt>{f.name}</dt><dd>{f.value}</dd></div>);
}
