/** A printed document's download asks again after this many seconds (the page's refresh and Retry-After). */
export const DOCUMENT_RETRY_AFTER_S = 3;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What a document's download answers while its job still prints it (ADR 080): a small page of its
 * own (no shell, no scripts, no referrer) that asks for the document again every few seconds; once
 * it is ready the PDF arrives as a download. The colours are the shop's tokens, written out: the
 * page loads no stylesheet. The texts are plain; links are paths of the shop.
 */
export function preparingPage(page: { title: string; text: string; again: string; back: { path: string; label: string } }): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="${DOCUMENT_RETRY_AFTER_S}">
<title>${escapeHtml(page.title)}</title>
<style>
body{margin:0;padding:48px 16px;background:#f5f7f6;color:#1c2320;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
main{max-width:520px;margin:0 auto;padding:24px;background:#fff;border:1px solid #dbe1dd;border-radius:8px}
h1{margin:0 0 8px;font-size:22px;line-height:1.3}
p{margin:0 0 12px}
a{color:#1d5a34;white-space:nowrap}
a:hover{color:#164a2a}
a:focus-visible{outline:2px solid #1d5a34;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.text)}</p>
<p><a href="${escapeHtml(page.again)}">Обновить сейчас</a> · <a href="${escapeHtml(page.back.path)}">${escapeHtml(page.back.label)}</a></p>
</main>
</body>
</html>
`;
}
