// `npm run lint` part: finds import cycles among the project's own modules (app/, server/).
// Reads static imports as text; type-only imports are skipped because they vanish at build time.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

export function collectFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name.startsWith('+') ? [] : collectFiles(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

export function importsOf(file: string, source: string, root: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const [, typeOnly, specifier] = match;
    if (typeOnly || !specifier) continue;
    let target: string | null = null;
    if (specifier.startsWith('#app/')) target = resolve(root, 'app', specifier.slice(5));
    else if (specifier.startsWith('.')) target = resolve(dirname(file), specifier);
    if (target && existsSync(target)) found.push(target);
  }
  return found;
}

/** Every strongly connected set of two or more modules (or a module importing itself) is a cycle. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.reverse());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

if (import.meta.main) {
  const root = resolve(import.meta.dirname, '..');
  const files = ['app', 'server'].flatMap((dir) => collectFiles(join(root, dir)));
  const graph = new Map(files.map((file) => [file, importsOf(file, readFileSync(file, 'utf8'), root)]));
  const cycles = findCycles(graph);
  for (const cycle of cycles) console.error(`Import cycle: ${cycle.map((f) => relative(root, f)).join(' → ')}`);
  if (cycles.length) process.exit(1);
  console.log(`No import cycles among ${files.length} modules.`);
}
