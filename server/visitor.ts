import type { RequestContext } from '#app/.server/context.ts';
import { NOBODY, type VisitorSnapshot } from '#app/components/page/root-data.ts';
import { viewerOf } from '#app/modules/auth/users.server.ts';
import { cartCount } from '#app/modules/cart/cart.server.ts';
import { marksState } from '#app/modules/catalog/marks/marks.server.ts';

/**
 * The signed-in visitor's own part of a document: his name, counters and marks, read with his
 * session (session facts: no statement of their own). A guest's is `NOBODY`: his marks come from
 * their endpoint and his cart's size from its cookie once the page is hydrated.
 */
export async function visitorSnapshot(ctx: RequestContext): Promise<VisitorSnapshot> {
  if (ctx.session?.userId == null) return NOBODY;
  const [viewer, marks, cart] = await Promise.all([viewerOf(ctx), marksState(ctx), cartCount(ctx)]);
  if (viewer.isGuest) return NOBODY;
  return {
    userId: viewer.id,
    userName: viewer.userName,
    counters: { cart, compare: marks.compare.length, bookmarks: marks.bookmarks.length + marks.partBookmarks.length },
    marks,
  };
}

/** The snapshot as a script element's text: JSON in which nothing can end the element. */
export async function visitorJson(ctx: RequestContext): Promise<string> {
  return JSON.stringify(await visitorSnapshot(ctx)).replaceAll('<', '\\u003c');
}
