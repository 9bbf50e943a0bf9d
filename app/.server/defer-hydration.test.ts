import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferHydration } from './defer-hydration.ts';
import { documentStream, type ReactDestination } from './document-stream.ts';

/** A document as React writes it to the page's stream, rewritten; what the browser receives, by burst. */
function page() {
  const { destination, body } = documentStream(deferHydration('N1'));
  const received = (async () => {
    const out: Buffer[] = [];
    for await (const b of body) out.push(Buffer.from(b));
    return out;
  })();
  return { destination, received };
}

const pause = () => new Promise((resolve) => setImmediate(resolve));

const DOC = '<!DOCTYPE html><html lang="ru"><head><meta charSet="utf-8"/><title>Вход — Агротехника</title>'
  + '<link rel="preload" href="/assets/inter.woff2" as="font"/>'
  + '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/><link rel="modulepreload" href="/assets/vendor-B.js" nonce="N1"/>'
  + '<link rel="stylesheet" href="/assets/root.css"/></head><body><main><h1>Вход в личный кабинет</h1></main>'
  + '<script nonce="N1">window.__reactRouterContext = {};</script>'
  + '<script nonce="N1" type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>'
  + '<script nonce="N1">window.__reactRouterContext.streamController.close();</script></body></html>';

async function run(chunks: string[]): Promise<string> {
  const { destination, received } = page();
  for (const c of chunks) destination.write(Buffer.from(c));
  destination.end();
  return Buffer.concat(await received).toString('utf8');
}

async function writeCut(destination: ReactDestination, bytes: Buffer, cut: number) {
  destination.write(bytes.subarray(0, cut));
  // The next burst: what was cut waits for it.
  await pause();
  destination.write(bytes.subarray(cut));
  destination.end();
}

describe('deferHydration', () => {
  it('takes the module preloads out of the head and makes the module script inert until the boot script runs', async () => {
    const html = await run([DOC]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="preload" href="/assets/inter.woff2" as="font"/>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(html).toContain('<script nonce="N1" type="text/x-hydrate" id="rr-hydrate">import * as route0');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const boot = html.slice(html.indexOf('id="rr-hydrate"'));
    expect(boot).toContain('["/assets/entry.client-A.js","/assets/vendor-B.js"]');
    expect(boot).toContain('<script nonce="N1">(function(f){');
    expect(boot).toContain('"first-contentful-paint"');
    expect(html).toContain('<h1>Вход в личный кабинет</h1>');
    expect(html.endsWith('streamController.close();</script></body></html>')).toBe(true);
  });

  it('gives the same document whatever the chunk boundaries, also inside a multibyte letter', async () => {
    const whole = await run([DOC]);
    const bytes = Buffer.from(DOC);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const { destination, received } = page();
      await writeCut(destination, bytes, cut);
      expect(Buffer.concat(await received).toString('utf8'), `cut at ${cut}`).toBe(whole);
    }
  });

  it('passes the document on as bytes, a burst at a time, whatever splits its letters', async () => {
    // A long body before the module script (as a page has: React Router's scripts close the body)
    // and after it (a streamed part).
    const text = '<p>Трактор «Кировец» К-7М, 300 л.с.</p>'.repeat(200);
    const doc = DOC.replace('<main>', `<main>${text}`).replace('</body>', `${text}</body>`);
    const whole = await run([doc]);
    const bytes = Buffer.from(doc);
    for (const pauses of [false, true]) {
      const { destination, received } = page();
      // Five bytes at a time, as bytes and as text: many letters of the Russian text are cut in two.
      for (let at = 0; at < bytes.length; at += 5) {
        destination.write(at % 10 ? bytes.subarray(at, at + 5) : new Uint8Array(bytes.subarray(at, at + 5)));
        if (pauses && at % 40 === 0) await pause();
      }
      destination.end();
      const out = await received;
      expect(Buffer.concat(out).toString('utf8'), pauses ? 'with pauses' : 'at once').toBe(whole);
      // Written at once, the document leaves as one buffer, not a chunk per write.
      if (!pauses) expect(out.length).toBe(1);
      else expect(out.length).toBeGreaterThan(1);
    }
  });

  it('takes React\'s long strings as they come, with its buffers between them', async () => {
    const whole = await run([DOC]);
    const { destination, received } = page();
    const cut = DOC.indexOf('<main>');
    destination.write(Buffer.from(DOC.slice(0, cut)));
    destination.write(DOC.slice(cut, cut + 20));
    destination.write(DOC.slice(cut + 20));
    destination.end();
    expect(Buffer.concat(await received).toString('utf8')).toBe(whole);
  });

  it('adds the preloads and the module script, with its nonce, once the first paint is reported', async () => {
    const html = await run([DOC]);
    const boot = /<\/script><script nonce="N1">([\s\S]*?)<\/script>/.exec(html.slice(html.indexOf('id="rr-hydrate"')))![1]!;
    const head: Record<string, string>[] = [];
    const body: Record<string, string>[] = [];
    const timers: (() => void)[] = [];
    let paint: () => void = () => {};
    const context = {
      window: {
        PerformanceObserver: class {
          static supportedEntryTypes = ['paint'];
          constructor(callback: (list: { getEntriesByName: () => unknown[] }) => void) { paint = () => callback({ getEntriesByName: () => [{}] }); }
          observe() {}
          disconnect() {}
        },
      },
      document: {
        visibilityState: 'visible',
        getElementById: (id: string) => (id === 'rr-hydrate' ? { nonce: 'N1', textContent: 'import("/assets/entry.client-A.js");' } : null),
        createElement: () => ({}),
        head: { appendChild: (el: Record<string, string>) => head.push(el) },
        body: { appendChild: (el: Record<string, string>) => body.push(el) },
      },
      requestAnimationFrame: () => {},
      setTimeout: (fn: () => void, ms: number) => { if (ms === 0) timers.push(fn); },
    };
    runInNewContext(boot, context);
    expect(head).toEqual([]);
    paint();
    timers.forEach((fn) => fn());
    expect(head).toEqual([{ rel: 'modulepreload', href: '/assets/entry.client-A.js' }, { rel: 'modulepreload', href: '/assets/vendor-B.js' }]);
    expect(body).toEqual([{ type: 'module', nonce: 'N1', textContent: 'import("/assets/entry.client-A.js");' }]);
  });

  it('passes a document without a module script through unchanged', async () => {
    const plain = '<html><body><p>Ошибка</p></body></html>';
    expect(await run([plain])).toBe(plain);
  });
});
