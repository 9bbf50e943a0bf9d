import { HINT_TOAST_MS } from './notification.constants.ts';

/*
 * Spec §3 Notification and §4 Notifications: what the page gets, how it is shown, and the HTML
 * sanitiser a modal's html goes through. Pure and isomorphic: the server sanitises on output and
 * the browser keeps the toast queue with the same code.
 */

/** Spec §3: view_type hint or modal; data.title and data.content for a hint, html for a modal. */
export type NotificationView =
  | { id: number; view_type: 'hint'; data: { title: string; content: string } }
  | { id: number; view_type: 'modal'; html: string };

/** A notification as it arrives: a view_type the page does not know is possible (spec §4: only logged). */
export type IncomingNotification = NotificationView | { id: number; view_type: string; [key: string]: unknown };

export type Hint = { id: number; title: string; content: string };

/** Which way a notification goes (spec §4): a toast, the notification dialog, or the console. */
export function classifyNotification(n: IncomingNotification): { kind: 'hint'; hint: Hint } | { kind: 'modal'; id: number; html: string } | { kind: 'unknown' } {
  if (n.view_type === 'hint' && 'data' in n && isRecord(n.data)) {
    return { kind: 'hint', hint: { id: n.id, title: String(n.data.title ?? ''), content: String(n.data.content ?? '') } };
  }
  if (n.view_type === 'modal' && 'html' in n && typeof n.html === 'string') return { kind: 'modal', id: n.id, html: n.html };
  return { kind: 'unknown' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// ---------------------------------------------------------------------------------------------
// Hint queue (spec §4: a success toast for 10 s, duplicates ignored, at most one at a time)
// ---------------------------------------------------------------------------------------------

export interface HintQueueState {
  /** The toast on screen, or null. */
  current: Hint | null;
  /** Hints waiting for the current toast to go. */
  waiting: Hint[];
  /** Keys (title + content) of every hint shown or queued on this page: a repeat is a duplicate. */
  seen: string[];
}

export const EMPTY_HINT_QUEUE: HintQueueState = { current: null, waiting: [], seen: [] };

/** Two hints with the same title and content are the same message to the user. */
export function hintKey(hint: Pick<Hint, 'title' | 'content'>): string {
  return `${hint.title.trim()}\u0000${hint.content.trim()}`;
}

/** Adds a hint: shown at once when nothing is on screen, queued otherwise, ignored when a duplicate. */
export function enqueueHint(state: HintQueueState, hint: Hint): { state: HintQueueState; accepted: boolean } {
  const key = hintKey(hint);
  if (state.seen.includes(key)) return { state, accepted: false };
  const seen = [...state.seen, key];
  if (!state.current) return { state: { current: hint, waiting: state.waiting, seen }, accepted: true };
  return { state: { current: state.current, waiting: [...state.waiting, hint], seen }, accepted: true };
}

/** The current toast goes (timer or ×); the next waiting hint takes its place. */
export function dismissHint(state: HintQueueState): HintQueueState {
  const [next = null, ...rest] = state.waiting;
  return { current: next, waiting: rest, seen: state.seen };
}

export interface HintQueue {
  push(hint: Hint): boolean;
  /** Closes the current toast now (the × button). */
  dismiss(): void;
  state(): HintQueueState;
  /** Stops the timer (unmount). */
  dispose(): void;
}

/**
 * The hint queue with its timer: each toast stays `durationMs` (spec: 10 000 ms), then the next one
 * shows. `onChange` gets every new state; `onShow` fires once per hint when it reaches the screen
 * (the caller marks it shown).
 */
export function createHintQueue(options: { onChange: (state: HintQueueState) => void; onShow?: (hint: Hint) => void; durationMs?: number }): HintQueue {
  const durationMs = options.durationMs ?? HINT_TOAST_MS;
  let state = EMPTY_HINT_QUEUE;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const set = (next: HintQueueState) => {
    const changedCurrent = next.current !== state.current;
    state = next;
    if (changedCurrent) {
      clearTimeout(timer);
      timer = undefined;
      if (state.current) {
        timer = setTimeout(() => set(dismissHint(state)), durationMs);
        options.onShow?.(state.current);
      }
    }
    options.onChange(state);
  };

  return {
    push(hint) {
      const result = enqueueHint(state, hint);
      if (result.accepted) set(result.state);
      return result.accepted;
    },
    dismiss() {
      if (state.current) set(dismissHint(state));
    },
    state: () => state,
    dispose() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTML sanitiser (allow-list) for the html of a modal notification
// ---------------------------------------------------------------------------------------------

/** Tags kept (without attributes, except a safe href on links); everything else is unwrapped to its text. */
const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'ul', 'ol', 'li', 'a', 'h3']);
const VOID_TAGS = new Set(['br']);
/** Elements dropped together with their content: code, styles, embedded documents, form controls. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frameset', 'object', 'applet', 'template', 'noscript', 'noembed',
  'noframes', 'textarea', 'title', 'xmp', 'plaintext', 'svg', 'math', 'select', 'head', 'option', 'canvas', 'audio', 'video',
]);
/** Their content is raw text up to the closing tag, so a '<' inside does not start a tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'noscript', 'iframe']);

const LINK_REL = 'noopener noreferrer nofollow';

interface Tag { name: string; closing: boolean; attrs: Map<string, string>; end: number }

/**
 * Cleans HTML against an allow-list: p, br, strong, b, em, i, ul, ol, li, h3 without attributes;
 * a with an http(s) or relative href only, rel and target forced. Other tags are removed (their text
 * stays, escaped); script, style, iframe, svg and the like go with their content; comments go.
 * The result is balanced: every opened tag is closed.
 */
export function sanitizeHtml(input: string): string {
  const html = String(input ?? '');
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));
    i = lt;
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      // Doctype, CDATA, processing instruction: a bogus comment up to '>'.
      const end = html.indexOf('>', i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, i);
    if (!tag) {
      // '<' that does not start a tag is text.
      out += '&lt;';
      i += 1;
      continue;
    }
    i = tag.end;
    if (DROPPED_WITH_CONTENT.has(tag.name)) {
      if (!tag.closing) i = skipElement(html, i, tag.name);
      continue;
    }
    if (!ALLOWED_TAGS.has(tag.name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (VOID_TAGS.has(tag.name)) {
      out += `<${tag.name}>`;
      continue;
    }
    if (tag.name === 'a') {
      const href = safeHref(tag.attrs.get('href'));
      out += href === null ? '<a>' : `<a href="${escapeAttr(href)}" rel="${LINK_REL}" target="_blank">`;
    } else {
      out += `<${tag.name}>`;
    }
    open.push(tag.name);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** Reads a start or end tag at `start` ('<'); null when the '<' does not open one (HTML's rule: a letter must follow). */
function readTag(html: string, start: number): Tag | null {
  let i = start + 1;
  const closing = html[i] === '/';
  if (closing) i += 1;
  if (!/[a-zA-Z]/.test(html[i] ?? '')) {
    if (!closing) return null;
    // '</' followed by something else is a bogus comment up to '>'.
    const end = html.indexOf('>', i);
    return { name: '#bogus', closing: true, attrs: new Map(), end: end === -1 ? html.length : end + 1 };
  }
  const nameStart = i;
  while (i < html.length && !/[\s/>]/.test(html[i]!)) i += 1;
  const name = html.slice(nameStart, i).toLowerCase();
  const attrs = new Map<string, string>();
  while (i < html.length) {
    while (i < html.length && /[\s/]/.test(html[i]!)) i += 1;
    if (i >= html.length) break;
    if (html[i] === '>') return { name, closing, attrs, end: i + 1 };
    const attrStart = i;
    // An attribute name may start with '=' in HTML; it runs to whitespace, '/', '>' or '='.
    i += 1;
    while (i < html.length && !/[\s/>=]/.test(html[i]!)) i += 1;
    const attrName = html.slice(attrStart, i).toLowerCase();
    while (i < html.length && /\s/.test(html[i]!)) i += 1;
    let value = '';
    if (html[i] === '=') {
      i += 1;
      while (i < html.length && /\s/.test(html[i]!)) i += 1;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const end = html.indexOf(quote, i + 1);
        value = html.slice(i + 1, end === -1 ? html.length : end);
        i = end === -1 ? html.length : end + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !/[\s>]/.test(html[i]!)) i += 1;
        value = html.slice(valueStart, i);
      }
    }
    if (!attrs.has(attrName)) attrs.set(attrName, decodeEntities(value));
  }
  // The document ended inside the tag: a browser drops it, and so do we.
  return { name, closing, attrs, end: html.length };
}

/** Skips to just after the element's end tag, counting nested elements of the same name. */
function skipElement(html: string, from: number, name: string): number {
  const lower = html.toLowerCase();
  if (RAW_TEXT.has(name)) {
    const re = new RegExp(`</${name}[\\s/>]`, 'g');
    re.lastIndex = from;
    const m = re.exec(lower);
    if (!m) return html.length;
    const end = html.indexOf('>', m.index);
    return end === -1 ? html.length : end + 1;
  }
  let depth = 1;
  let i = from;
  while (i < html.length) {
    const lt = lower.indexOf('<', i);
    if (lt === -1) return html.length;
    const tag = readTag(html, lt);
    if (!tag) { i = lt + 1; continue; }
    i = tag.end;
    if (tag.name !== name) continue;
    depth += tag.closing ? -1 : 1;
    if (depth === 0) return i;
  }
  return html.length;
}

/**
 * An href worth keeping: http(s) with a host, or relative (path, query, fragment). javascript:,
 * data:, vbscript: and any other scheme are refused, also when hidden by entities, control
 * characters or case; protocol-relative '//host' and backslash tricks are refused too.
 */
export function safeHref(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  // Browsers ignore leading/trailing C0 controls and spaces, and tabs and newlines anywhere.
  const value = raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (value === '') return null;
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value);
  if (scheme) return /^https?$/i.test(scheme[1]!) && /^https?:\/\/[^/\\]/i.test(value) ? value : null;
  if (/^[/\\]{2}/.test(value) || /^\/\\/.test(value)) return null;
  // A colon before the first '/', '?' or '#' would be read as a scheme by some parsers.
  const firstPart = value.split(/[/?#]/, 1)[0] ?? '';
  if (firstPart.includes(':')) return null;
  return value;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n', sol: '/', lpar: '(', rpar: ')' };

/** Decodes numeric and the common named character references (enough to see through an obfuscated href). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    }
    const named = NAMED_ENTITIES[ref.toLowerCase()];
    return named ?? whole;
  });
}

/** Text between tags: '<' and '>' escaped; an '&' that does not start a character reference becomes &amp;. */
function escapeText(text: string): string {
  return text.replace(/&(?!#x[0-9a-f]+;|#\d+;|[a-z][a-z0-9]*;)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
