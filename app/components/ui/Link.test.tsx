import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Link as RouterLink, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isOwnPath, isPlainClick, Link, LinkNavigation } from './Link.tsx';

/** Renders `element` as the page of a data router (what the site runs), on the server. */
function render(element: React.ReactNode): string {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/catalog'] });
  return renderToString(<RouterProvider router={router} />);
}

describe('Link', () => {
  it("renders the markup React Router's Link renders, so either hydrates the other's page", () => {
    const ours = render(<LinkNavigation><Link to="/catalog/traktory?page=2" className="card" aria-label="Тракторы">Тракторы</Link></LinkNavigation>);
    const theirs = render(<RouterLink to="/catalog/traktory?page=2" className="card" aria-label="Тракторы">Тракторы</RouterLink>);
    expect(ours).toBe(theirs);
    expect(ours).toContain('href="/catalog/traktory?page=2"');
    expect(ours).toContain('data-discover="true"');
  });

  it('leaves another site alone: no route discovery for it', () => {
    const html = render(<Link to="//example.org/x">внешняя</Link>);
    expect(html).not.toContain('data-discover');
    expect(isOwnPath('/zapchasti')).toBe(true);
    expect(isOwnPath('//example.org/x')).toBe(false);
    expect(isOwnPath('https://example.org/')).toBe(false);
  });

  it('navigates in the page only on a plain left click that opens in this tab', () => {
    const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };
    expect(isPlainClick(click)).toBe(true);
    expect(isPlainClick(click, '_self')).toBe(true);
    expect(isPlainClick(click, '_blank')).toBe(false);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    expect(isPlainClick({ ...click, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...click, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...click, shiftKey: true })).toBe(false);
  });
});
