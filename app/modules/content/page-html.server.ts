import sanitizeHtml from 'sanitize-html';

/**
 * What a page body may hold (ADR 081): the prose elements the shop's styles know (headings from h2,
 * paragraphs, lists, tables, links, emphasis) and the data placeholders `<div data-slot="…">`. An
 * editor's HTML is cleaned to that when it is saved, so a draft, its preview and the published page
 * are the same text, and nothing an editor pastes (a script, an inline handler, a style, an iframe)
 * can reach a visitor or another employee.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'a', 'strong', 'b', 'em', 'i', 'br', 'blockquote',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'div'],
  allowedAttributes: { a: ['href', 'title'], div: ['data-slot'], th: ['colspan', 'rowspan', 'scope'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // A removed element's text stays (a <span> or <font> around words); a script's or style's goes with it.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
};

/** The same markup written out without removing anything, to tell whether cleaning removed something. */
const KEEP_ALL: sanitizeHtml.IOptions = { allowedTags: false, allowedAttributes: false, allowVulnerableTags: true, allowedSchemes: ['http', 'https', 'mailto', 'tel', 'javascript', 'data'] };

export interface CleanHtml { html: string; removed: boolean }

export function cleanPageHtml(input: string): CleanHtml {
  const html = sanitizeHtml(input, ALLOWED).trim();
  const removed = html !== sanitizeHtml(input, KEEP_ALL).trim();
  return { html, removed };
}
