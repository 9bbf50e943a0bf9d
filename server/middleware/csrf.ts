import type { MiddlewareHandler } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { errorResponse } from '#app/.server/http.ts';
import { safeEqual } from '#app/.server/security/tokens.ts';
import { CSRF_FAILED } from '#app/lib/api.ts';

export { CSRF_FAILED };
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every mutating request must echo the CSRF token (spec §7, §9): the X-CSRF-Token or X-XSRF-TOKEN
 * header from scripts, or a _csrf field from a plain HTML form. The token was checked against its
 * signature when the context was built, so here it only has to match.
 */
export function csrfProtection(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const expected = c.get('ctx').csrfToken;
    let sent = c.req.header('x-csrf-token') ?? c.req.header('x-xsrf-token');
    const type = c.req.header('content-type') ?? '';
    if (!sent && /^multipart\/form-data/i.test(type)) {
      // An upload is never parsed whole here (its files may be large): the _csrf field must be the
      // form's first part, read from the head of the stream, which is then handed on intact.
      const peeked = await peekFirstMultipartField(c.req.raw, type);
      c.req.raw = peeked.request;
      sent = peeked.name === '_csrf' ? peeked.value : undefined;
    } else if (!sent && type.includes('form')) {
      // Read a clone: the original body still goes to the route's action. The body limit, which
      // runs first, bounds what this reads.
      const form = await c.req.raw.clone().formData().catch(() => null);
      const field = form?.get('_csrf');
      sent = typeof field === 'string' ? field : undefined;
    }
    if (!sent || !safeEqual(sent, expected)) return errorResponse(c, 403, CSRF_FAILED);
    return next();
  };
}

/** The first part must fit in this many bytes: a CSRF token and its part headers are far smaller. */
const PEEK_LIMIT = 8 * 1024;

/**
 * Reads the head of a multipart body until its first part is complete (or PEEK_LIMIT bytes), and
 * returns that part's field name and value (text fields only) together with a request whose body
 * replays the head and then streams the rest.
 */
export async function peekFirstMultipartField(request: Request, contentType: string): Promise<{ request: Request; name?: string; value?: string }> {
  const boundary = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const body = request.body;
  if (!boundary || !body) return { request };
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  let text = '';
  let field: { name?: string; value?: string } = {};
  let finished = false;
  try {
    while (size < PEEK_LIMIT) {
      const { done, value } = await reader.read();
      if (done) { finished = true; break; }
      head.push(value);
      size += value.byteLength;
      // latin1 keeps one character per byte; the token and the part headers are ASCII.
      text += Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('latin1');
      const parsed = firstPart(text, delimiter);
      if (parsed) { field = parsed; break; }
    }
  } catch {
    // A failing stream (over the body limit, a dropped client) carries no token; the rest reports it.
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      if (finished) controller.close();
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  return { request: new Request(request, { body: rest, duplex: 'half' } as RequestInit), ...field };
}

function firstPart(text: string, delimiter: string): { name?: string; value?: string } | null {
  const start = text.indexOf(`${delimiter}\r\n`);
  if (start === -1) return null;
  const headersEnd = text.indexOf('\r\n\r\n', start);
  if (headersEnd === -1) return null;
  const end = text.indexOf(`\r\n${delimiter}`, headersEnd + 4);
  if (end === -1) return null;
  const headers = text.slice(start + delimiter.length + 2, headersEnd);
  const disposition = /^content-disposition:\s*form-data;(.*)$/im.exec(headers)?.[1] ?? '';
  // A file part is never a token.
  if (/\bfilename\*?=/i.test(disposition)) return {};
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  return { name, value: text.slice(headersEnd + 4, end) };
}
