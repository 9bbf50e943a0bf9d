import { test as base, expect, type Page } from '@playwright/test';

/** Smolensk region: the guessed region of a new visitor (its branch is the head office). */
export const SMOLENSK_AREA_ID = 4067;

/**
 * Confirms the visitor's region through the API (as «Да» in the tooltip does), so the non-modal
 * region tooltip, covered by region.spec.ts, does not cover the header in the other journeys.
 */
export async function confirmRegion(page: Page, areaId = SMOLENSK_AREA_ID): Promise<void> {
  const tokenResponse = await page.request.get('/api/csrf-token');
  const { token } = (await tokenResponse.json()) as { token: string };
  const response = await page.request.post('/api/current-area/set-location', {
    headers: { 'X-CSRF-Token': token },
    data: { areaId },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** `page` with the region already confirmed. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await confirmRegion(page);
    await use(page);
  },
});

export { expect };
