import { pageMeta } from '#app/lib/meta.ts';

export const meta = () => pageMeta('Сравнение техники', 'Сравнение моделей техники по характеристикам.');

/** Spec §2 `/compare/{productCodes?}`. */
export default function Compare() {
  return <div className="container"><h1>Сравнение</h1></div>;
}
