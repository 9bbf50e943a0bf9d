const RULES = new Intl.PluralRules('ru-RU');

/** The Russian word form for a count: plural(1, 'модель', 'модели', 'моделей') → 'модель'; 2 → 'модели'; 5 → 'моделей'. */
export function plural(n: number, one: string, few: string, many: string): string {
  const rule = RULES.select(n);
  return rule === 'one' ? one : rule === 'few' ? few : many;
}
