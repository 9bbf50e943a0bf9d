/**
 * A back-office list's filter by one of a few values (a status, a kind, a branch): a labelled select
 * whose first option, with an empty value, shows everything. It lives in the list's GET form, so the
 * filter is part of the page's address.
 */
export function SelectFilter({ label, name, value, options, all = 'Все' }: {
  label: string;
  name: string;
  value: string | number | undefined;
  options: ReadonlyArray<{ value: string | number; label: string }>;
  all?: string;
}) {
  return (
    <label>{label}
      <select name={name} defaultValue={value ?? ''}>
        <option value="">{all}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </label>
  );
}
