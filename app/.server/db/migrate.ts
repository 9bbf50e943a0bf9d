import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DB } from './connect.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0002 from './migrations/0002_rate_limit.ts';
import * as m0003 from './migrations/0003_accounts.ts';
import * as m0004 from './migrations/0004_limits.ts';
import * as m0005 from './migrations/0005_reference_data.ts';
import * as m0006 from './migrations/0006_consents_feedback.ts';
import * as m0007 from './migrations/0007_catalog_models.ts';
import * as m0009 from './migrations/0009_search.ts';
import * as m0010 from './migrations/0010_search_gin_direct.ts';
import * as m0011 from './migrations/0011_parts.ts';
import * as m0012 from './migrations/0012_parts_pages.ts';
import * as m0013 from './migrations/0013_parts_yard.ts';
import * as m0014 from './migrations/0014_cart.ts';
import * as m0015 from './migrations/0015_cart_limit.ts';
import * as m0016 from './migrations/0016_delivery.ts';
import * as m0017 from './migrations/0017_parts_branch_category.ts';
import * as m0018 from './migrations/0018_orders.ts';
import * as m0019 from './migrations/0019_orders_line_part.ts';
import * as m0020 from './migrations/0020_parts_lookup_plans.ts';
import * as m0021 from './migrations/0021_search_kind_order.ts';
import * as m0022 from './migrations/0022_orders_notice.ts';
import * as m0023 from './migrations/0023_leads.ts';
import * as m0024 from './migrations/0024_data_changes.ts';
import * as m0025 from './migrations/0025_parts_view_history.ts';
import * as m0026 from './migrations/0026_staff.ts';
import * as m0027 from './migrations/0027_jobs.ts';
import * as m0028 from './migrations/0028_invoice_requisites.ts';
import * as m0029 from './migrations/0029_order_work.ts';
import * as m0031 from './migrations/0031_leads_work.ts';
import * as m0032 from './migrations/0032_list_sorting.ts';
import * as m0033 from './migrations/0033_drafts.ts';
import * as m0035 from './migrations/0035_financing.ts';
import * as m0036 from './migrations/0036_offers.ts';
import * as m0037 from './migrations/0037_offer_negotiation.ts';
import * as m0038 from './migrations/0038_offer_editor.ts';
import * as m0039 from './migrations/0039_offer_delivery_quote.ts';
import * as m0040 from './migrations/0040_blog.ts';
import * as m0041 from './migrations/0041_offer_discount_approval.ts';
import * as m0043 from './migrations/0043_suppliers.ts';
import * as m0044 from './migrations/0044_vacancies.ts';
import * as m0045 from './migrations/0045_questionnaires.ts';
import * as m0046 from './migrations/0046_suppliers_mail.ts';
import * as m0047 from './migrations/0047_suppliers_lists.ts';
import * as m0048 from './migrations/0048_transport.ts';
import * as m0049 from './migrations/0049_supplier_order_lines.ts';
import * as m0050 from './migrations/0050_content_versions.ts';
import * as m0051 from './migrations/0051_supplier_invitations.ts';
import * as m0052 from './migrations/0052_offer_files_and_model_options.ts';
import * as m0053 from './migrations/0053_questionnaire_links.ts';
import * as m0054 from './migrations/0054_supplier_position_codes.ts';

/** Listed by hand so that the bundled server carries its migrations without reading a folder. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_rate_limit': m0002,
  '0003_accounts': m0003,
  '0004_limits': m0004,
  '0005_reference_data': m0005,
  '0006_consents_feedback': m0006,
  '0007_catalog_models': m0007,
  '0009_search': m0009,
  '0010_search_gin_direct': m0010,
  '0011_parts': m0011,
  '0012_parts_pages': m0012,
  '0013_parts_yard': m0013,
  '0014_cart': m0014,
  '0015_cart_limit': m0015,
  '0016_delivery': m0016,
  '0017_parts_branch_category': m0017,
  '0018_orders': m0018,
  '0019_orders_line_part': m0019,
  '0020_parts_lookup_plans': m0020,
  '0021_search_kind_order': m0021,
  '0022_orders_notice': m0022,
  '0023_leads': m0023,
  '0024_data_changes': m0024,
  '0025_parts_view_history': m0025,
  '0026_staff': m0026,
  '0027_jobs': m0027,
  '0028_invoice_requisites': m0028,
  '0029_order_work': m0029,
  '0031_leads_work': m0031,
  '0032_list_sorting': m0032,
  '0033_drafts': m0033,
  '0035_financing': m0035,
  '0036_offers': m0036,
  '0037_offer_negotiation': m0037,
  '0038_offer_editor': m0038,
  '0039_offer_delivery_quote': m0039,
  '0040_blog': m0040,
  '0041_offer_discount_approval': m0041,
  '0043_suppliers': m0043,
  '0044_vacancies': m0044,
  '0045_questionnaires': m0045,
  '0046_suppliers_mail': m0046,
  '0047_suppliers_lists': m0047,
  '0048_transport': m0048,
  '0049_supplier_order_lines': m0049,
  '0050_content_versions': m0050,
  '0051_supplier_invitations': m0051,
  '0052_offer_files_and_model_options': m0052,
  '0053_questionnaire_links': m0053,
  '0054_supplier_position_codes': m0054,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** Migrates up or down to the named migration (tests of a migration's data changes). */
export async function migrateTo(db: DB, target: string): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
