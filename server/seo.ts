import type { AppServices } from '#app/.server/context.ts';
import { machineryMenu } from '#app/modules/catalog/catalog.server.ts';
import { catalogSitemapPaths } from '#app/modules/catalog/sitemap.server.ts';
import type { MachineryCategory } from '#app/modules/catalog/catalog.schema.ts';
import { blogSitemapPaths } from '#app/modules/blog/blog.server.ts';
import { vacanciesSitemapPaths } from '#app/modules/vacancies/vacancies.server.ts';
import { listPageSlugs } from '#app/modules/content/content.server.ts';
import { partsSitemapPaths } from '#app/modules/parts/pages/pages.server.ts';
import { partSitemapFiles, partSitemapPaths } from '#app/modules/parts/sitemap.server.ts';

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

/**
 * `/sitemap.xml` is an index (sitemaps.org): the site's pages in one file, the part pages in files of
 * 50,000 addresses each (a million parts would not fit one file's limit).
 */
export async function sitemapIndexXml(services: AppServices): Promise<string> {
  const origin = services.config.PUBLIC_ORIGIN;
  const files = ['/sitemaps/pages.xml', ...(await partSitemapFiles(services)).map(partsSitemapPath)];
  const entries = files.map((f) => `  <sitemap><loc>${escapeXml(origin + f)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

export function partsSitemapPath(file: number): string {
  return `/sitemaps/parts-${file}.xml`;
}

/** The files the index names, by their name under `/sitemaps/`; null: no such file (404). */
export async function sitemapFileXml(services: AppServices, name: string): Promise<string | null> {
  if (name === 'pages.xml') return pagesSitemapXml(services);
  const m = /^parts-([1-9]\d{0,5})\.xml$/.exec(name);
  if (!m) return null;
  const paths = await partSitemapPaths(services, Number(m[1]));
  return paths.length ? urlset(services.config.PUBLIC_ORIGIN, paths) : null;
}

/** Every page but the parts' own: content, catalogue (categories, lines, models), the parts sections, the blog (ADR 089) and the vacancies (ADR 092). */
export async function pagesSitemapXml(services: AppServices): Promise<string> {
  const [slugs, menu, catalog, parts, blog, vacancies] = await Promise.all([
    listPageSlugs(services), machineryMenu(services), catalogSitemapPaths(services), partsSitemapPaths(services), blogSitemapPaths(services),
    vacanciesSitemapPaths(services),
  ]);
  const flatten = (nodes: MachineryCategory[]): string[] => nodes.flatMap((n) => [n.link, ...flatten(n.cats)]);
  // Every category, model line and model (issue 8): the menu's tree, then lines and models; the parts sections (ADR 033).
  const paths = ['/', '/catalog', '/zapchasti', '/contacts', ...slugs.filter((s) => s !== 'home' && s !== 'contacts').map((s) => `/${s}`), ...flatten(menu), ...catalog, ...parts, ...blog, ...vacancies];
  return urlset(services.config.PUBLIC_ORIGIN, [...new Set(paths)]);
}

function urlset(origin: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);
}
