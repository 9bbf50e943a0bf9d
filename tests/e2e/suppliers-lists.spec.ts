import { xlsxOf } from '../../app/modules/suppliers/pricelist/pricelist.test-fixture.server.ts';
import { createAccount, signInAs, unique } from './accounts-helpers.ts';
import { expect, shot, test } from './fixtures.ts';

/*
 * A supplier's price list from the cabinet to the storefront (issue 32 §2–§7, ADR 096): uploaded as an
 * XLSX with a progress bar, processed by the job, held as the organisation's first list with its
 * columns and first rows shown; confirmed and published; the part page shows the offer
 * 'Под заказ, N дней', the processing log and the notice are there. At 1280 and 375 px: the cabinet's
 * lists have the back-office's phone layout.
 */

test('a supplier uploads an XLSX, checks its columns and first rows, publishes it; the part page shows the offer', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const id = unique(testInfo);
  const email = `lists-${id}@agrodetal.test`;
  await createAccount(page.request, email, 'secret1', 'Пётр Прайсов');
  await signInAs(page, email, 'supplier');

  await page.goto('/suppliers');
  await page.getByRole('navigation', { name: /Разделы/ }).getByRole('link', { name: 'Прайс-листы' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Прайс-листы' })).toBeVisible();
  await expect(page.getByText('Прайс-листов пока нет: загрузите первый формой выше.')).toBeVisible();
  await shot(page, testInfo, 'pricelists-empty');

  const workbook = xlsxOf({ sheets: [{ name: 'Прайс', rows: [
    ['Прайс-лист ООО «Агродеталь» на сегодня'],
    [],
    ['Артикул', 'Производитель', 'Наименование', 'Цена, руб.', 'Наличие', 'Срок поставки'],
    ['RE57394', 'John Deere', 'Фильтр масляный', 2_890.5, '>10', 6],
    ['RE504836', 'John Deere', 'Фильтр масляный', 3_120, 4, 6],
    ['ZZ-NO-SUCH-1', 'Noname', 'Неизвестная деталь', 100, 1, 6],
  ] }] });
  await page.getByLabel(/^Файл \(CSV, XLSX/).setInputFiles({ name: 'прайс.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
  await page.getByRole('button', { name: 'Загрузить' }).click();
  await expect(page).toHaveURL(/\/suppliers\/files\/\d+$/);
  const fileUrl = page.url();

  // The job reads it in the background: the page says so until it is done.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('file-state')).toHaveText('Ждёт подтверждения', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText(/Проверьте, как прочитаны колонки/)).toBeVisible();
  await expect(page.getByTestId('column-code')).toHaveValue('0');
  await expect(page.getByTestId('column-price')).toHaveValue('3');
  const preview = page.getByTestId('file-preview');
  await expect(preview).toContainText('RE57394');
  await expect(preview).toContainText('не сопоставлена');
  await shot(page, testInfo, 'pricelist-held');

  await page.getByRole('button', { name: 'Подтвердить и опубликовать' }).click();
  await expect(page.getByTestId('file-state')).toHaveText('Опубликован');
  await page.getByRole('button', { name: 'Закрыть уведомление' }).click();

  await page.getByRole('link', { name: 'Не сопоставленные' }).click();
  await expect(page.getByTestId('position-row')).toHaveCount(1);
  await expect(page.getByTestId('position-row')).toContainText('ZZ-NO-SUCH-1');
  await shot(page, testInfo, 'pricelist-unmatched');

  await page.goto(fileUrl.replace('/suppliers/files/', '/suppliers/processing-logs/'));
  await expect(page.getByTestId('processing-step')).toHaveCount(5);
  await page.goto('/suppliers/notifications');
  await expect(page.getByTestId('supplier-notices')).toContainText('Прайс-лист «прайс.xlsx» ждёт подтверждения');

  // The storefront: the part's page offers it on order, with the price to a signed-in visitor.
  await page.goto('/parts/900014');
  const offer = page.getByTestId('part-supplier-offer');
  await expect(offer).toContainText(/Под заказ, \d+ (день|дня|дней)/);
  await expect(offer).toContainText(/\d\s?(руб\.|₽)/);
  await shot(page, testInfo, 'part-supplier-offer');
});
