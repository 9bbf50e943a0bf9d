import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** The page as the server renders it (before hydration, or without scripts), inside a data router as the site runs. */
function render(element: React.ReactNode, at = '/admin/orders/АГ-2026-000001'): string {
  const router = createMemoryRouter([{ path: '*', element, action: () => null }], { initialEntries: [at] });
  return renderToString(<RouterProvider router={router} />);
}

const FIELDS = { _csrf: 'token', intent: 'status', from: 'new', to: 'cancelled' };

describe('ConfirmDialog', () => {
  it('before hydration: the trigger unfolds the question in place, so nothing is done without it', () => {
    const markup = render(
      <ConfirmDialog trigger="Отменить заказ" title="Отменить заказ?" message="Покупатель получит сообщение." confirmLabel="Да, отменить" fields={FIELDS}>
        <label>Причина отмены<input name="reason" required /></label>
      </ConfirmDialog>,
    );
    expect(markup).toMatch(/<details[^>]*><summary[^>]*>Отменить заказ<\/summary>/);
    // Posted to the page's own action.
    expect(markup).toMatch(/<form[^>]*action="\/admin\/orders\/АГ-2026-000001" method="post">/);
    for (const [name, value] of Object.entries(FIELDS)) expect(markup).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
    expect(markup).toContain('Покупатель получит сообщение.');
    expect(markup).toContain('<input required="" name="reason"/>');
    expect(markup).toMatch(/<button type="submit"[^>]*>Да, отменить<\/button>/);
    // The dialog is drawn only once hydrated (a portal needs the document).
    expect(markup).not.toContain('role="dialog"');
  });

  it('posts every value of a list field (the roles kept)', () => {
    const markup = render(<ConfirmDialog openFor={{}} title="Снять роль?" confirmLabel="Снять" fields={{ roles: ['employee', 'content_editor'], confirmed: '1' }} />);
    expect(markup).toContain('<input type="hidden" name="roles" value="employee"/>');
    expect(markup).toContain('<input type="hidden" name="roles" value="content_editor"/>');
  });

  it('asked by the server: open at once, in place, with a way back to the page as it was', () => {
    const markup = render(<ConfirmDialog openFor={{ confirm: true }} title="Снять роль?" confirmLabel="Снять и сохранить" fields={{ confirmed: '1' }} />, '/admin/users/7');
    expect(markup).toMatch(/<section[^>]*aria-labelledby="[^"]+"><h2 id="[^"]+"[^>]*>Снять роль\?<\/h2>/);
    expect(markup).toMatch(/<a class="btn btn-secondary" href="\/admin\/users\/7">Отмена<\/a>/);
  });

  it('shows nothing when neither a trigger nor the server asks', () => {
    expect(render(<ConfirmDialog title="Снять роль?" confirmLabel="Снять" fields={{}} />)).not.toContain('Снять роль?');
  });
});
