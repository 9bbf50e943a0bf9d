import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Toast } from './Toast.tsx';

describe('Toast', () => {
  it('puts the message, and only the message, in a polite live region, with a close button beside it', () => {
    const markup = renderToString(<Toast message="Статус изменён" />);
    expect(markup).toMatch(/<p[^>]*role="status" aria-live="polite" aria-atomic="true"[^>]*>Статус изменён<\/p>/);
    expect(markup).toMatch(/<\/p><button type="button"[^>]*aria-label="Закрыть уведомление"/);
    expect(markup).toContain('data-testid="toast"');
  });

  it('keeps its live region in the page, empty, while there is nothing to say, so the next message is read out', () => {
    for (const message of [null, undefined, '']) {
      const markup = renderToString(<Toast message={message} />);
      expect(markup).toMatch(/<p[^>]*role="status"[^>]*><\/p>/);
      expect(markup).not.toContain('<button');
      expect(markup).not.toContain('data-testid="toast"');
    }
  });

  it('escapes what it is given', () => {
    expect(renderToString(<Toast message={'<img src=x onerror=alert(1)>'} />)).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
