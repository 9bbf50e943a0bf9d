/*
 * Stack of open dialog ids, shared by every Dialog on the page.
 * Each dialog listens for Escape on the document, so when two are open both hear the key;
 * the stack lets only the top-most one act, and the one underneath stays open.
 * Plain module state on purpose: it only changes in effects (client side), never during render.
 */
const stack: string[] = [];

/** Put a dialog on top. Pushing an id that is already open moves it to the top. */
export function pushDialog(id: string): void {
  removeDialog(id);
  stack.push(id);
}

/** Forget a dialog wherever it is in the stack (dialogs may close out of order). */
export function removeDialog(id: string): void {
  const index = stack.lastIndexOf(id);
  if (index !== -1) stack.splice(index, 1);
}

export function isTopDialog(id: string): boolean {
  return stack.length > 0 && stack[stack.length - 1] === id;
}

export function openDialogCount(): number {
  return stack.length;
}
