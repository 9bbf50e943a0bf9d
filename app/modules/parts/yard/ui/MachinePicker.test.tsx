import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PickerMachine } from '../yard.schema.ts';
import { MachinePicker } from './MachinePicker.tsx';

const render = (node: React.ReactNode, at = '/zapchasti/mtz/belarus-80?drawings[]=5') => {
  const router = createMemoryRouter([{ path: '*', element: node }], { initialEntries: [at] });
  return renderToString(<RouterProvider router={router} />).replaceAll('<!-- -->', '');
};

const machines: PickerMachine[] = [
  { id: 3, title: 'Синий', modelName: 'Беларус 82.1', serial: '20230415', lineId: 7, partsLink: '/zapchasti/mtz/belarus-80?serial=20230415&models[]=belarus-82-1' },
  { id: 2, title: 'К-744Р3', modelName: 'К-744Р3', serial: 'K-1', lineId: 9, partsLink: '/zapchasti/ptz/k-7?serial=K-1&models[]=k-744r3' },
];

describe('MachinePicker', () => {
  it('offers a guest sign-in that comes back to this page', () => {
    const html = render(<MachinePicker machines={null} lineId={7} />);
    expect(html).toContain('href="/login?redirect=%2Fzapchasti%2Fmtz%2Fbelarus-80%3Fdrawings%5B%5D%3D5"');
    expect(html).toContain('Войти');
  });

  it('sends a user without machines to Моя техника', () => {
    expect(render(<MachinePicker machines={[]} />)).toContain('href="/profile/machines"');
  });

  it('lists the current line\'s machines first, each linking to its parts filtered by serial, the chosen one marked', () => {
    const html = render(<MachinePicker machines={[...machines].reverse()} lineId={7} currentSerial="20230415" />);
    expect(html).toContain('<summary');
    expect(html).toContain('Выбрать мою технику');
    expect(html.indexOf('Для этого модельного ряда')).toBeLessThan(html.indexOf('Синий'));
    expect(html.indexOf('Синий')).toBeLessThan(html.indexOf('Другая техника'));
    expect(html.indexOf('Другая техника')).toBeLessThan(html.indexOf('K-1'));
    expect(html).toContain('aria-current="true" href="/zapchasti/mtz/belarus-80?serial=20230415&amp;models[]=belarus-82-1"');
    expect(html).toContain('Беларус 82.1 · № 20230415');
    expect(html.match(/aria-current/g)).toHaveLength(1);
  });

  it('without a line lists every machine in one group', () => {
    const html = render(<MachinePicker machines={machines} />);
    expect(html).not.toContain('Для этого модельного ряда');
    expect(html).not.toContain('Другая техника');
    expect(html).not.toContain('aria-current');
  });
});
