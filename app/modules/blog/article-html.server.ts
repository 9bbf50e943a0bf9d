import sanitizeHtml from 'sanitize-html';

/**
 * What an article's text may hold (ADR 089): the page bodies' prose (ADR 081: headings from h2,
 * paragraphs, lists, tables, links, emphasis, quotes) and pictures of this site — uploaded images
 * (`/media/images/…`) and the site's own (`/images/…`), in a `<figure>` with its caption. An
 * editor's HTML is cleaned to that when it is saved; a picture from another host, a script, a
 * handler, a style or a frame never reaches a visitor, the feed or another employee.
 */
const LOCAL_PICTURE = /^\/(?:media\/images|images)\/[A-Za-z0-9/_.-]+$/;

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'a', 'strong', 'b', 'em', 'i', 'br', 'blockquote',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption', 'img'],
  allowedAttributes: {
    a: ['href', 'title'], th: ['colspan', 'rowspan', 'scope'], td: ['colspan', 'rowspan'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  transformTags: {
    // Pictures in the text load as they scroll into view and never block the page.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
  // A picture of another host (or none) is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !LOCAL_PICTURE.test(frame.attribs.src ?? ''),
};

/** The same markup written out without removing anything, to tell whether cleaning removed something. */
const KEEP_ALL: sanitizeHtml.IOptions = {
  allowedTags: false, allowedAttributes: false, allowVulnerableTags: true, allowedSchemes: ['http', 'https', 'mailto', 'tel', 'javascript', 'data'],
  transformTags: ALLOWED.transformTags,
};

export interface CleanHtml { html: string; removed: boolean }

export function cleanArticleHtml(input: string): CleanHtml {
  const html = sanitizeHtml(input, ALLOWED).trim();
  const removed = html !== sanitizeHtml(input, KEEP_ALL).trim();
  return { html, removed };
}
