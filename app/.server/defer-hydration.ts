import { Transform } from 'node:stream';
import { isbot } from 'isbot';
import { afterFirstPaint } from '#app/lib/after-first-paint.ts';

/**
 * Hydration after the first paint (docs/decisions/019-hydration-after-first-paint.md).
 *
 * React Router puts a `<link rel="modulepreload">` in the head for every chunk of the page and a
 * module script that imports them. On a slow phone link those ~100–150 KB of JavaScript share the
 * first second with the document, the styles and the fonts, so the server-rendered text paints
 * later than it needs to. This rewrites the streamed document so that the scripts start loading
 * right after the first paint is on screen:
 * - the modulepreload links are taken out of the head and remembered;
 * - React Router's module script becomes an inert `type="text/x-hydrate"` block;
 * - a small inline script after it waits until the first contentful paint is on screen
 *   (app/lib/after-first-paint.ts), then adds the preload links and the module script again (same
 *   nonce), so the chunks load in parallel as before.
 * The page is complete and readable without JavaScript in the meantime (server rendering); forms
 * post to route actions. Crawlers get the document untouched.
 */
/**
 * Crawlers get the complete document with React Router's scripts untouched; browsers get it
 * streamed with the scripts after the first paint. The page cache keeps the two apart by this.
 */
export function wantsCompleteDocument(userAgent: string | null | undefined): boolean {
  return isbot(userAgent ?? '');
}

export function deferHydration(nonce: string): Transform {
  const decoder = new TextDecoder();
  const preloads: string[] = [];
  let state: 'head' | 'script' | 'done' = 'head';
  let carry = '';

  const rewrite = (text: string): string => {
    let out = '';
    let rest = text;
    while (rest.length > 0 && state !== 'done') {
      if (state === 'head') {
        const tag = rest.match(/<link\b[^>]*\brel="modulepreload"[^>]*>|<script\b[^>]*\btype="module"[^>]*>/);
        if (!tag || tag.index === undefined) { out += rest; rest = ''; break; }
        out += rest.slice(0, tag.index);
        rest = rest.slice(tag.index + tag[0].length);
        if (tag[0].startsWith('<link')) {
          const href = tag[0].match(/\bhref="([^"]+)"/)?.[1];
          if (href) preloads.push(href);
        } else {
          out += tag[0].replace(/\btype="module"/, 'type="text/x-hydrate" id="rr-hydrate"').replace(/\s+async(="")?/, '');
          state = 'script';
        }
      } else {
        const end = rest.indexOf('</script>');
        if (end === -1) { out += rest; rest = ''; break; }
        out += rest.slice(0, end + '</script>'.length) + bootScript(nonce, preloads);
        rest = rest.slice(end + '</script>'.length);
        state = 'done';
      }
    }
    return out + rest;
  };

  // Past the module script the document passes as bytes, unchanged: what React writes within one
  // turn of the event loop (2 KB at a time) goes on as one buffer, so the streams after this one
  // (web stream, compression, socket) handle a burst instead of dozens of small chunks.
  let raw: Buffer[] = [];
  let scheduled = false;
  // Bytes of a letter the decoder holds from the last chunk: raw passing waits until there are none.
  let held = 0;

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (state === 'done' && carry === '' && held === 0) {
        raw.push(chunk);
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            if (raw.length === 0) return;
            this.push(raw.length === 1 ? raw[0] : Buffer.concat(raw));
            raw = [];
          });
        }
        callback();
        return;
      }
      held = incompleteTail(chunk);
      const text = carry + decoder.decode(chunk, { stream: true });
      if (state === 'done') { carry = ''; callback(null, text); return; }
      // A tag cut by the chunk boundary waits for the next chunk.
      const open = text.lastIndexOf('<');
      const cut = open !== -1 && text.indexOf('>', open) === -1 && text.length - open < 4096 ? open : text.length;
      carry = text.slice(cut);
      callback(null, rewrite(text.slice(0, cut)));
    },
    flush(callback) {
      if (raw.length) {
        this.push(Buffer.concat(raw));
        raw = [];
      }
      const text = carry + decoder.decode();
      carry = '';
      callback(null, state === 'done' ? text : rewrite(text));
    },
  });
}

/** How many bytes at the end of `chunk` begin a UTF-8 letter that the next chunk completes. */
export function incompleteTail(chunk: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, chunk.length); back++) {
    const byte = chunk[chunk.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/** Adds the preload links and the module script back once the first paint is on screen (after-first-paint.ts). */
function bootScript(nonce: string, preloads: string[]): string {
  const hrefs = JSON.stringify(preloads).replace(/</g, '\\u003c');
  return `<script nonce="${nonce}">${afterFirstPaint('function(){var d=document,h=d.getElementById("rr-hydrate");'
    + `${hrefs}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.appendChild(l)});`
    + 'var s=d.createElement("script");s.type="module";s.nonce=h.nonce;s.textContent=h.textContent;d.body.appendChild(s)}')}</script>`;
}
