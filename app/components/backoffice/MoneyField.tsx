import { useEffect, useState } from 'react';

/** Minor units as typed in a field: '1500,5' for 150050. */
export const majorText = (minor: number) => (minor / 100).toLocaleString('ru-RU', { maximumFractionDigits: 2, useGrouping: false });
/** A sum typed in roubles ('1 500,50', '1500.5') in minor units; nonsense and negatives are 0. */
export const minorOfText = (text: string) => Math.max(0, Math.round(Number(text.replace(/\s/g, '').replace(',', '.')) * 100) || 0);

/** A sum typed freely and taken (in minor units) when the field is left, so '1500,5' can be typed. */
export function MoneyField({ label, value, onChange, className }: { label: string; value: number; onChange: (minor: number) => void; className?: string }) {
  const [text, setText] = useState(majorText(value));
  // A value worked out from another field (the list price from the price) shows here too.
  useEffect(() => setText(majorText(value)), [value]);
  return (
    <label className={className}>
      <span>{label}</span>
      <input inputMode="decimal" value={text} onChange={(e) => setText(e.currentTarget.value)} onBlur={() => { const m = minorOfText(text); onChange(m); setText(majorText(m)); }} />
    </label>
  );
}
