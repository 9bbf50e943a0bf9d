import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HINT_TOAST_MS } from './notification.constants.ts';
import {
  EMPTY_HINT_QUEUE, classifyNotification, createHintQueue, decodeEntities, dismissHint, enqueueHint, safeHref, sanitizeHtml,
  type Hint, type HintQueueState,
} from './notification.rules.ts';

const REL = 'rel="noopener noreferrer nofollow" target="_blank"';

describe('sanitizeHtml: the allow-list', () => {
  it('keeps the allowed tags without their attributes', () => {
    expect(sanitizeHtml('<h3 class="x">Заголовок</h3><p style="color:red">Текст <strong>важно</strong> <b>b</b> <em>e</em> <i>i</i><br/>ещё</p><ul><li>1</li></ul><ol><li id="a">2</li></ol>'))
      .toBe('<h3>Заголовок</h3><p>Текст <strong>важно</strong> <b>b</b> <em>e</em> <i>i</i><br>ещё</p><ul><li>1</li></ul><ol><li>2</li></ol>');
  });

  it('keeps http(s) and relative links with rel and target forced', () => {
    expect(sanitizeHtml('<a href="https://agro.ru/akcii" target="_self" rel="opener">Акции</a>')).toBe(`<a href="https://agro.ru/akcii" ${REL}>Акции</a>`);
    expect(sanitizeHtml("<a href='/catalog?x=1&amp;y=2'>к</a>")).toBe(`<a href="/catalog?x=1&amp;y=2" ${REL}>к</a>`);
    expect(sanitizeHtml('<a href=#top>вверх</a>')).toBe(`<a href="#top" ${REL}>вверх</a>`);
  });

  it('unwraps unknown tags and keeps their text escaped', () => {
    expect(sanitizeHtml('<div><span>Привет</span> <font color=red>мир</font></div>')).toBe('Привет мир');
    expect(sanitizeHtml('1 < 2 && 3 > 2')).toBe('1 &lt; 2 &amp;&amp; 3 &gt; 2');
    expect(sanitizeHtml('&lt;script&gt; &amp; &nbsp;')).toBe('&lt;script&gt; &amp; &nbsp;');
  });

  it('balances tags: closes what is open, drops stray end tags', () => {
    expect(sanitizeHtml('<p><strong>жирный')).toBe('<p><strong>жирный</strong></p>');
    expect(sanitizeHtml('</p>текст</li>')).toBe('текст');
    expect(sanitizeHtml('<ul><li>a<li>b</ul>')).toBe('<ul><li>a<li>b</li></li></ul>');
  });
});

describe('sanitizeHtml: XSS vectors', () => {
  const vectors: [string, string][] = [
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT SRC=//evil.js></SCRIPT>ok', 'ok'],
    ['<script>document.write("</scr"+"ipt><img src=x onerror=alert(1)>")</script>', ''],
    ['<img src=x onerror=alert(1)>', ''],
    ['<svg onload=alert(1)><script>alert(2)</script></svg>ok', 'ok'],
    ['<svg><svg><script>x</script></svg>still-hidden</svg>ok', 'ok'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok', 'ok'],
    ['<iframe src="javascript:alert(1)"></iframe>ok', 'ok'],
    ['<iframe srcdoc="<script>alert(1)</script>">inner</iframe>ok', 'ok'],
    ['<style>body{background:url(javascript:alert(1))}</style>ok', 'ok'],
    ['<p onclick="alert(1)" onmouseover=alert(2)>t</p>', '<p>t</p>'],
    ['<p/onclick=alert(1)>t</p>', '<p>t</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<a href="/\\evil.example/">x</a>', '<a>x</a>'],
    ['<a href="https:evil">x</a>', '<a>x</a>'],
    ['<a href="https://ok.ru" onclick="alert(1)" style="x">x</a>', `<a href="https://ok.ru" ${REL}>x</a>`],
    ['<a href="https://ok.ru/?q=&quot;><script>alert(1)</script>">x</a>', `<a href="https://ok.ru/?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" ${REL}>x</a>`],
    ['<!--<script>alert(1)</script>-->ok', 'ok'],
    ['<!--><script>alert(1)</script>--><p>ok</p>', '<p>ok</p>'],
    ['<![CDATA[<script>alert(1)</script>]]>ok', 'alert(1)]]&gt;ok'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<<script>alert(1)//<</script>', '&lt;'],
    ['<object data="javascript:alert(1)"></object><embed src=x>ok', 'ok'],
    ['<form action="javascript:alert(1)"><input type=submit></form>ok', 'ok'],
    ['<textarea><img src=x onerror=alert(1)></textarea>ok', 'ok'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '"&gt;'],
    ['<base href="javascript:/">ok', 'ok'],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">ok', 'ok'],
    ['<p>unterminated <img src=x onerror=alert(1)', '<p>unterminated </p>'],
    ['<h3 style="x:expression(alert(1))">t</h3>', '<h3>t</h3>'],
  ];
  it.each(vectors)('%s', (input, expected) => {
    const out = sanitizeHtml(input);
    expect(out).toBe(expected);
    expect(out).not.toMatch(/<(?!\/?(p|br|strong|b|em|i|ul|ol|li|a|h3)\b)[a-z]/i);
    expect(out).not.toMatch(/\son\w+=|javascript:|style=/i);
  });

  it('tolerates non-strings and empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(undefined as unknown as string)).toBe('');
  });
});

describe('safeHref and decodeEntities', () => {
  it('allows http(s) with a host and relative paths only', () => {
    expect(safeHref('http://agro.ru')).toBe('http://agro.ru');
    expect(safeHref('HTTPS://agro.ru/x')).toBe('HTTPS://agro.ru/x');
    expect(safeHref('profile/bookmarks')).toBe('profile/bookmarks');
    expect(safeHref('../x?y#z')).toBe('../x?y#z');
    expect(safeHref('?page=2')).toBe('?page=2');
    for (const bad of ['mailto:a@b.ru', 'tel:123', 'ftp://x', 'javascript:x', '\u0001javascript:x', 'a:b/c', '', '  ', undefined]) {
      expect(safeHref(bad), String(bad)).toBeNull();
    }
  });

  it('decodes numeric and common named references', () => {
    expect(decodeEntities('&#106;&#x61;&colon;&amp;&unknown;')).toBe('ja:&&unknown;');
  });
});

describe('classifyNotification (spec §4)', () => {
  it('sends hints to the toast, modals to the dialog and anything else to the console', () => {
    expect(classifyNotification({ id: 1, view_type: 'hint', data: { title: 'T', content: 'C' } })).toEqual({ kind: 'hint', hint: { id: 1, title: 'T', content: 'C' } });
    expect(classifyNotification({ id: 2, view_type: 'modal', html: '<p>x</p>' })).toEqual({ kind: 'modal', id: 2, html: '<p>x</p>' });
    expect(classifyNotification({ id: 3, view_type: 'banner', html: 'x' })).toEqual({ kind: 'unknown' });
    expect(classifyNotification({ id: 4, view_type: 'hint' })).toEqual({ kind: 'unknown' });
  });
});

const hint = (id: number, title = `T${id}`, content = `C${id}`): Hint => ({ id, title, content });

describe('hint queue state', () => {
  it('shows the first hint, queues the next, ignores duplicates of shown or queued hints', () => {
    let s: HintQueueState = EMPTY_HINT_QUEUE;
    let r = enqueueHint(s, hint(1));
    expect(r.accepted).toBe(true);
    s = r.state;
    expect(s.current?.id).toBe(1);
    s = enqueueHint(s, hint(2)).state;
    expect(s.waiting.map((h) => h.id)).toEqual([2]);
    r = enqueueHint(s, hint(3, 'T1', 'C1'));
    expect(r.accepted).toBe(false);
    expect(r.state).toBe(s);
    r = enqueueHint(s, hint(4, ' T2 ', 'C2'));
    expect(r.accepted).toBe(false);
    s = dismissHint(s);
    expect(s.current?.id).toBe(2);
    s = dismissHint(s);
    expect(s.current).toBeNull();
    expect(enqueueHint(s, hint(5, 'T1', 'C1')).accepted).toBe(false);
    expect(enqueueHint(s, hint(6, 'T1', 'другое')).accepted).toBe(true);
  });
});

describe('createHintQueue (fake timers)', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('shows one toast at a time for 10 s each, in order, and reports each shown hint once', () => {
    const shown: number[] = [];
    const states: HintQueueState[] = [];
    const q = createHintQueue({ onChange: (s) => states.push(s), onShow: (h) => shown.push(h.id) });
    expect(q.push(hint(1))).toBe(true);
    expect(q.push(hint(2))).toBe(true);
    expect(q.push(hint(3, 'T1', 'C1'))).toBe(false);
    expect(q.state().current?.id).toBe(1);
    expect(shown).toEqual([1]);

    vi.advanceTimersByTime(HINT_TOAST_MS - 1);
    expect(q.state().current?.id).toBe(1);
    vi.advanceTimersByTime(1);
    expect(q.state().current?.id).toBe(2);
    expect(shown).toEqual([1, 2]);

    vi.advanceTimersByTime(HINT_TOAST_MS);
    expect(q.state().current).toBeNull();
    expect(states.at(-1)?.current).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('× closes the toast early and the next one gets its full 10 s', () => {
    const q = createHintQueue({ onChange: () => {} });
    q.push(hint(1));
    q.push(hint(2));
    vi.advanceTimersByTime(4000);
    q.dismiss();
    expect(q.state().current?.id).toBe(2);
    vi.advanceTimersByTime(HINT_TOAST_MS - 1);
    expect(q.state().current?.id).toBe(2);
    vi.advanceTimersByTime(1);
    expect(q.state().current).toBeNull();
  });

  it('dispose stops the timer', () => {
    const q = createHintQueue({ onChange: () => {} });
    q.push(hint(1));
    q.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
