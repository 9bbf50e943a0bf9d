/**
 * Clicks that come before hydration (ADR 019 hydrates after the first paint, seconds later on a
 * slow phone) are kept and replayed once React has attached itself, instead of being lost: a
 * visitor who answers the region question or opens the catalogue menu at once gets what he asked
 * for a moment later. Only controls that do nothing useful without scripts are kept: buttons outside
 * forms, elements with role="button", and the submit buttons of forms with neither an `action` nor
 * a named field (submitted as HTML such a form only reloads the page, as 'В корзину' did). Links
 * and forms that work as plain HTML pass untouched, so they keep working if scripts never come.
 * Each control is replayed once however often it was clicked (a second click on a favourite would
 * undo the first), once its element is hydrated, and only if hydration kept it. While it waits, the
 * control carries `data-early-click` (a busy cursor in base.css).
 * See docs/decisions/047-clicks-before-hydration.md.
 */

/** The function the inline script leaves on window; the client calls it once hydrated. */
export const REPLAY_EARLY_CLICKS = '__replayEarlyClicks';
const MARK = 'data-early-click';
/**
 * How long a kept click waits for its control's own part of the page: the document is hydrated
 * first, a part behind lazy() (the part page, for one) once its code has come. React marks a
 * hydrated element with its `__reactProps$…` key (what the journeys' pageSettled reads too).
 */
const SUSPENDED_WAIT_MS = 10_000;

/** Source of the inline script in the head, before any content it may have to catch clicks on. */
export function earlyClicksScript(): string {
  return '(function(w,d,g,m){var q=[];'
    + 'function c(e){var t=e.target,b=t&&t.closest?t.closest("button,[role=button]"):null;'
    + 'if(!b||b.disabled||b.getAttribute("aria-disabled")==="true")return;'
    + 'if(b.type==="reset")return;var f=b.type==="submit"?b.form:null;'
    + 'if(f&&(f.hasAttribute("action")||b.hasAttribute("formaction")||f.querySelector("[name]")))return;'
    + 'e.preventDefault();e.stopImmediatePropagation();'
    + 'if(q.indexOf(b)<0){q.push(b);b.setAttribute(m,"")}}'
    + 'd.addEventListener("click",c,true);'
    + 'function h(b){return Object.keys(b).some(function(k){return k.indexOf("__reactProps")===0})}'
    + 'w[g]=function(){d.removeEventListener("click",c,true);w[g]=function(){};var l=q,s=Date.now();q=[];'
    + '(function r(){l=l.filter(function(b){if(!b.isConnected)return false;if(!h(b))return true;'
    + 'b.removeAttribute(m);if(!b.disabled)b.click();return false});'
    + `if(l.length&&Date.now()-s<${SUSPENDED_WAIT_MS})setTimeout(r,50);else l.forEach(function(b){b.removeAttribute(m)})})()}`
    + `})(window,document,${JSON.stringify(REPLAY_EARLY_CLICKS)},${JSON.stringify(MARK)})`;
}

/** Replays the clicks kept before hydration; call it once the page is hydrated. */
export function replayEarlyClicks(): void {
  const replay = (window as unknown as Record<string, (() => void) | undefined>)[REPLAY_EARLY_CLICKS];
  replay?.();
}
