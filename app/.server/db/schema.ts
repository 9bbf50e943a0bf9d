import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Each table is owned by one module (its prefix names it);
 * other modules reach it through that module's *.server.ts.
 */
export interface Database {
  region_country: RegionCountryTable;
  region_area: RegionAreaTable;
  region_branch: RegionBranchTable;
  catalog_category: CatalogCategoryTable;
  catalog_banner: CatalogBannerTable;
  catalog_technique_type: CatalogTechniqueTypeTable;
  catalog_manufacturer: CatalogManufacturerTable;
  catalog_model_line: CatalogModelLineTable;
  catalog_specification: CatalogSpecificationTable;
  catalog_model: CatalogModelTable;
  catalog_model_spec: CatalogModelSpecTable;
  catalog_model_options: CatalogModelOptionsTable;
  financing_exchange_rate: FinancingExchangeRateTable;
  catalog_model_branch: CatalogModelBranchTable;
  catalog_compare: CatalogOwnedModelTable;
  catalog_view_history: CatalogOwnedModelTable;
  catalog_bookmark: CatalogBookmarkTable;
  content_page: ContentPageTable;
  content_page_alias: ContentPageAliasTable;
  content_promotion: ContentPromotionTable;
  content_feedback: ContentFeedbackTable;
  auth_session: AuthSessionTable;
  rate_limit: RateLimitTable;
  auth_user: AuthUserTable;
  auth_code: AuthCodeTable;
  auth_email_token: AuthEmailTokenTable;
  auth_consent: AuthConsentTable;
  auth_oauth_account: AuthOauthAccountTable;
  auth_notification: AuthNotificationTable;
  auth_outbox: AuthOutboxTable;
  auth_known_address: AuthKnownAddressTable;
  auth_outbox_owner: AuthOutboxOwnerTable;
  parts_manufacturer: PartsManufacturerTable;
  parts_category: PartsCategoryTable;
  parts_part: PartsPartTable;
  parts_part_branch: PartsPartBranchTable;
  parts_analog: PartsAnalogTable;
  parts_supersession: PartsSupersessionTable;
  parts_drawing: PartsDrawingTable;
  parts_drawing_position: PartsDrawingPositionTable;
  parts_machine: PartsMachineTable;
  parts_view_history: PartsViewHistoryTable;
  cart_item: CartItemTable;
  cart_customer_limit: CartCustomerLimitTable;
  catalog_part_bookmark: CatalogPartBookmarkTable;
  parts_name: PartsNameTable;
  orders_order: OrdersOrderTable;
  orders_line: OrdersLineTable;
  orders_attachment: OrdersAttachmentTable;
  orders_idempotency: OrdersIdempotencyTable;
  orders_mail: OrdersMailTable;
  orders_vat_rate: OrdersVatRateTable;
  job: JobTable;
  leads_request: LeadsRequestTable;
  leads_event: LeadsEventTable;
  audit_log: AuditLogTable;
  orders_event: OrdersEventTable;
  content_draft: ContentDraftTable;
  content_version: ContentVersionTable;
  financing_programme: FinancingProgrammeTable;
  financing_terms: FinancingTermsTable;
  offers_offer: OffersOfferTable;
  offers_version: OffersVersionTable;
  offers_action: OffersActionTable;
  offers_acceptance: OffersAcceptanceTable;
  offers_old_hash: OffersOldHashTable;
  offers_file: OffersFileTable;
  suppliers_organisation: SuppliersOrganisationTable;
  suppliers_sender: SuppliersSenderTable;
  suppliers_api_token: SuppliersApiTokenTable;
  suppliers_file: SuppliersFileTable;
  suppliers_position: SuppliersPositionTable;
  suppliers_offer: SuppliersOfferTable;
  suppliers_manual_match: SuppliersManualMatchTable;
  suppliers_notification: SuppliersNotificationTable;
  suppliers_invitation: SuppliersInvitationTable;
  suppliers_mailbox: SuppliersMailboxTable;
  suppliers_letter: SuppliersLetterTable;
  suppliers_letter_attachment: SuppliersLetterAttachmentTable;
  blog_type: BlogTypeTable;
  blog_tag: BlogTagTable;
  blog_article: BlogArticleTable;
  vacancies_direction: VacanciesDirectionTable;
  vacancies_branch: VacanciesBranchTable;
  vacancies_vacancy: VacanciesVacancyTable;
  vacancies_application: VacanciesApplicationTable;
  questionnaires_questionnaire: QuestionnairesQuestionnaireTable;
  questionnaires_response: QuestionnairesResponseTable;
  questionnaires_link: QuestionnairesLinkTable;
  transport_load: TransportLoadTable;
  transport_bid: TransportBidTable;
}

/** A timestamptz column: read as Date, written as Date or ISO text; optional on insert when it has a default. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A date column: drivers return Date, inserts take 'YYYY-MM-DD'. */
type DateColumn = ColumnType<Date | string, string, string>;

export interface RegionCountryTable {
  /** The branch country id of spec §3: 115 is Kazakhstan. */
  id: number;
  /** Root of the area tree: 3220 Russia, 3221 Kazakhstan. */
  root_id: number;
  code: 'RU' | 'KZ';
  name: string;
  /** 'РФ' or 'КЗ' in the contacts dropdown. */
  abbreviation: string;
  sales_phone: string;
  sales_phone_internal: string;
  service_phone: string;
  service_phone_internal: string;
  map_lat: number;
  map_lng: number;
  sort: number;
}

export interface RegionAreaTable {
  id: number;
  root_id: number;
  label: string;
  admin_center: string;
  lat: number;
  lng: number;
}

export interface RegionBranchTable {
  id: number;
  code: string;
  name: string;
  city: string;
  area_id: number;
  address: string;
  lat: number;
  lng: number;
  /** Null: the branch has no line of its own and shows its country's (migration 0005). */
  phone: string | null;
  phone_internal: string | null;
  service_phone: string | null;
  service_phone_internal: string | null;
  email: string;
  hours: string;
  /** Requisites printed on the branch's invoices (migration 0028); null until an editor fills them. */
  legal_name: string | null;
  legal_address: string | null;
  /** Russia: ИНН, КПП, ОГРН. */
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  /** Kazakhstan: БИН. */
  bin: string | null;
  bank_name: string | null;
  /** БИК (Russia) or BIC (Kazakhstan). */
  bik: string | null;
  corr_account: string | null;
  /** Расчётный счёт (Russia) or IBAN (Kazakhstan). */
  settlement_account: string | null;
  /** The largest discount (percent) an offer of the branch is sent with without its manager's approval (migration 0041); numeric: read as text. */
  discount_threshold: ColumnType<string | number, number | undefined, number>;
}

export interface CatalogCategoryTable {
  id: number;
  parent_id: number | null;
  slug: string;
  name: string;
  icon: string;
  sort: number;
}

export interface CatalogBannerTable {
  category_id: number;
  bg_type: 'IMG' | 'COLOR';
  image_path: string | null;
  color: string | null;
  title: string;
  text: string;
  btn_title: string;
  btn_link: string;
}

export interface CatalogTechniqueTypeTable {
  id: number;
  slug: string;
  name: string;
  sort: ColumnType<number, number | undefined, number>;
}

export interface CatalogManufacturerTable {
  id: number;
  slug: string;
  name: string;
  country: string;
  logo_path: string | null;
  sort: ColumnType<number, number | undefined, number>;
}

export interface CatalogModelLineTable {
  id: number;
  slug: string;
  name: string;
  manufacturer_id: number;
  category_id: number;
  technique_type_id: number;
  description: ColumnType<string, string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
}

export interface CatalogSpecificationTable {
  id: number;
  name: string;
  unit: string | null;
  kind: 'number' | 'text';
  /** Higher first. */
  priority: ColumnType<number, number | undefined, number>;
}

/** An image of a model: width and height reserve its space on the page. */
export interface CatalogImage { src: string; width: number; height: number; alt: string }

export interface CatalogModelTable {
  id: number;
  slug: string;
  name: string;
  /** What /compare/{productCodes} carries. */
  product_code: string;
  model_line_id: number;
  description: ColumnType<string, string | undefined, string>;
  images: ColumnType<CatalogImage[], string | undefined, string>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** Roubles for one unit of a currency × 10 000, from a day (migration 0052, ADR 102). */
export interface FinancingExchangeRateTable {
  currency: 'USD' | 'EUR' | 'CNY' | 'KZT';
  from_date: DateColumn;
  rub_e4: ColumnType<string | number, number, number>;
  created_by: number | null;
  created_at: Timestamp;
}

/** A model's options for offers (ModelOption[] of catalog/model-options.schema.ts; migration 0052, ADR 102). */
export interface CatalogModelOptionsTable {
  model_id: number;
  options: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface CatalogModelSpecTable {
  model_id: number;
  spec_id: number;
  num_value: number | null;
  text_value: string | null;
}

export type CurrencyCode = 'RUB' | 'USD' | 'EUR' | 'KZT' | 'CNY';

export interface CatalogModelBranchTable {
  model_id: number;
  branch_id: number;
  currency: CurrencyCode;
  /** Minor units; null: price on request. */
  price: number | null;
  old_price: number | null;
  /** Stock option 2 'Суперцена'. */
  super_price: ColumnType<boolean, boolean | undefined, boolean>;
  quantity: ColumnType<number, number | undefined, number>;
  expected_date: DateColumn | null;
}

/** Comparison and browsing history: a user's, or a guest's by session (exactly one is set). */
export interface CatalogOwnedModelTable {
  id: Generated<number>;
  user_id: number | null;
  session_id: string | null;
  model_id: number;
  at: Timestamp;
}

/** A part or a model line's parts page a visitor viewed (migration 0025): exactly one of each pair. */
export interface PartsViewHistoryTable {
  id: Generated<number>;
  user_id: number | null;
  session_id: string | null;
  part_id: number | null;
  line_id: number | null;
  at: Timestamp;
}

export interface CatalogBookmarkTable {
  user_id: number;
  model_id: number;
  created_at: Timestamp;
}

export interface ContentPageTable {
  slug: string;
  title: string;
  meta_description: string;
  lead: string;
  body_html: string;
  updated_at: Timestamp;
}

export interface ContentPageAliasTable {
  path: string;
  controller: 'category' | 'model-line' | 'model' | 'other';
  reference_id: number | null;
}

export interface ContentPromotionTable {
  id: Generated<number>;
  title: string;
  text: string;
  link: string;
  badge: string;
  starts_on: DateColumn;
  ends_on: DateColumn;
  sort: number;
  /** Its picture, an uploaded image (migration 0033): all three or none. */
  image_id: ColumnType<string | null, string | null | undefined, string | null>;
  image_width: ColumnType<number | null, number | null | undefined, number | null>;
  image_height: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ContentFeedbackTable {
  id: Generated<number>;
  name: string;
  phone: string;
  email: string | null;
  message: string;
  branch_id: number | null;
  page_url: string | null;
  ip: string | null;
  created_at: Timestamp;
  /** Delivery to the branch by e-mail: stored first, then sent by its job (migration 0027), which writes the state. */
  delivery_state: ColumnType<'pending' | 'sent' | 'failed', 'pending' | 'sent' | 'failed' | undefined, 'pending' | 'sent' | 'failed'>;
  /** The branch's address when the message was stored. */
  deliver_to: string | null;
  delivered_at: Date | null;
  delivery_error: string | null;
}

export interface AuthSessionTable {
  /** SHA-256 of the cookie token, hex: a leaked table does not reveal live cookies. */
  id: string;
  user_id: number | null;
  area_id: number | null;
  area_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** 'Запомнить меня': the cookie outlives the browser (30 days). */
  remember: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface RateLimitTable {
  /** What is limited and for whom, e.g. 'feedback:ip:203.0.113.5'. */
  key: string;
  window_start: Timestamp;
  hits: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
}

type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export interface AuthUserTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  email_verified_at: Date | null;
  phone: string | null;
  phone_verified_at: Date | null;
  /** argon2id, PHC string; null for accounts that only sign in through a social provider. */
  password_hash: string | null;
  is_employee: Flag;
  is_supplier: Flag;
  has_pp_access: Flag;
  is_ps_editor: Flag;
  is_branch_manager: Flag;
  is_content_editor: Flag;
  is_administrator: Flag;
  /** The carrier role of the transportation exchange (migration 0048). */
  is_carrier: Flag;
  /** The branch an employee works for (migration 0026); null: the head office, every branch. */
  staff_branch_id: number | null;
  /** The supplier organisation a supplier's user works for (migration 0043). */
  supplier_organisation_id: ColumnType<number | null, number | null | undefined, number | null>;
  area_id: number | null;
  created_at: Timestamp;
}

export interface AuthCodeTable {
  id: Generated<number>;
  purpose: 'registration' | 'reset' | 'phone_change' | 'offer_accept';
  channel: 'call' | 'sms';
  phone: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface AuthEmailTokenTable {
  token_hash: string;
  purpose: 'confirm' | 'reset' | 'email_change';
  user_id: number;
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface AuthConsentTable {
  id: Generated<number>;
  user_id: number;
  kind: 'personal_data' | 'ads';
  text_version: string;
  ip: string | null;
  accepted_at: Timestamp;
}

export interface AuthOauthAccountTable {
  provider: string;
  subject: string;
  user_id: number;
  created_at: Timestamp;
}

export interface AuthNotificationTable {
  id: Generated<number>;
  user_id: number;
  view_type: 'hint' | 'modal';
  title: string | null;
  content: string | null;
  html: string | null;
  created_at: Timestamp;
  shown_at: Date | null;
}

export interface AuthOutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'call' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Timestamp;
  /** The browser that may read it on /__dev/outbox (migration 0006); null: nobody. */
  reader_key: string | null;
  /** The sending job's key (migration 0027): a letter sent again after a lost lease is written once. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Which browser a phone or address of the outbox belongs to: the first whose request sent to it. */
export interface AuthOutboxOwnerTable {
  recipient: string;
  reader_key: string;
  created_at: Timestamp;
}

/** An address an account signed in from with its password (migration 0004, docs/decisions/010). */
export interface AuthKnownAddressTable {
  user_id: number;
  ip: string;
  last_success_at: Timestamp;
}

// ── Spare parts (migration 0011, ADR 030) ───────────────────────────────────────────────────────

export interface PartsManufacturerTable {
  id: number;
  slug: string;
  name: string;
  country: string;
  /** 'oem': a machine maker's own parts; 'aftermarket': a parts maker's replacements. */
  kind: 'oem' | 'aftermarket';
  sort: ColumnType<number, number | undefined, number>;
}

export interface PartsCategoryTable {
  id: number;
  parent_id: number | null;
  /** Unique among its siblings. */
  slug: string;
  name: string;
  sort: ColumnType<number, number | undefined, number>;
}

export interface PartsPartTable {
  id: number;
  /** As printed by the maker: 'АВ-123.45'. */
  code: string;
  /** Generated from `code` (`parts_code_norm`): never written. */
  code_norm: ColumnType<string, never, never>;
  name: string;
  manufacturer_id: number;
  category_id: number | null;
  weight_grams: number | null;
  /** The part's code in the dealer's 1C. */
  one_c_code: string | null;
  description: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface PartsPartBranchTable {
  part_id: number;
  branch_id: number;
  currency: CurrencyCode;
  /** Minor units; null: price on request. */
  price: number | null;
  old_price: number | null;
  quantity: ColumnType<number, number | undefined, number>;
  expected_date: DateColumn | null;
}

/** One row per pair, part_id < analog_id; read in both directions. */
export interface PartsAnalogTable {
  part_id: number;
  analog_id: number;
}

/** old → new; at most one successor per part. */
export interface PartsSupersessionTable {
  old_part_id: number;
  new_part_id: number;
  since: DateColumn | null;
  note: string | null;
}

export interface PartsDrawingTable {
  id: number;
  model_line_id: number;
  /** Set when the drawing shows one model of the line only. */
  model_id: number | null;
  category_id: number | null;
  title: string;
  /** Public path of the SVG. */
  image_path: string;
  width: number;
  height: number;
  sort: ColumnType<number, number | undefined, number>;
}

export interface PartsDrawingPositionTable {
  id: Generated<number>;
  drawing_id: number;
  /** The number in the balloon. */
  callout: number;
  part_id: number;
  /** How many of the part the assembly holds. */
  quantity: ColumnType<number, number | undefined, number>;
  note: string | null;
  serial_from: string | null;
  serial_to: string | null;
  /** The balloon's centre in the drawing's coordinates. */
  x: number;
  y: number;
}

// ── The machinery yard, 'Моя техника' (migration 0013, ADR 034) ─────────────────────────────────

export interface PartsMachineTable {
  id: Generated<number>;
  user_id: number;
  /** A catalogue model (catalog_model.id). */
  model_id: number;
  /** As the user typed it, trimmed, spaces collapsed, upper case: 1–32 letters, digits, dashes, spaces. */
  serial_number: string;
  /** Year of manufacture, 1950 … next year. */
  year: number | null;
  /** The user's own name for the machine ('Синий, на второй бригаде'). */
  name: string | null;
  created_at: Timestamp;
}

/** A line of a cart: owned by a user or a guest's session (exactly one); one line per owner and part. */
export interface CartItemTable {
  /** The spec's cart product id. */
  id: Generated<number>;
  user_id: number | null;
  session_id: string | null;
  part_id: number;
  /** 1..9999. */
  count: number;
  /** Ordered from the best supplier's offer of the part, not the branch's stock (migration 0049, ADR 099). */
  from_supplier: Generated<boolean>;
  added_at: Timestamp;
  updated_at: Timestamp;
}

/** A customer's credit limit (spec §3 Cart limit); no row: zeros. Minor units in the limit's currency. */
export interface CartCustomerLimitTable {
  user_id: number;
  currency: Generated<CurrencyCode>;
  total: Generated<number>;
  used: Generated<number>;
  days: Generated<number>;
  updated_at: Timestamp;
}

/** A signed-in user's favourite part (the models' favourites are `catalog_bookmark`). */
export interface CatalogPartBookmarkTable {
  user_id: number;
  part_id: number;
  created_at: Timestamp;
}

/** Every distinct part name once, for names in word forms (migration 0012, ADR 033); kept by triggers. */
export interface PartsNameTable {
  name: string;
  search_tsv: ColumnType<string, never, never>;
}

/** Migration 0018, ADR 041: an order owned by a user or a guest's session. Money in minor units (ADR 004). */
export interface OrdersOrderTable {
  id: Generated<number>;
  /** 'АГ-2026-000123' from `orders_number_seq`. */
  number: string;
  user_id: number | null;
  session_id: string | null;
  name: string;
  /** 11 or 12 digits (spec §5). */
  phone: string;
  email: string;
  branch_id: number;
  delivery_method: 'pickup' | 'calc' | 'terminals';
  delivery_address: string | null;
  delivery_terminal: string | null;
  delivery_carrier: string | null;
  delivery_price: ColumnType<number, number | undefined, number>;
  delivery_failed: ColumnType<boolean, boolean | undefined, boolean>;
  comment: ColumnType<string, string | undefined, string>;
  on_credit: ColumnType<boolean, boolean | undefined, boolean>;
  currency: CurrencyCode;
  items_total: number;
  total: number;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  /** A price was named for a 'по запросу' line and the customer has not confirmed it yet (migration 0029). */
  prices_pending_confirmation: ColumnType<boolean, boolean | undefined, boolean>;
  status_changed_at: Date | null;
  created_at: Timestamp;
}

export type OrderStatus = 'new' | 'in_work' | 'assembled' | 'shipped' | 'issued' | 'closed' | 'cancelled';

/** What happened to an order, oldest first (migration 0029). */
export interface OrdersEventTable {
  id: ColumnType<string, never, never>;
  order_id: number;
  kind: 'status' | 'price' | 'confirmed';
  status: OrderStatus | null;
  note: ColumnType<string, string | undefined, string>;
  actor_id: number | null;
  actor_name: string;
  at: Timestamp;
}

export interface OrdersLineTable {
  id: Generated<number>;
  order_id: number;
  part_id: number | null;
  code: string;
  name: string;
  one_c_code: string | null;
  weight_grams: number | null;
  count: number;
  /** Null: 'цена по запросу', the manager names it (migration 0022); `line_total` is null with it. */
  price: number | null;
  old_price: number | null;
  currency: CurrencyCode;
  line_total: number | null;
  /** Ordered from this supplier organisation's offer (a plain id: orders keep no reference to suppliers' tables; ADR 099). */
  supplier_organisation_id: Generated<number | null>;
  /** The supplier's lead time when ordered, days; set with the supplier. */
  lead_time_days: Generated<number | null>;
}

export interface OrdersAttachmentTable {
  id: Generated<number>;
  order_id: number;
  storage_key: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  created_at: Timestamp;
}

export interface OrdersIdempotencyTable {
  /** 'u:{userId}' or 's:{sessionId}'. */
  owner_key: string;
  key: string;
  request_hash: string;
  order_id: number;
  created_at: Timestamp;
}

export interface OrdersMailTable {
  id: Generated<number>;
  order_id: number;
  /** An e-mail address, or the phone's digits for an SMS (migration 0022). */
  recipient: string;
  channel: ColumnType<'email' | 'sms', 'email' | 'sms' | undefined, 'email' | 'sms'>;
  staff: boolean;
  subject: string;
  /** The text (an e-mail's plain-text part, or the SMS). */
  body: string;
  /** An e-mail's HTML part. */
  html: string | null;
}

export type LeadKind = 'offer' | 'service' | 'financing';
export type LeadStatus = 'new' | 'in_work' | 'done' | 'rejected';

/** A visitor's request to the company (migrations 0023, 0031; ADR 069, 078). */
export interface LeadsRequestTable {
  id: Generated<number>;
  kind: ColumnType<LeadKind, LeadKind | undefined, LeadKind>;
  status: ColumnType<LeadStatus, LeadStatus | undefined, LeadStatus>;
  /** What the kind adds (a service request's serial number and trouble, a financing request's terms). */
  details: ColumnType<unknown, string | undefined, string>;
  /** The staff member of the branch who works it. */
  assignee_id: number | null;
  status_changed_at: Date | null;
  model_id: number | null;
  /** The model as the visitor saw it: a later rename does not change the request. */
  model_name: string | null;
  model_code: string | null;
  branch_id: number | null;
  /** The account of a signed-in visitor. */
  user_id: number | null;
  name: string;
  /** 11 or 12 digits. */
  phone: string;
  email: string | null;
  comment: ColumnType<string, string | undefined, string>;
  page_url: string | null;
  ip: string | null;
  /** The 152-ФЗ consent given with the request: the text's version and when. */
  consent_text_version: string;
  consent_at: Timestamp;
  created_at: Timestamp;
  delivery_state: ColumnType<'pending' | 'sent' | 'failed', 'pending' | 'sent' | 'failed' | undefined, 'pending' | 'sent' | 'failed'>;
  /** The branch's address (or the shop's support address) when the request was stored. */
  deliver_to: string | null;
  delivered_at: Date | null;
  delivery_error: string | null;
}

/** What happened to a request and who did it (migration 0031): its page's history. */
export interface LeadsEventTable {
  id: ColumnType<string, never, never>;
  request_id: number;
  kind: 'status' | 'assign' | 'comment';
  status: LeadStatus | null;
  note: ColumnType<string, string | undefined, string>;
  actor_id: number | null;
  actor_name: string;
  at: Timestamp;
}

/** What staff changed (migration 0026, app/.server/audit.ts): written with the change, never updated. */
export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  at: Timestamp;
  actor_id: number | null;
  actor_name: string;
  action: string;
  entity: string;
  entity_id: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string | null;
}

/** A country's VAT rate from a date on (migration 0028, reference data). */
export interface OrdersVatRateTable {
  country_code: 'RU' | 'KZ';
  /** 'YYYY-MM-DD'. */
  effective_from: ColumnType<string, string, never>;
  rate_percent: number;
}

/** Background work (migration 0027, ADR 075): one row per job, claimed with `for update skip locked`. */
export interface JobTable {
  id: ColumnType<number, never, never>;
  kind: string;
  /** Unique: the same key enqueued twice is one job; the job's side effect carries it. */
  key: string;
  payload: ColumnType<unknown, string, string>;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  /** Not before this moment (queued); after a failed try, when the next one is due. */
  run_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  /** While running: the lease's end; the job is taken again after it. */
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  /** The development outbox's browser of the request that enqueued it (sandbox only). */
  outbox_reader: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** An editor's unpublished change (migration 0033, ADR 081). */
export interface ContentVersionTable {
  entity: 'article' | 'vacancy' | 'questionnaire';
  entity_id: string;
  version: number;
  /** The saved fields (JSON text on insert). */
  data: ColumnType<unknown, string, never>;
  published: boolean;
  author_id: number | null;
  author_name: string;
  restored_from: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface ContentDraftTable {
  entity: 'page' | 'promotion' | 'branch';
  entity_id: string;
  /** The edited fields as the form sent them (JSON text on insert). */
  data: ColumnType<unknown, string, string>;
  author_id: number | null;
  author_name: string;
  updated_at: Timestamp;
}

/** A financing programme (migration 0035, ADR 082): what it is; its terms by date are `financing_terms`. */
export interface FinancingProgrammeTable {
  id: Generated<number>;
  kind: 'installment' | 'leasing' | 'loan' | 'credit';
  name: string;
  country_code: 'RU' | 'KZ';
  currency: CurrencyCode;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** A programme's terms from `from_date` on; those in force on a date are the latest not after it. */
export interface FinancingTermsTable {
  programme_id: number;
  from_date: DateColumn;
  /** Hundredths of a percent a year: 1250 is 12,5 %. */
  annual_rate_bp: number;
  min_term_months: number;
  max_term_months: number;
  min_advance_percent: number;
  /** Calendar months (1–12) a seasonal schedule pays in; written as JSON text, read as an array. */
  seasonal_months: ColumnType<number[], string | undefined, string>;
  max_defer_months: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A commercial offer (migration 0036, ADR 083). */
export interface OffersOfferTable {
  id: Generated<number>;
  hash: string;
  external_id: string | null;
  variant: 'multi-technique' | 'single-technique' | 'spare-parts' | 'engineer';
  source: '1C' | '1C-QR' | '1C-Personal' | '1C-Personal-QR';
  state: ColumnType<OfferStateColumn, OfferStateColumn | undefined, OfferStateColumn>;
  branch_id: number;
  client_name: string;
  client_phone: string;
  client_email: string | null;
  manager_name: string;
  folder: string | null;
  currency_code: number;
  valid_until: DateColumn;
  version: ColumnType<number, number | undefined, number>;
  /** The current version's total in minor units (bigint: read as text by some drivers). */
  total: ColumnType<string | number, number, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The client's changes not yet reviewed (OfferDiff of offer-changes.rules.ts; migration 0037). */
  diff: ColumnType<unknown, string | undefined, string>;
  read_only: ColumnType<boolean, boolean | undefined, boolean>;
  accepted_version: number | null;
  accepted_at: Date | null;
  order_id: number | null;
  first_viewed_at: Date | null;
  last_viewed_at: Date | null;
  views: ColumnType<number, number | undefined, number>;
  view_notified_at: Date | null;
  last_event: ColumnType<unknown, string | null | undefined, string | null>;
  /** The manager's working copy of the content (migration 0038); null when there is none. */
  draft: ColumnType<unknown, string | null | undefined, string | null>;
  created_by: number | null;
  sent_at: Date | null;
  /** The carriers' price for delivery to the client's own address (DeliveryQuote of offer-delivery.rules.ts; migration 0039). */
  delivery_quote: ColumnType<unknown, string | null | undefined, string | null>;
  /** The branch manager's approval of a discount above the branch's threshold (DiscountApproval of offer-discount.rules.ts; migration 0041). */
  discount_approval: ColumnType<unknown, string | null | undefined, string | null>;
}

type OfferStateColumn = 'draft' | 'sent' | 'accepted' | 'cancelled';

/** A document uploaded in the offer editor (migration 0052, ADR 102). */
export interface OffersFileTable {
  offer_id: number;
  id: string;
  key: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  created_by: number | null;
  created_at: Timestamp;
}

/** The links an offer had before it was sent again (migration 0038). */
export interface OffersOldHashTable {
  hash: string;
  offer_id: number;
  replaced_at: Timestamp;
}

/** A change the client saved, typed, and what the manager decided about it (migration 0037). */
export interface OffersActionTable {
  id: ColumnType<string, never, never>;
  offer_id: number;
  version: number;
  kind: 'count' | 'option' | 'fast_delivery' | 'commissioning' | 'payment' | 'delivery' | 'use_cases' | 'comment';
  product_id: string | null;
  option_id: string | null;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  user_agent: ColumnType<string, string | undefined, string>;
  at: Timestamp;
  decision: 'accepted' | 'declined' | null;
  decided_at: Date | null;
  decided_by: string | null;
}

/** The client's acceptance of a version, signed with an SMS code (migration 0037). */
export interface OffersAcceptanceTable {
  offer_id: number;
  version: number;
  phone: string;
  code_id: number;
  user_agent: ColumnType<string, string | undefined, string>;
  ip: string | null;
  signed_at: Timestamp;
}

/** One version of an offer as it was sent: immutable. */
export interface OffersVersionTable {
  offer_id: number;
  version: number;
  content: ColumnType<unknown, string, never>;
  content_hash: string;
  created_at: Timestamp;
}

/** A supplier organisation and the rules its price lists are read by (migration 0043). */
export interface SuppliersOrganisationTable {
  id: Generated<number>;
  name: string;
  inn: string | null;
  sources: ColumnType<string[], string[] | undefined, string[]>;
  currency: ColumnType<string, string | undefined, string>;
  lead_time_days: ColumnType<number, number | undefined, number>;
  /** `[{ from, percent }]`, ascending `from` (kopecks of the supplier's price). */
  markup_rules: ColumnType<unknown, string | undefined, string>;
  auto_publish_max_change: ColumnType<number, number | undefined, number>;
  missing_rows: ColumnType<'deactivate' | 'delete' | 'keep', 'deactivate' | 'delete' | 'keep' | undefined, 'deactivate' | 'delete' | 'keep'>;
  /** `ColumnTemplate` of its files (migration 0047); null: columns found by their headers' names. */
  column_template: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SuppliersSenderTable {
  email: string;
  organisation_id: number;
}

/** The suppliers' mailbox as last read (migration 0046, ADR 095). */
export interface SuppliersMailboxTable {
  mailbox: string;
  uidvalidity: ColumnType<number, number | undefined, number>;
  last_uid: ColumnType<number, number | undefined, number>;
  locked_until: Date | null;
  checked_at: Date | null;
}

export type SuppliersLetterState = 'accepted' | 'quarantined' | 'failed';
export type SuppliersAttachmentState = 'received' | 'quarantined' | 'refused' | 'processed' | 'failed';

export interface SuppliersLetterTable {
  id: Generated<number>;
  organisation_id: number | null;
  mailbox: string;
  uidvalidity: number;
  uid: number;
  from_address: string;
  from_name: string | null;
  subject: ColumnType<string, string | undefined, string>;
  message_id: string | null;
  sent_at: Date | null;
  received_at: Timestamp;
  size: ColumnType<number, number | undefined, number>;
  state: SuppliersLetterState;
  reason: string | null;
}

export interface SuppliersLetterAttachmentTable {
  id: Generated<number>;
  letter_id: number;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string | null;
  storage_key: string | null;
  state: SuppliersAttachmentState;
  reason: string | null;
}

export interface SuppliersApiTokenTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  token_hash: string;
  token_prefix: string;
  created_by: number | null;
  created_at: Timestamp;
  last_used_at: Date | null;
  revoked_at: Date | null;
}
/** A price list that came in (migration 0047, ADR 096). */
export interface SuppliersFileTable {
  id: Generated<number>;
  organisation_id: number;
  source: 'upload' | 'mail' | 'api';
  name: string;
  storage_key: string | null;
  size_bytes: ColumnType<number, number | undefined, number>;
  kind: ColumnType<'full' | 'delta', 'full' | 'delta' | undefined, 'full' | 'delta'>;
  state: ColumnType<SupplierFileState, SupplierFileState | undefined, SupplierFileState>;
  /** What its processing found: `FileReport` of the suppliers module. */
  report: ColumnType<unknown, string | undefined, string>;
  rows_total: ColumnType<number, number | undefined, number>;
  rows_matched: ColumnType<number, number | undefined, number>;
  rows_bad: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  created_at: Timestamp;
  processed_at: Date | null;
  published_at: Date | null;
}
export type SupplierFileState = 'received' | 'processing' | 'held' | 'published' | 'failed';
export type SupplierMatch = 'manual' | 'code_brand' | 'code' | 'analog';

/** One row of a list as read and matched, staged until the list is published. */
export interface SuppliersPositionTable {
  file_id: number;
  /** The row's number in reading order (an archive's files and a workbook's sheets one after another). */
  row_number: number;
  /** Its line in its own file or sheet. */
  line: number | null;
  code: string;
  code_norm: string;
  brand: ColumnType<string, string | undefined, string>;
  name: ColumnType<string, string | undefined, string>;
  /** Minor units of `currency`; null: no usable price. */
  price: number | null;
  currency: string | null;
  stock: number | null;
  multiplicity: ColumnType<number, number | undefined, number>;
  min_order: ColumnType<number, number | undefined, number>;
  lead_time_days: number | null;
  problems: ColumnType<string[], string[] | undefined, string[]>;
  part_id: number | null;
  matched_by: SupplierMatch | null;
}

/** What the storefront shows of a supplier: one row per organisation and part. */
export interface SuppliersOfferTable {
  organisation_id: number;
  part_id: number;
  /** Minor units of `currency`, the supplier's own price (the markup is applied when shown). */
  price: number;
  currency: CurrencyCode;
  stock: number | null;
  multiplicity: ColumnType<number, number | undefined, number>;
  min_order: ColumnType<number, number | undefined, number>;
  lead_time_days: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  file_id: number | null;
  updated_at: Timestamp;
}

export type SupplierNoticeKind = 'processed' | 'held' | 'failed' | 'price_jump' | 'quarantined';

/** What an organisation is told in its cabinet and by e-mail (migration 0047). */
export interface SuppliersNotificationTable {
  id: Generated<number>;
  organisation_id: number;
  kind: SupplierNoticeKind;
  file_id: number | null;
  text: string;
  created_at: Timestamp;
  read_at: Date | null;
}

/** An invitation of a person without an account to an organisation (migration 0051, ADR 101). */
export interface SuppliersInvitationTable {
  id: Generated<number>;
  organisation_id: number;
  email: string;
  token_digest: string;
  invited_by: number | null;
  created_at: Timestamp;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: number | null;
}

export interface SuppliersManualMatchTable {
  organisation_id: number;
  code_norm: string;
  brand_norm: string;
  part_id: number;
  created_by: number | null;
  created_at: Timestamp;
}
/** The kinds of article (migration 0040): reference data with fixed ids. */
export interface BlogTypeTable {
  id: number;
  slug: string;
  name: string;
  sort: number;
}

export interface BlogTagTable {
  id: Generated<number>;
  slug: string;
  name: string;
}

type IdArray = ColumnType<number[], number[] | undefined, number[]>;

/** A news item or article (migration 0040, ADR 089): visible when published and its date has come. */
export interface BlogArticleTable {
  id: Generated<number>;
  type_id: number;
  slug: string;
  title: string;
  lead: string;
  meta_description: ColumnType<string, string | undefined, string>;
  body_html: ColumnType<string, string | undefined, string>;
  /** Its cover, an uploaded image (ADR 077), with its size. */
  cover_image_id: ColumnType<string | null, string | null | undefined, string | null>;
  cover_width: ColumnType<number | null, number | null | undefined, number | null>;
  cover_height: ColumnType<number | null, number | null | undefined, number | null>;
  /** Or a picture of the site (the demo's articles): '/images/…', with its size. */
  cover_src: ColumnType<string | null, string | null | undefined, string | null>;
  cover_alt: ColumnType<string, string | undefined, string>;
  tag_ids: IdArray;
  model_ids: IdArray;
  part_ids: IdArray;
  category_ids: IdArray;
  /** region_area ids; empty: the article concerns every region. */
  region_ids: IdArray;
  status: ColumnType<'draft' | 'published', 'draft' | 'published' | undefined, 'draft' | 'published'>;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  author_name: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Vacancies (migration 0044, ADR 092): the kinds of work, with the slug of their list. */
export interface VacanciesDirectionTable {
  id: number;
  slug: string;
  name: string;
  sort: ColumnType<number, number | undefined, number>;
}

/** What the vacancies keep of a branch: its list's slug and the HR address applications go to. */
export interface VacanciesBranchTable {
  branch_id: number;
  alias: string;
  hr_email: string;
}

export type VacancyEmployment = 'full_time' | 'part_time' | 'temporary' | 'internship';
export type VacancyStatus = 'draft' | 'published';
export type VacancyApplicationStatus = 'new' | 'in_review' | 'invited' | 'rejected';

export interface VacanciesVacancyTable {
  id: Generated<number>;
  branch_id: number;
  direction_id: number;
  slug: string;
  title: string;
  city: string;
  lead: ColumnType<string, string | undefined, string>;
  /** Minor units of `currency`; null: not named. */
  salary_from: ColumnType<number | null, number | null | undefined, number | null>;
  salary_to: ColumnType<number | null, number | null | undefined, number | null>;
  currency: ColumnType<'RUB' | 'KZT', 'RUB' | 'KZT' | undefined, 'RUB' | 'KZT'>;
  employment: ColumnType<VacancyEmployment, VacancyEmployment | undefined, VacancyEmployment>;
  schedule: ColumnType<string, string | undefined, string>;
  /** Plain text, an item a line. */
  duties: ColumnType<string, string | undefined, string>;
  requirements: ColumnType<string, string | undefined, string>;
  conditions: ColumnType<string, string | undefined, string>;
  status: ColumnType<VacancyStatus, VacancyStatus | undefined, VacancyStatus>;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  valid_through: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VacanciesApplicationTable {
  id: Generated<number>;
  vacancy_id: number;
  branch_id: number;
  user_id: number | null;
  name: string;
  phone: string;
  email: string | null;
  message: ColumnType<string, string | undefined, string>;
  /** The CV in the file storage's `applications` area. */
  cv_key: string;
  cv_name: string;
  cv_mime: string;
  cv_size: number;
  cv_sha256: string;
  ip: string | null;
  consent_text_version: string;
  consent_at: Timestamp;
  status: ColumnType<VacancyApplicationStatus, VacancyApplicationStatus | undefined, VacancyApplicationStatus>;
  delivery_state: ColumnType<'pending' | 'sent' | 'failed', 'pending' | 'sent' | 'failed' | undefined, 'pending' | 'sent' | 'failed'>;
  deliver_to: string;
  delivery_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A questionnaire (migration 0045, ADR 093): its texts and its pages of questions as one JSON model. */
export interface QuestionnairesQuestionnaireTable {
  id: Generated<number>;
  title: string;
  intro: ColumnType<string, string | undefined, string>;
  thanks: ColumnType<string, string | undefined, string>;
  /** `QuestionnaireModel` (questionnaires.schema.ts); written as JSON text. */
  model: ColumnType<unknown, string, string>;
  published: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One respondent's answers to a questionnaire: `u:{user id}` or `b:{browser cookie}`, unique per questionnaire. */
export interface QuestionnairesResponseTable {
  id: Generated<number>;
  questionnaire_id: number;
  respondent: string;
  user_id: number | null;
  /** The order or the offer whose link the respondent came by. */
  order_number: ColumnType<string | null, string | null | undefined, string | null>;
  offer_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** `Answers` by question id; hidden questions are absent. Written as JSON text. */
  answers: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

/** A questionnaire an employee linked to an order (by its number) or an offer (by its id) (migration 0053, ADR 103). */
export interface QuestionnairesLinkTable {
  subject_kind: 'order' | 'offer';
  subject_ref: string;
  questionnaire_id: number;
  linked_by: number | null;
  linked_at: Timestamp;
}

export type TransportStatus = 'open' | 'awarded' | 'in_transit' | 'delivered' | 'cancelled';

/** A load on the transportation exchange (migration 0048, ADR 097). */
export interface TransportLoadTable {
  id: Generated<number>;
  owner_id: number;
  branch_id: ColumnType<number | null, number | null | undefined, number | null>;
  from_city: string;
  from_address: ColumnType<string, string | undefined, string>;
  to_city: string;
  to_address: ColumnType<string, string | undefined, string>;
  machine: string;
  model_id: ColumnType<number | null, number | null | undefined, number | null>;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  weight_kg: number;
  ready_on: DateColumn;
  deadline_on: DateColumn;
  /** Stored image ids (app/.server/files/images.ts); written as JSON text. */
  photos: ColumnType<unknown, string | undefined, string>;
  /** Digits only. */
  contact_phone: string;
  note: ColumnType<string, string | undefined, string>;
  status: ColumnType<TransportStatus, TransportStatus | undefined, TransportStatus>;
  awarded_bid_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One carrier's bid on a load: unique per load and carrier. */
export interface TransportBidTable {
  id: Generated<number>;
  load_id: number;
  carrier_id: number;
  price_kopecks: ColumnType<number, number | bigint, number | bigint>;
  pickup_on: DateColumn;
  comment: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
