import { isbot } from 'isbot';
import { afterFirstPaint } from '#app/lib/after-first-paint.ts';
import type { BurstRewriter } from './document-stream.ts';

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

export function deferHydration(nonce: string): BurstRewriter {
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

  // The document is read as bytes: only the tags the rewrite is about (the head's preloads, the
  // module script and its end), found by a byte search, are decoded to text; the rest — the whole
  // page around them — passes unchanged. A burst ends before a tag its end cut (a '<' is never
  // inside a UTF-8 letter, so no letter is cut either); the tag waits for the next burst.
  let carry: Buffer | null = null;

  const rewriteTags = (bytes: Buffer): Buffer => {
    const pieces: Buffer[] = [];
    const next = needles(bytes);
    let from = 0;
    while (state !== 'done') {
      const at = next(from, state);
      if (at === -1) break;
      const start = Math.max(from, bytes.lastIndexOf(LT, at));
      const end = bytes.indexOf(GT, at);
      if (end === -1) break;
      pieces.push(bytes.subarray(from, start), Buffer.from(rewrite(bytes.toString('utf8', start, end + 1))));
      from = end + 1;
    }
    if (pieces.length === 0) return bytes;
    pieces.push(bytes.subarray(from));
    return Buffer.concat(pieces);
  };

  return {
    next(chunk) {
      let bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      carry = null;
      if (state !== 'done') {
        const open = bytes.lastIndexOf(LT);
        if (open !== -1 && bytes.indexOf(GT, open) === -1 && bytes.length - open < MAX_CUT_TAG) {
          carry = bytes.subarray(open);
          bytes = bytes.subarray(0, open);
        }
        bytes = rewriteTags(bytes);
      }
      return bytes;
    },
    finish() {
      const rest = carry;
      carry = null;
      if (!rest) return null;
      return state === 'done' ? rest : rewriteTags(rest);
    },
  };
}

const LT = 0x3c;
const GT = 0x3e;
/** A '<' further back than this is not a tag the boundary cut (an attribute holds no such text). */
const MAX_CUT_TAG = 4096;

const PRELOAD_NEEDLE = Buffer.from('modulepreload');
const MODULE_NEEDLE = Buffer.from('type="module"');
const SCRIPT_END_NEEDLE = Buffer.from('</script>');

const HEAD_END_NEEDLE = Buffer.from('</head>');

/**
 * Where, from a position on, the next tag the rewrite looks for in a state may be (a byte search):
 * a modulepreload link or the module script in the head state, the script's end after it. A match
 * in text that is not such a tag costs a look at that tag and changes nothing.
 *
 * The searches stay short: the module script is React Router's, near the end of the shell, so it
 * is looked for from the end (`type="module"` with its quotes is never text: React writes a quote
 * in text or an attribute as `&quot;`, a view's JSON as `\"`); the preloads are in the head, where
 * React puts every link, so they are looked for up to its end. A page is not searched through.
 */
function needles(bytes: Buffer) {
  const moduleAt = bytes.lastIndexOf(MODULE_NEEDLE);
  const headEnd = bytes.indexOf(HEAD_END_NEEDLE);
  const preloadsEnd = Math.min(moduleAt === -1 ? bytes.length : moduleAt, headEnd === -1 ? bytes.length : headEnd);
  const preloads = bytes.subarray(0, preloadsEnd);
  let preloadAt = -2;
  return (from: number, state: 'head' | 'script'): number => {
    if (state === 'script') return bytes.indexOf(SCRIPT_END_NEEDLE, from);
    if (preloadAt !== -1 && preloadAt < from) preloadAt = preloads.indexOf(PRELOAD_NEEDLE, from);
    const module = moduleAt >= from ? moduleAt : -1;
    return preloadAt === -1 ? module : module === -1 ? preloadAt : Math.min(preloadAt, module);
  };
}

/** Adds the preload links and the module script back once the first paint is on screen (after-first-paint.ts). */
function bootScript(nonce: string, preloads: string[]): string {
  const hrefs = JSON.stringify(preloads).replace(/</g, '\\u003c');
  return `<script nonce="${nonce}">${afterFirstPaint('function(){var d=document,h=d.getElementById("rr-hydrate");'
    + `${hrefs}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.appendChild(l)});`
    + 'var s=d.createElement("script");s.type="module";s.nonce=h.nonce;s.textContent=h.textContent;d.body.appendChild(s)}')}</script>`;
}
