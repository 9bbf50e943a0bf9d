// Module boundaries of docs/architecture.md, as a lint rule:
// - a module's tables are private: `*.queries.server.ts` is imported only from inside its module;
// - another module is reached through its public files: `x.server.ts`, `x.schema.ts`, `x.rules.ts`,
//   `x.constants.ts`, its `ui/` components, and `x.api.server.ts` (only from server/), also inside
//   one level of sub-areas (`catalog/listing/…`, `catalog/model/ui/…`);
// - seed data (`data/`) is read only by the database seed, and a module's `x.seed.server.ts` only
//   by `app/.server/db/seed.ts`;
// - browser code (components, ui, routes' components) never imports `.server` files: React Router
//   strips them from route modules, but components would ship them to the browser.
import path from 'node:path';

const MODULE_IMPORT = /^#app\/modules\/([^/]+)\/(.+)$/;

function moduleOf(filename) {
  const match = filename.split(path.sep).join('/').match(/\/app\/modules\/([^/]+)\//);
  return match ? match[1] : null;
}

const rule = {
  meta: { type: 'problem', schema: [], messages: { boundary: '{{why}}' } },
  create(context) {
    const filename = context.filename.split(path.sep).join('/');
    const own = moduleOf(filename);
    const isBrowserCode = /\/app\/(components|layout|modules\/[^/]+\/([a-z-]+\/)?ui)\//.test(filename);
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string') return;
        const report = (why) => context.report({ node, messageId: 'boundary', data: { why } });
        if (isBrowserCode && /\.server(\.[jt]sx?)?$|\/\.server\//.test(source) && node.importKind !== 'type') {
          report(`Browser code must not import server code (${source}).`);
        }
        if (source.startsWith('.') && own) {
          const target = moduleOf(path.resolve(path.dirname(filename), source));
          if (target && target !== own) report(`Reach module "${target}" through #app/modules/${target}/… public files, not a relative path.`);
          return;
        }
        const match = source.match(MODULE_IMPORT);
        if (!match || match[1] === own) return;
        const [, target, rest] = match;
        if (rest.startsWith('data/')) {
          // The benchmark grows the demo catalogue and types its names into the search: it may read them too.
          if (!filename.endsWith('/app/.server/db/seed.ts') && !filename.includes('/bench/')) report(`Seed data of module "${target}" is read only by the seed.`);
          return;
        }
        // A module's demo seed (`x.seed.server.ts`) writes its own tables; only the seed runs it.
        if (/^[a-z-]+\.seed\.server\.ts$/.test(rest)) {
          if (!filename.endsWith('/app/.server/db/seed.ts')) report(`The demo seed of module "${target}" is run only by the seed.`);
          return;
        }
        if (rest.endsWith('.queries.server.ts')) return report(`Module "${target}" owns its queries; call its ${target}.server.ts instead.`);
        if (rest.endsWith('.api.server.ts') && !filename.includes('/server/')) return report('API routers are mounted only by server/app.ts.');
        // Provider adapters (SMS, e-mail, captcha, OAuth clients) are wired by the server's services,
        // never by pages or components; the OAuth messages are shared with the login page.
        if (rest === 'oauth/oauth.constants.ts') return;
        if (rest.startsWith('providers/') || rest.startsWith('oauth/')) {
          if (!/\/app\/\.server\/|\/server\//.test(filename)) report(`Providers of module "${target}" are wired only in app/.server and server/.`);
          return;
        }
        const allowed = /^([a-z-]+\/)?[a-z-]+\.(server|schema|rules|constants|api\.server)\.tsx?$|^([a-z-]+\/)?ui\/|^session\.server\.ts$/;
        if (!allowed.test(rest)) report(`Import module "${target}" through its public files, not ${rest}.`);
      },
    };
  },
};

export default { rules: { 'module-boundaries': rule } };
