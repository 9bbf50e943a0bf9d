import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import plugin from './eslint-module-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });

tester.run('module-boundaries', plugin.rules['module-boundaries'], {
  valid: [
    { filename: '/p/app/modules/content/content.server.ts', code: "import { currentLocation } from '#app/modules/regions/regions.server.ts';" },
    { filename: '/p/app/modules/regions/regions.server.ts', code: "import { selectAreas } from '#app/modules/regions/regions.queries.server.ts';" },
    { filename: '/p/app/routes/home.tsx', code: "import { getPage } from '#app/modules/content/content.server.ts';" },
    { filename: '/p/server/app.ts', code: "import { regionsApi } from '#app/modules/regions/regions.api.server.ts';" },
    { filename: '/p/app/.server/db/seed.ts', code: "import { REGIONS } from '#app/modules/regions/data/regions.ts';" },
    { filename: '/p/bench/search-queries.ts', code: "import { MANUFACTURERS } from '#app/modules/catalog/data/manufacturers.ts';" },
    { filename: '/p/app/layout/X.tsx', code: "import type { DB } from '#app/.server/db/connect.ts';" },
    { filename: '/p/app/modules/catalog/data/categories.ts', code: "import type { X } from './types.ts';" },
    { filename: '/p/app/.server/context.ts', code: "import type { AuthProviders } from '#app/modules/auth/providers/providers.ts';" },
  ],
  invalid: [
    { filename: '/p/app/modules/content/content.server.ts', code: "import { selectAreas } from '#app/modules/regions/regions.queries.server.ts';", errors: 1 },
    { filename: '/p/app/routes/home.tsx', code: "import { regionsApi } from '#app/modules/regions/regions.api.server.ts';", errors: 1 },
    { filename: '/p/app/routes/home.tsx', code: "import { REGIONS } from '#app/modules/regions/data/regions.ts';", errors: 1 },
    { filename: '/p/app/layout/X.tsx', code: "import { currentLocation } from '#app/modules/regions/regions.server.ts';", errors: 1 },
    { filename: '/p/app/modules/content/content.server.ts', code: "import { x } from '#app/modules/regions/internal/helper.ts';", errors: 1 },
    { filename: '/p/app/modules/catalog/data/categories.ts', code: "import type { X } from '../../regions/data/types.ts';", errors: 1 },
    { filename: '/p/app/routes/home.tsx', code: "import { sandboxSms } from '#app/modules/auth/providers/sandbox.ts';", errors: 1 },
  ],
});
