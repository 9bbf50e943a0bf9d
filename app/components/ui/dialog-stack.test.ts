import { afterEach, describe, expect, it } from 'vitest';
import { isTopDialog, openDialogCount, pushDialog, removeDialog } from './dialog-stack.ts';

afterEach(() => {
  for (const id of ['a', 'b', 'c']) removeDialog(id);
});

describe('dialog stack (spec: Escape closes only the top-most dialog)', () => {
  it('the last opened dialog is on top', () => {
    pushDialog('a');
    pushDialog('b');
    expect(isTopDialog('b')).toBe(true);
    expect(isTopDialog('a')).toBe(false);
    expect(openDialogCount()).toBe(2);
  });

  it('Escape heard by both of two stacked dialogs closes only the top one', () => {
    // Mirrors Dialog: every open dialog has its own Escape listener guarded by isTopDialog.
    const closed: string[] = [];
    const listeners = ['a', 'b'].map((id) => {
      pushDialog(id);
      return () => {
        if (isTopDialog(id)) closed.push(id);
      };
    });
    for (const listener of listeners) listener(); // one Escape press reaches both listeners
    expect(closed).toEqual(['b']);

    removeDialog('b'); // b's cleanup after it closed
    for (const listener of listeners) listener(); // the next Escape press
    expect(closed).toEqual(['b', 'a']);
  });

  it('closing a dialog out of order keeps the real top on top', () => {
    pushDialog('a');
    pushDialog('b');
    pushDialog('c');
    removeDialog('b');
    expect(isTopDialog('c')).toBe(true);
    removeDialog('c');
    expect(isTopDialog('a')).toBe(true);
    expect(openDialogCount()).toBe(1);
  });

  it('pushing an open id again moves it to the top without duplicating it', () => {
    pushDialog('a');
    pushDialog('b');
    pushDialog('a');
    expect(isTopDialog('a')).toBe(true);
    expect(openDialogCount()).toBe(2);
  });

  it('removing an unknown id is a no-op; an empty stack has no top', () => {
    removeDialog('nope');
    expect(openDialogCount()).toBe(0);
    expect(isTopDialog('a')).toBe(false);
  });
});
