// Module boundaries of docs/architecture.md, as a lint rule:
// - layers: `app/lib` and `app/components` sit below the modules (they may name a module's types,
//   nothing more), the modules below `app/layout` (the shell that composes them), and nothing below
//   the routes imports a route or the root;
// - which module may import which is the table of scripts/module-dependencies.js (tests may use
//   any module to set up their data, and a test drives the route that shows its module);
// - a module's tables are private: `*.queries.server.ts` is imported only from inside its module;
// - another module is reached through its public files: `x.server.ts`, `x.schema.ts`, `x.rules.ts`,
//   `x.constants.ts`, its `ui/` components, and `x.api.server.ts` (only from server/), also inside
//   one level of sub-areas (`catalog/listing/…`, `catalog/model/ui/…`);
// - seed data (`data/`) is read only by the database seed, and a module's `x.seed.server.ts` only
//   by `app/.server/db/seed.ts`;
// - browser code (components, the layout, modules' ui) never imports `.server` files: React Router
//   strips them from route modules, but components would ship them to the browser.
import path from 'node:path';
import { MODULE_DEPENDENCIES } from './module-dependencies.js';

const MODULE_IMPORT = /^#app\/modules\/([^/]+)\/(.+)$/;

const slashes = (file) => file.split(path.sep).join('/');

function moduleOf(filename) {
  const match = slashes(filename).match(/\/app\/modules\/([^/]+)\//);
  return match ? match[1] : null;
}

/** The layer of a file under app/: lib, components, modules, layout, routes (with root.tsx); null elsewhere. */
function layerOf(filename) {
  const match = slashes(filename).match(/\/app\/(lib|components|modules|layout|routes)\/|\/app\/(root)\.tsx$/);
  return match ? match[1] ?? 'routes' : null;
}

/** What each layer may import of the layers above it: nothing, or only types. */
const BELOW = {
  lib: { never: ['layout', 'routes'], typesOnly: ['components', 'modules'] },
  components: { never: ['layout', 'routes'], typesOnly: ['modules'] },
  modules: { never: ['layout', 'routes'], typesOnly: [] },
  layout: { never: ['routes'], typesOnly: [] },
};

const isTestCode = (filename) => /\.test\.tsx?$|fixture/.test(filename);

/** Where an import points, for `#app/…` and relative specifiers; null for packages. */
function targetOf(filename, source) {
  if (source.startsWith('#app/')) return `/app/${source.slice('#app/'.length)}`;
  if (source.startsWith('.')) return slashes(path.resolve(path.dirname(filename), source));
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], messages: { boundary: '{{why}}' } },
  create(context) {
    const filename = slashes(context.filename);
    const own = moduleOf(filename);
    const layer = layerOf(filename);
    const isBrowserCode = /\/app\/(components|layout|modules\/[^/]+\/([a-z-]+\/)?ui)\//.test(filename);
    const check = (node) => {
        const source = node.source?.value;
        if (typeof source !== 'string') return;
        const report = (why) => context.report({ node, messageId: 'boundary', data: { why } });
        const typeOnly = node.importKind === 'type' || node.exportKind === 'type';
        if (isBrowserCode && /\.server(\.[jt]sx?)?$|\/\.server\//.test(source) && !typeOnly) {
          report(`Browser code must not import server code (${source}).`);
        }
        const target = targetOf(filename, source);
        const targetLayer = target && layerOf(target);
        const rules = layer && BELOW[layer];
        if (rules && targetLayer && targetLayer !== layer && !isTestCode(filename)) {
          if (rules.never.includes(targetLayer)) return report(`app/${layer} sits below app/${targetLayer} and must not import it (${source}).`);
          if (rules.typesOnly.includes(targetLayer) && !typeOnly) return report(`app/${layer} sits below app/${targetLayer}: it may import its types only (${source}).`);
        }
        const targetModule = target && moduleOf(target);
        if (own && targetModule && targetModule !== own && !isTestCode(filename) && !MODULE_DEPENDENCIES[own]?.includes(targetModule)) {
          return report(`Module "${own}" may not import module "${targetModule}" (docs/architecture.md, Allowed dependencies: scripts/module-dependencies.js).`);
        }
        if (source.startsWith('.') && own) {
          if (targetModule && targetModule !== own) report(`Reach module "${targetModule}" through #app/modules/${targetModule}/… public files, not a relative path.`);
          return;
        }
        const match = source.match(MODULE_IMPORT);
        if (!match || match[1] === own) return;
        const [, module, rest] = match;
        if (rest.startsWith('data/')) {
          // The benchmark grows the demo catalogue and types its names into the search: it may read them too.
          if (!filename.endsWith('/app/.server/db/seed.ts') && !filename.includes('/bench/')) report(`Seed data of module "${module}" is read only by the seed.`);
          return;
        }
        // A module's demo seed (`x.seed.server.ts`) writes its own tables; only the seed runs it.
        if (/^[a-z-]+\.seed\.server\.ts$/.test(rest)) {
          if (!filename.endsWith('/app/.server/db/seed.ts')) report(`The demo seed of module "${module}" is run only by the seed.`);
          return;
        }
        if (rest.endsWith('.queries.server.ts')) return report(`Module "${module}" owns its queries; call its ${module}.server.ts instead.`);
        if (rest.endsWith('.api.server.ts') && !filename.includes('/server/')) return report('API routers are mounted only by server/app.ts.');
        // Provider adapters (SMS, e-mail, captcha, OAuth clients) are wired by the server's services,
        // never by pages or components; the OAuth messages are shared with the login page.
        if (rest === 'oauth/oauth.constants.ts') return;
        if (rest.startsWith('providers/') || rest.startsWith('oauth/')) {
          if (!/\/app\/\.server\/|\/server\//.test(filename)) report(`Providers of module "${module}" are wired only in app/.server and server/.`);
          return;
        }
        const allowed = /^([a-z-]+\/)?[a-z-]+\.(server|schema|rules|constants|api\.server)\.tsx?$|^([a-z-]+\/)?ui\/|^session\.server\.ts$/;
        if (!allowed.test(rest)) report(`Import module "${module}" through its public files, not ${rest}.`);
    };
    // Re-exports and lazy imports (`import('…')`) cross the same boundaries as imports.
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'module-boundaries': rule } };
