import type { AppServices } from '#app/.server/context.ts';
import { machineryMenu } from '#app/modules/catalog/catalog.server.ts';
import { catalogSitemapPaths } from '#app/modules/catalog/sitemap.server.ts';
import type { MachineryCategory } from '#app/modules/catalog/catalog.schema.ts';
import { listPageSlugs } from '#app/modules/content/content.server.ts';
import { partsSitemapPaths } from '#app/modules/parts/pages/pages.server.ts';

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /cart',
    'Disallow: /profile',
    'Disallow: /kp/',
    'Disallow: /offer/',
    'Disallow: /suppliers',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function sitemapXml(services: AppServices): Promise<string> {
  const origin = services.config.PUBLIC_ORIGIN;
  const [slugs, menu, catalog, parts] = await Promise.all([listPageSlugs(services), machineryMenu(services), catalogSitemapPaths(services), partsSitemapPaths(services)]);
  const flatten = (nodes: MachineryCategory[]): string[] => nodes.flatMap((n) => [n.link, ...flatten(n.cats)]);
  // Every category, model line and model (issue 8): the menu's tree, then lines and models; the parts sections (ADR 033).
  const paths = ['/', '/catalog', '/zapchasti', '/contacts', ...slugs.filter((s) => s !== 'home' && s !== 'contacts').map((s) => `/${s}`), ...flatten(menu), ...catalog, ...parts];
  const urls = [...new Set(paths)].map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);
}
