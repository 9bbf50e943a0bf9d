/**
 * Clicks that come before hydration (ADR 019 hydrates after the first paint, seconds later on a
 * slow phone) are kept and replayed once React has attached itself, instead of being lost: a
 * visitor who answers the region question or opens the catalogue menu at once gets what he asked
 * for a moment later. Only controls that would do nothing without scripts are kept: buttons that
 * submit no form, and elements with role="button". Links and form submissions work as plain HTML
 * and pass untouched. Each control is replayed once however often it was clicked (a second click
 * on a favourite would undo the first), and only if hydration kept its element. While it waits,
 * the control carries `data-early-click` (a busy cursor in base.css).
 * See docs/decisions/047-clicks-before-hydration.md.
 */

/** The function the inline script leaves on window; the client calls it once hydrated. */
export const REPLAY_EARLY_CLICKS = '__replayEarlyClicks';
const MARK = 'data-early-click';

/** Source of the inline script in the head, before any content it may have to catch clicks on. */
export function earlyClicksScript(): string {
  return '(function(w,d,g,m){var q=[];'
    + 'function c(e){var t=e.target,b=t&&t.closest?t.closest("button,[role=button]"):null;'
    + 'if(!b||b.disabled||b.getAttribute("aria-disabled")==="true"||(b.type==="submit"&&b.form))return;'
    + 'e.preventDefault();e.stopImmediatePropagation();'
    + 'if(q.indexOf(b)<0){q.push(b);b.setAttribute(m,"")}}'
    + 'd.addEventListener("click",c,true);'
    + 'w[g]=function(){d.removeEventListener("click",c,true);w[g]=function(){};var l=q;q=[];'
    + 'l.forEach(function(b){b.removeAttribute(m);if(b.isConnected&&!b.disabled)b.click()})}'
    + `})(window,document,${JSON.stringify(REPLAY_EARLY_CLICKS)},${JSON.stringify(MARK)})`;
}

/** Replays the clicks kept before hydration; call it once the page is hydrated. */
export function replayEarlyClicks(): void {
  const replay = (window as unknown as Record<string, (() => void) | undefined>)[REPLAY_EARLY_CLICKS];
  replay?.();
}
