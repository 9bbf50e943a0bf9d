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
  const preloads: string[] = [];
  let state: 'head' | 'script' | 'done' = 'head';

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

  // The document is read as bytes: only a piece that holds what is rewritten (the head's preloads,
  // the module script and its end) is decoded to text; the rest — most of the page, which comes
  // before the module script — passes unchanged. A piece ends before a tag the chunk boundary cut
  // (its '<' is never inside a UTF-8 letter, so no letter is cut either); the tag waits for the
  // next chunk. What React writes within one turn of the event loop (2 KB at a time) goes on as one
  // buffer, so the streams after this one (web stream, compression, socket) handle a burst instead
  // of dozens of small chunks.
  let carry: Buffer | null = null;
  let out: Buffer[] = [];
  let scheduled = false;

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      carry = null;
      if (state !== 'done') {
        const open = bytes.lastIndexOf(LT);
        if (open !== -1 && bytes.indexOf(GT, open) === -1 && bytes.length - open < MAX_CUT_TAG) {
          carry = bytes.subarray(open);
          bytes = bytes.subarray(0, open);
        }
        if (holdsRewrite(bytes, state)) bytes = rewriteTags(bytes, rewrite);
      }
      if (bytes.length > 0) out.push(bytes);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (out.length === 0) return;
          this.push(out.length === 1 ? out[0] : Buffer.concat(out));
          out = [];
        });
      }
      callback();
    },
    flush(callback) {
      if (carry) out.push(state === 'done' || !holdsRewrite(carry, state) ? carry : rewriteTags(carry, rewrite));
      carry = null;
      if (out.length > 0) this.push(Buffer.concat(out));
      out = [];
      callback();
    },
  });
}

const LT = 0x3c;
const GT = 0x3e;
/** A '<' further back than this is not a tag the boundary cut (an attribute holds no such text). */
const MAX_CUT_TAG = 4096;

/**
 * The rewrite applied from the piece's first '<' to its last '>': what it looks for is inside tags,
 * and the text around them may begin or end with a letter the chunk boundaries cut in two, which
 * must pass as bytes, not be decoded.
 */
function rewriteTags(bytes: Buffer, rewrite: (text: string) => string): Buffer {
  const from = bytes.indexOf(LT);
  const to = bytes.lastIndexOf(GT) + 1;
  if (from === -1 || to <= from) return bytes;
  return Buffer.concat([bytes.subarray(0, from), Buffer.from(rewrite(bytes.toString('utf8', from, to))), bytes.subarray(to)]);
}

/** Whether `bytes` may hold what the rewrite looks for in this state (a quick byte search). */
function holdsRewrite(bytes: Buffer, state: 'head' | 'script'): boolean {
  return state === 'head'
    ? bytes.includes('modulepreload') || bytes.includes('type="module"')
    : bytes.includes('</script>');
}

/** Adds the preload links and the module script back once the first paint is on screen (after-first-paint.ts). */
function bootScript(nonce: string, preloads: string[]): string {
  const hrefs = JSON.stringify(preloads).replace(/</g, '\\u003c');
  return `<script nonce="${nonce}">${afterFirstPaint('function(){var d=document,h=d.getElementById("rr-hydrate");'
    + `${hrefs}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.appendChild(l)});`
    + 'var s=d.createElement("script");s.type="module";s.nonce=h.nonce;s.textContent=h.textContent;d.body.appendChild(s)}')}</script>`;
}
