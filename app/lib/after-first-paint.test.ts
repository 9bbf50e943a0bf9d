import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { afterFirstPaint } from './after-first-paint.ts';

/** A browser as far as the script sees one: paint entries, frames and timers are fired by the test. */
function fakeBrowser({ paintEntries = true, visibility = 'visible' } = {}) {
  const observers: { callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void; disconnected: boolean }[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const ran: string[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = paintEntries ? ['paint', 'largest-contentful-paint'] : ['navigation'];
    entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) { this.entry = { callback, disconnected: false }; observers.push(this.entry); }
    observe(options: { type: string; buffered: boolean }) { expect(options).toEqual({ type: 'paint', buffered: true }); }
    disconnect() { this.entry.disconnected = true; }
  }
  const context = {
    window: { PerformanceObserver },
    document: { visibilityState: visibility },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    ran,
  };
  runInNewContext(afterFirstPaint('function(){ran.push("task")}'), context);
  const paint = (name: string) => observers.filter((o) => !o.disconnected).forEach((o) => o.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }));
  /** Runs the timers queued so far whose delay is at most `upTo` ms. */
  const tick = (upTo = 0) => timers.splice(0).forEach((t) => (t.ms <= upTo ? t.fn() : timers.push(t)));
  return { ran, frames, timers, paint, tick };
}

describe('afterFirstPaint', () => {
  it('runs the task in a task of its own once the first contentful paint is reported, not at the next frame', () => {
    const b = fakeBrowser();
    expect(b.frames).toHaveLength(0);
    b.paint('first-paint');
    b.tick();
    expect(b.ran).toEqual([]);
    b.paint('first-contentful-paint');
    expect(b.ran).toEqual([]);
    b.tick();
    expect(b.ran).toEqual(['task']);
  });

  it('runs the task once, whatever comes later', () => {
    const b = fakeBrowser();
    b.paint('first-contentful-paint');
    b.tick(10_000);
    b.paint('first-contentful-paint');
    b.tick(10_000);
    expect(b.ran).toEqual(['task']);
  });

  it('uses the next frame where the browser reports no paint entries', () => {
    const b = fakeBrowser({ paintEntries: false });
    expect(b.frames).toHaveLength(1);
    b.frames[0]!();
    b.tick();
    expect(b.ran).toEqual(['task']);
  });

  it('gives a tab loaded in the background 1 s, a visible tab that reports no paint 5 s', () => {
    const hidden = fakeBrowser({ visibility: 'hidden' });
    hidden.tick(999);
    expect(hidden.ran).toEqual([]);
    hidden.tick(1000);
    expect(hidden.ran).toEqual(['task']);

    const visible = fakeBrowser();
    visible.tick(4999);
    expect(visible.ran).toEqual([]);
    visible.tick(5000);
    expect(visible.ran).toEqual(['task']);
  });
});
