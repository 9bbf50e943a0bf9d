import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipTemplate, renderGzip } from './gzip-splice.ts';

const NONCE = 'nonceplaceholder0000000';
const CSRF = 'csrfplaceholder000';

describe('gzip splicing', () => {
  it('produces a valid gzip body with each response’s own values', () => {
    const page = `<!doctype html><meta name="csrf-token" content="${CSRF}">${'<p>Тракторы и комбайны</p>'.repeat(500)}<script nonce="${NONCE}">x()</script><script nonce="${NONCE}">y()</script>`;
    const template = gzipTemplate(page, [NONCE, CSRF]);
    for (const [nonce, csrf] of [['abc123', 'tok.sig'], ['другой', 'x'.repeat(70_000)]]) {
      const body = renderGzip(template, { [NONCE]: nonce!, [CSRF]: csrf! });
      expect(gunzipSync(body).toString('utf8')).toBe(page.replaceAll(NONCE, nonce!).replaceAll(CSRF, csrf!));
    }
  });

  it('compresses the static part: the body is far smaller than the page', () => {
    const page = `${'<li class="item">Запасные части</li>'.repeat(2000)}${NONCE}`;
    const body = renderGzip(gzipTemplate(page, [NONCE]), { [NONCE]: 'n' });
    expect(body.length).toBeLessThan(Buffer.byteLength(page) / 20);
  });

  it('handles pages without placeholders, placeholders at the edges and empty values', () => {
    for (const page of ['', 'plain text', `${NONCE}middle${NONCE}`, NONCE]) {
      const template = gzipTemplate(page, [NONCE, CSRF]);
      expect(gunzipSync(renderGzip(template, { [NONCE]: '' })).toString()).toBe(page.replaceAll(NONCE, ''));
    }
  });
});
