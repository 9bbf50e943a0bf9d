import { Suspense, use } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDocument } from './render-document.ts';

const options = (waitForAll: boolean) => ({ nonce: 'n', waitForAll, status: 200, headers: new Headers(), abortAfterMs: 6_000 });

function Page({ data }: { data?: Promise<string> }) {
  return (
    <html lang="ru">
      <body>
        <h1>Тракторы</h1>
        {data ? <Suspense fallback={<p>Загрузка…</p>}><Late data={data} /></Suspense> : null}
      </body>
    </html>
  );
}

function Late({ data }: { data: Promise<string> }) {
  return <p>{use(data)}</p>;
}

describe('a document rendered to a response', () => {
  // Only the abort timer is faked: React schedules its own work with setImmediate.
  beforeEach(() => { vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); });
  afterEach(() => { vi.useRealTimers(); });

  it.each([false, true])('leaves no timer behind once the page is rendered (complete first: %s)', async (waitForAll) => {
    const response = await renderDocument(<Page />, options(waitForAll));
    const html = await response.text();
    expect(html).toContain('<h1>Тракторы</h1>');
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    // A timer left running would hold the whole render until it fires.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('streams a boundary whose data comes later, then clears the timer', async () => {
    let settle!: (value: string) => void;
    const response = await renderDocument(<Page data={new Promise((resolve) => { settle = resolve; })} />, options(false));
    expect(vi.getTimerCount()).toBe(1);
    settle('Кировец К-7М');
    const html = await response.text();
    expect(html).toContain('Кировец К-7М');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up on data that never comes after the delay, and the document still ends', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await renderDocument(<Page data={new Promise<string>(() => {})} />, options(false));
    const text = response.text();
    await vi.advanceTimersByTimeAsync(6_000);
    const html = await text;
    expect(html).toContain('Загрузка…');
    expect(html).toContain('</html>');
    expect(vi.getTimerCount()).toBe(0);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
