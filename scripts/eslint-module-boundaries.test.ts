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
    // The layout composes modules; components may name a module's types.
    { filename: '/p/app/layout/SiteHeader.tsx', code: "import { useCartCount } from '#app/modules/cart/ui/use-cart.ts';" },
    { filename: '/p/app/components/page/root-data.ts', code: "import type { MenuEntry } from '#app/modules/catalog/catalog.schema.ts';" },
    { filename: '/p/app/modules/cart/ui/CartPage.tsx', code: "import { useLayoutUi } from '#app/components/page/layout-ui.tsx';" },
    // An allowed edge of the table, a type of it too; a test may set up with any module.
    { filename: '/p/app/modules/parts/line/line.server.ts', code: "import type { X } from '#app/modules/catalog/listing/listing.schema.ts';" },
    { filename: '/p/app/modules/catalog/marks/marks.server.test.ts', code: "import { bookmarkedParts } from '#app/modules/parts/part-summary.server.ts';" },
    { filename: '/p/app/modules/parts/pages/parts-pages.route.test.ts', code: "import * as fallback from '../../../routes/fallback.tsx';" },
  ],
  invalid: [
    { filename: '/p/app/modules/content/content.server.ts', code: "import { selectAreas } from '#app/modules/regions/regions.queries.server.ts';", errors: 1 },
    { filename: '/p/app/routes/home.tsx', code: "import { regionsApi } from '#app/modules/regions/regions.api.server.ts';", errors: 1 },
    { filename: '/p/app/routes/home.tsx', code: "import { REGIONS } from '#app/modules/regions/data/regions.ts';", errors: 1 },
    { filename: '/p/app/layout/X.tsx', code: "import { currentLocation } from '#app/modules/regions/regions.server.ts';", errors: 1 },
    { filename: '/p/app/modules/content/content.server.ts', code: "import { x } from '#app/modules/regions/internal/helper.ts';", errors: 1 },
    { filename: '/p/app/modules/catalog/data/categories.ts', code: "import type { X } from '../../regions/data/types.ts';", errors: 1 },
    { filename: '/p/app/routes/home.tsx', code: "import { sandboxSms } from '#app/modules/auth/providers/sandbox.ts';", errors: 1 },
    // Modules sit below the layout and the routes, components below the modules.
    { filename: '/p/app/modules/catalog/ui/PriceBlock.tsx', code: "import { SiteShell } from '#app/layout/SiteShell.tsx';", errors: 1 },
    { filename: '/p/app/modules/catalog/ui/PriceBlock.tsx', code: "const Shell = lazy(() => import('#app/layout/SiteShell.tsx'));", errors: 1 },
    { filename: '/p/app/components/ui/Dialog.tsx', code: "import { splitInTwoColumns } from '#app/modules/catalog/catalog.rules.ts';", errors: 1 },
    { filename: '/p/app/lib/money.ts', code: "import { NotFound } from '#app/layout/NotFound.tsx';", errors: 1 },
    { filename: '/p/app/layout/SiteShell.tsx', code: "import { loader } from '#app/routes/home.tsx';", errors: 1 },
    // An edge the table has not (the catalogue sits below the parts), as a type too.
    { filename: '/p/app/modules/catalog/marks/marks.server.ts', code: "import { partSummaries } from '#app/modules/parts/part-summary.server.ts';", errors: 1 },
    { filename: '/p/app/modules/catalog/marks/ui/BookmarksList.tsx', code: "import type { PartSummary } from '#app/modules/parts/part-summary.schema.ts';", errors: 1 },
    { filename: '/p/app/modules/parts/line/ui/PartRows.tsx', code: "export { AddToCartButton } from '#app/modules/cart/ui/AddToCartButton.tsx';", errors: 1 },
  ],
});
