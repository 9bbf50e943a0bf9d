import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Dialog, DIALOG_DEFAULTS, PERSISTENT_FLASH_MS } from './Dialog.tsx';

// No DOM package (happy-dom/jsdom) is installed, so this file stays in node and checks only
// what needs no browser; open/close, focus and Escape behaviour are covered by Playwright.
describe('Dialog', () => {
  it('has the spec defaults: 600px wide, at most 90% wide and 90% high', () => {
    expect(DIALOG_DEFAULTS).toEqual({ width: '600px', maxWidth: '90%', maxHeight: '90%' });
  });

  it('a persistent dialog flashes for 300 ms', () => {
    expect(PERSISTENT_FLASH_MS).toBe(300);
  });

  it('renders nothing on the server, even when open, so hydration cannot mismatch', () => {
    const html = renderToString(
      <main>
        <Dialog open onClose={() => {}} title="Вход">
          содержимое
        </Dialog>
      </main>,
    );
    expect(html).toBe('<main></main>');
  });
});
