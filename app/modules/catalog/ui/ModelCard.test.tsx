import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { modelCardFixture } from './model-card.fixture.ts';
import { ModelCard } from './ModelCard.tsx';

const model = modelCardFixture;

// PriceBlock reads the root data (useRouteLoaderData), which needs a data router.
const render = (node: React.ReactNode) => {
  const router = createMemoryRouter([{ path: '/', element: node }]);
  return renderToString(<RouterProvider router={router} />);
};

// Server-rendered HTML only (no DOM package): the hover tooltip and the modal are journeys' work.
describe('ModelCard', () => {
  it('keeps the image box (width, height), lazy unless eager, decoded off the main thread', () => {
    const lazy = render(<ModelCard model={model} guest />);
    expect(lazy).toMatch(/<img[^>]*width="640"[^>]*height="480"[^>]*loading="lazy"[^>]*decoding="async"/);
    expect(render(<ModelCard model={model} guest eager />)).toContain('loading="eager"');
  });

  it('links the name to the model page and shows the line, the maker and three key specifications in a tile', () => {
    const html = render(<ModelCard model={model} guest />);
    expect(html).toContain(`href="${model.link}"`);
    expect(html).toContain('Кировец К-735');
    expect(html).toContain('Петербургский тракторный завод · К-7');
    expect(html).toContain('Бак');
    expect(html).not.toContain('Колёса');
    expect(render(<ModelCard model={model} guest layout="list" />)).toContain('Колёса');
  });

  it('guests get the sign-in prompt and availability, never the price', () => {
    const html = render(<ModelCard model={model} guest />);
    expect(html).toContain('Войдите, чтобы увидеть цену');
    expect(html).toContain('В наличии');
    expect(html).not.toContain('17');
    expect(html).not.toContain('Суперцена');
  });

  it('signed-in visitors see the price, the old price, the sale badge, «Суперцена» and the quantity', () => {
    const html = render(<ModelCard model={model} guest={false} />);
    expect(html).toContain('17\u00a0000\u00a0000\u00a0руб.');
    expect(html).toContain('<del');
    expect(html).toContain('20\u00a0000\u00a0000\u00a0руб.');
    expect(html).toContain('−15\u00a0%');
    expect(html).toContain('Суперцена');
    expect(html).toContain('В наличии: 2 шт.');
    expect(html).not.toContain('Войдите');
  });

  it('without a price: «Цена по запросу»', () => {
    const html = render(<ModelCard model={{ ...model, offer: { ...model.offer!, price: null, oldPrice: null, superPrice: false } }} guest={false} />);
    expect(html).toContain('Цена по запросу');
  });

  it('renders the actions slot', () => {
    expect(render(<ModelCard model={model} guest actions={<button type="button">Сравнить</button>} />)).toContain('>Сравнить</button>');
  });
});
