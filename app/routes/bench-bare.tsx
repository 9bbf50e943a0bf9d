import { data } from 'react-router';
import type { Route } from './+types/bench-bare';

/**
 * The benchmark's yardstick: a page of 50 list items with no data, served by the same server and
 * framework as the shop, so `npm run bench` can report the home page relative to it. It exists only
 * when the server runs with BENCH_ROUTES=1.
 */
export function loader(_: Route.LoaderArgs) {
  if (process.env.BENCH_ROUTES !== '1') throw data(null, { status: 404 });
  return null;
}

const ITEMS = Array.from({ length: 50 }, (_, i) => i + 1);

export default function BenchBare() {
  return <ul>{ITEMS.map((i) => <li key={i}>Элемент {i}</li>)}</ul>;
}

/** The yardstick measures a render every time: the page cache must not serve it. */
export const headers = () => ({ 'Cache-Control': 'no-store' });
