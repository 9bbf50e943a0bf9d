/** A hit's title with the parts that match the query in <mark> (the ranges come from the server). */
export function Marked({ text, marks }: { text: string; marks: ReadonlyArray<readonly [number, number]> }) {
  if (!marks.length) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [from, to] of marks) {
    if (from > at) parts.push(text.slice(at, from));
    parts.push(<mark key={from}>{text.slice(from, to)}</mark>);
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
