// Which module may import which: the one table of docs/architecture.md ("Allowed dependencies"),
// enforced by the lint (scripts/eslint-module-boundaries.js). A test holds the document's table to
// this one and this one to having no cycle (scripts/module-dependencies.test.ts).
//
// A new edge is added here and in the document first. A module that needs an answer from a module
// above it asks through a port the composition root wires (server/ports.ts), or the page that
// shows both composes them (a route, app/layout, app/root.tsx).

/** @type {Readonly<Record<string, readonly string[]>>} */
export const MODULE_DEPENDENCIES = {
  regions: [],
  auth: [],
  financing: [],
  catalog: ['regions'],
  parts: ['regions', 'catalog'],
  cart: ['regions', 'parts'],
  delivery: ['regions', 'parts'],
  orders: ['regions', 'auth', 'questionnaires'],
  leads: ['regions', 'auth', 'catalog', 'financing'],
  content: ['regions', 'parts'],
  search: ['catalog', 'content', 'parts'],
  offers: ['regions', 'auth', 'catalog', 'parts', 'delivery', 'orders', 'financing', 'questionnaires'],
  suppliers: ['regions', 'auth', 'parts'],
  blog: ['regions', 'catalog', 'parts'],
  vacancies: ['regions', 'auth'],
  questionnaires: [],
  transport: ['auth', 'catalog'],
};
