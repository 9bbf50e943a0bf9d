import { z } from 'zod';

/*
 * Zod as every schema of the app uses it. Its object parsers compile themselves with `new Function`
 * after probing whether eval is allowed; under our Content-Security-Policy (no 'unsafe-eval') the
 * probe alone is reported as a violation in the browser. jitless skips both: parsing stays correct,
 * only marginally slower, and the page's console stays clean.
 */
z.config({ jitless: true });

export { z };
