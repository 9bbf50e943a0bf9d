// What visitors type into the header search, for the benchmark: every prefix (3 letters and more)
// of the catalogue's maker, line and model names as they are typed, the same words typed in the
// other keyboard layout, and one swapped-letters typo per name. Deterministic and all distinct, so
// the search's short result cache (ADR 021) cannot answer them: the figure is the search itself.
import { generateModels } from '#app/modules/catalog/data/generate.ts';
import { MANUFACTURERS } from '#app/modules/catalog/data/manufacturers.ts';
import { MODEL_LINES } from '#app/modules/catalog/data/model-lines.ts';

const LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const CYRILLIC = 'йцукенгшщзхъфывапролджэячсмитьбюё';

/** 'кировец' typed with the Latin layout on: 'rbhjdtw'. */
function otherLayout(text: string): string {
  return [...text.toLowerCase()].map((c) => {
    const i = CYRILLIC.indexOf(c);
    return i >= 0 ? LATIN[i]! : c;
  }).join('');
}

export function asYouTypeQueries(): string[] {
  const names = [...MANUFACTURERS.map((m) => m.name), ...MODEL_LINES.map((l) => l.name), ...generateModels().map((m) => m.name)];
  const out = new Set<string>();
  for (const name of names) {
    const text = name.slice(0, 16).trim();
    for (let n = 3; n <= text.length; n++) out.add(text.slice(0, n).trim().toLowerCase());
    if (/[а-яё]/i.test(text)) out.add(otherLayout(text));
    if (text.length >= 6) out.add((text.slice(0, 2) + text[3] + text[2] + text.slice(4)).toLowerCase());
  }
  // A fixed shuffle (Park–Miller), so neighbouring requests do not share a prefix.
  let seed = 7;
  const next = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  return [...out].filter((q) => q.length >= 3).map((q) => [next(), q] as const).sort((a, b) => a[0] - b[0]).map(([, q]) => q);
}
