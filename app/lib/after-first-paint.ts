/**
 * JavaScript source for an inline script: runs `task` (a function expression, as source) once the
 * page's first contentful paint has reached the screen, in a task of its own. What a page needs
 * only after its text shows (its scripts, its web fonts) starts there, so on a slow phone link the
 * document and the styles have the line to themselves until the text is painted
 * (docs/decisions/019-hydration-after-first-paint.md, 026-web-fonts-after-first-paint.md).
 *
 * - A `paint` performance entry is reported once the frame has been presented. The next animation
 *   frame is not enough: its callbacks run before the frame reaches the screen, and on a busy phone
 *   the work started there was fetched and run before the text showed.
 * - Browsers without paint entries use the next animation frame.
 * - A tab loaded in the background paints nothing: the task runs after 1 s there; a visible tab
 *   that reports no paint (a page without text) runs it after 5 s at the latest.
 */
export function afterFirstPaint(task: string): string {
  return `(function(f){var done=false,P=window.PerformanceObserver;function run(){if(!done){done=true;f()}}`
    + `function later(){setTimeout(run,0)}`
    + `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){var o=new P(function(l){`
    + `if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();later()}});o.observe({type:"paint",buffered:true})}`
    + `else requestAnimationFrame(later);setTimeout(run,document.visibilityState==="hidden"?1000:5000)})(${task})`;
}
