import type { StaffRole } from '@dak/domain/auth';
import type { OtpPurpose } from '@dak/domain/otp';
import type { AuditAction } from '@dak/domain/parcel-edits';
import type {
  FlowType,
  ParcelStatus,
  ParcelType,
  PaymentStatus,
  SellerStatus,
} from '@dak/domain/parcel-status';
import type { RateClass } from '@dak/domain/pricing';
import type { ColumnType, Generated } from 'kysely';

/** Row types of the tables in db/migrations, written beside each migration that changes them. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type DivisionsTable = {
  id: string;
  name_en: string;
  name_bn: string;
  aliases: string[];
  lat: number | null;
  lng: number | null;
};

export type DistrictsTable = DivisionsTable & { division_id: string };

export type ZonesTable = { id: string; name_en: string; name_bn: string; sort_order: number };

export type HubsTable = {
  id: string;
  district_id: string;
  name_en: string;
  name_bn: string;
  kind: 'district' | 'city' | 'sorting';
  address: string | null;
  active: Generated<boolean>;
  /** Migration 20261122130000: the hub counter's phone, and when ops last edited the hub. */
  phone: Generated<string | null>;
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type AreaKind = 'upazila' | 'thana' | 'neighbourhood' | 'suburb';

export type AreasTable = {
  id: string;
  district_id: string;
  kind: AreaKind;
  city: string | null;
  parent_upazila_id: string | null;
  name_en: string;
  name_bn: string;
  aliases: string[];
  postcode: string | null;
  zone_id: string;
  hub_id: string;
  is_covered: Generated<boolean>;
  search_text: string;
  /** Normalised names and aliases, one per element (migration 20261122000200). */
  search_names: Generated<string[]>;
};

export type UsersTable = {
  id: Generated<string>;
  phone: string;
  account_type: Generated<'merchant' | 'partner'>;
  display_name: string | null;
  full_name: string | null;
  date_of_birth: string | null;
  password_hash: string | null;
  referral_code: string | null;
  language: Generated<'en' | 'bn'>;
  terms_accepted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Settings and onboarding (migration 20261122020000). */
  notification_prefs: ColumnType<unknown, string | undefined, string>;
  onboarding_tour_seen_at: Timestamp | null;
};

export type ShopsTable = {
  id: Generated<string>;
  name: string;
  owner_user_id: string;
  merchant_type: Generated<'b2c' | 'offline_agent' | 'ltl' | 'b2b'>;
  daily_parcel_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The shop form's fields (migration 20261122010000); null on a shop made at registration. */
  email: string | null;
  address: string | null;
  area_id: string | null;
  phone: string | null;
  return_phone: string | null;
  reason: string | null;
  product_type: string | null;
  product_sub_type: string | null;
  preferred_zone_id: string | null;
  referrer_code: string | null;
  terms_accepted_at: Timestamp | null;
  /** Migration 20261122030000: the shop's own price plan; null = the default plan. */
  price_plan_id: string | null;
  /** Migration 20261122060000: most rows one bulk upload may hold (1..10 000). */
  bulk_import_limit: Generated<number>;
};

export type ShopRole = 'owner' | 'editor' | 'viewer';

export type ShopMembersTable = {
  shop_id: string;
  user_id: string;
  role: ShopRole;
  status: Generated<'active' | 'removed'>;
  created_at: CreatedAt;
  /** Migration 20261122010000: the shop list's order, who added the member, last change. */
  last_selected_at: Timestamp | null;
  added_by_user_id: string | null;
  updated_at: Timestamp;
};

/** Migration 20261122010000. */
export type PickupLocationsTable = {
  id: Generated<string>;
  shop_id: string;
  name: string;
  address: string;
  area_id: string;
  phone: string;
  alternate_phone: string | null;
  status: Generated<'active' | 'inactive'>;
  created_by_user_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type StaffTable = {
  id: Generated<string>;
  phone: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type SessionsTable = {
  id: Generated<string>;
  token_hash: Buffer;
  user_id: string | null;
  staff_id: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
};

export type TemporaryAccessTokensTable = {
  id: Generated<string>;
  token_hash: Buffer;
  created_by_user_id: string | null;
  allowed_action: string;
  identity_type: string;
  identity_value: string;
  entity_type: string;
  entity_value: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
};

export type OtpCodesTable = {
  id: Generated<string>;
  phone: string;
  purpose: OtpPurpose;
  code_hash: Buffer;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  verified_at: Timestamp | null;
  consumed_at: Timestamp | null;
  requested_ip: string | null;
  /** The shop a code is for ('' when its purpose has no shop); migration 20261126013000. */
  context: Generated<string>;
};

/** 20261126010000_staff-bootstrap-codes: the one-time code `staff:create` prints. */
export type StaffBootstrapCodesTable = {
  staff_id: string;
  code_hash: Buffer;
  expires_at: Timestamp;
  password_checked_at: Timestamp | null;
  attempts: Generated<number>;
  created_at: CreatedAt;
};

/** One counted request of a sliding-window limit (migration 20261126013000). */
export type RateLimitHitsTable = { id: Generated<string>; key: string; at: Timestamp };

/** A phone whose codes are refused until locked_until, after too many wrong ones. */
export type OtpLocksTable = {
  phone: string;
  locked_at: Timestamp;
  locked_until: Timestamp;
  notified_at: Timestamp | null;
};

export type SmsOutboxTable = {
  id: Generated<number>;
  to_phone: string;
  body: string;
  purpose: string;
  provider: string;
  status: 'recorded' | 'sent' | 'failed' | 'sending' | 'unconfirmed';
  provider_message_id: string | null;
  error: string | null;
  created_at: CreatedAt;
  /** One SMS of a job, held while not failed (migration 20261126013000). */
  dedupe_key: ColumnType<string | null, string | null | undefined, string | null>;
};

// Payments, NID, terms, preferences and flags (migration 20261122020000) ----------------------

export type BanksTable = {
  id: string;
  code: string;
  name_en: string;
  name_bn: string | null;
  short_name: string | null;
  kind: 'state_owned' | 'specialised' | 'private' | 'islamic' | 'foreign';
  active: Generated<boolean>;
};

export type BankBranchesTable = {
  id: Generated<number>;
  bank_id: string;
  routing_number: string;
  name_en: string;
  name_bn: string | null;
  district_id: string;
  address: string | null;
  active: Generated<boolean>;
  updated_at: Generated<Date>;
};

type PaymentMethodColumns = {
  method: 'bank' | 'bkash';
  bank_id: string | null;
  branch_id: number | null;
  account_name: string | null;
  account_number: string | null;
  routing_number: string | null;
  wallet_number: string | null;
};

export type ShopPaymentMethodsTable = PaymentMethodColumns & {
  shop_id: string;
  updated_by_user_id: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type ShopPaymentMethodChangesTable = PaymentMethodColumns & {
  id: Generated<number>;
  shop_id: string;
  changed_by_user_id: string;
  changed_at: Timestamp;
  ip: string | null;
};

export type NidSubmissionsTable = {
  id: Generated<string>;
  seq: Generated<number>;
  user_id: string;
  shop_id: string | null;
  submitted_by_user_id: string;
  nid_number: string;
  front_key: string;
  front_content_type: string;
  front_bytes: number;
  back_key: string;
  back_content_type: string;
  back_bytes: number;
  status: Generated<'pending' | 'verified' | 'failed'>;
  reason: string | null;
  reviewed_by_staff_id: string | null;
  reviewed_at: Timestamp | null;
  created_at: Timestamp;
};

export type NidSkipsTable = {
  id: Generated<number>;
  user_id: string;
  shop_id: string | null;
  skipped_by_user_id: string;
  created_at: Timestamp;
};

export type TermsVersionsTable = {
  version: number;
  body_en: string;
  body_bn: string;
  published_at: Timestamp;
  published_by_staff_id: string | null;
};

export type TermsAcceptancesTable = {
  id: Generated<number>;
  shop_id: string;
  version: number;
  accepted_by_user_id: string;
  accepted_at: Timestamp;
  ip: string | null;
};

export type PreferencesTable = {
  name: string;
  value: ColumnType<unknown, string, string>;
  public: Generated<boolean>;
  description: string | null;
  updated_at: Timestamp;
};

export type FeatureFlagsTable = {
  name: string;
  description: string | null;
  enabled: Generated<boolean>;
  percentage: Generated<number>;
  allow_list: Generated<string[]>;
  updated_at: Timestamp;
  updated_by_staff_id: string | null;
};

export type FeatureFlagChangesTable = {
  id: Generated<number>;
  name: string;
  enabled: boolean;
  percentage: number;
  allow_list: string[];
  changed_by_staff_id: string;
  changed_at: Timestamp;
};

// Pricing (migration 20261122030000) ------------------------------------------------------------

export type PricePlansTable = {
  id: string;
  name: string;
  /** pricePlanSchema of packages/domain/src/pricing.ts; parse it on read. */
  plan: ColumnType<unknown, string, string>;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type ParcelCategoriesTable = {
  id: string;
  name_en: string;
  name_bn: string;
  surcharge_poisha: Generated<number>;
  sort_order: Generated<number>;
  active: Generated<boolean>;
};

export type ParcelCategoryVariantsTable = ParcelCategoriesTable & { category_id: string };

// Parcels (migration 20261122040000) ------------------------------------------------------------

export type ParcelsTable = {
  id: Generated<string>;
  tracking_id: string;
  shop_id: string;
  pickup_location_id: string;
  delivery_area_id: string;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  alternate_phone: string | null;
  invoice_id: string | null;
  category_id: string | null;
  category_variant_id: string | null;
  selling_price_poisha: number;
  cash_collection_poisha: number;
  weight_grams: number;
  instructions: string | null;
  parcel_type: Generated<ParcelType>;
  flow_type: Generated<FlowType>;
  status: ParcelStatus;
  seller_status: SellerStatus;
  payment_status: Generated<PaymentStatus>;
  delivery_charge_poisha: number;
  cod_charge_poisha: number;
  total_charge_poisha: number;
  return_charge_poisha: number;
  rate_class: RateClass;
  price_plan_id: string;
  /** YYYY-MM-DD (Dhaka). */
  pickup_date: string;
  created_by_user_id: string | null;
  customer_phone_edits: Generated<number>;
  cash_collection_edits: Generated<number>;
  customer_address_edits: Generated<number>;
  /** The forward leg of an exchange names its reverse leg. */
  reverse_parcel_id: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 20261122130000: taka collected on delivery (in poisha), full or partial. */
  amount_collected_poisha: Generated<number | null>;
  /** Migration 20261122170000: returns (reattempt approved, the return hand-over code), IVR. */
  reattempt_approved_at: Generated<Date | null>;
  return_otp_hash: Generated<Buffer | null>;
  return_otp_sent_at: Generated<Date | null>;
  return_otp_failures: Generated<number>;
  robocall_verified_at: Generated<Date | null>;
};

export type ParcelEventsTable = {
  id: Generated<number>;
  parcel_id: string;
  at: Timestamp;
  actor_user_id: string | null;
  actor_staff_id: string | null;
  from_status: ParcelStatus | null;
  to_status: ParcelStatus;
  reason: string | null;
  note: string | null;
  hub_id: string | null;
  /** Migration 20261122130000: a delivery's amount and how it was proved. */
  amount_collected_poisha: Generated<number | null>;
  proof_kind: Generated<'otp' | 'photo' | 'staff' | null>;
};

export type IdempotencyKeysTable = {
  shop_id: string;
  key: string;
  request_hash: string;
  status_code: number;
  /** The first response's body; JSON.stringify it on write. */
  response: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
};

// Parcel edits, notes, audit log, address book, customer flags (migration 20261122050000) --------

export type ParcelAuditLogTable = {
  id: Generated<number>;
  parcel_id: string;
  at: Timestamp;
  actor_user_id: string | null;
  actor_staff_id: string | null;
  action: AuditAction;
  field: 'customerPhone' | 'cashCollectionAmount' | 'customerAddress' | 'deliveryArea' | null;
  old_value: string | null;
  new_value: string | null;
  /** Migration 20261122170000: from where (null on rows written before it, and for jobs). */
  ip: Generated<string | null>;
  user_agent: Generated<string | null>;
};

export type ParcelNotesTable = {
  id: Generated<string>;
  parcel_id: string;
  author_user_id: string;
  note: string;
  created_at: Timestamp;
  removed_at: Timestamp | null;
  removed_by_user_id: string | null;
};

export type ShopCustomersTable = {
  id: Generated<string>;
  shop_id: string;
  phone: string;
  name: string;
  address: string;
  delivery_area_id: string;
  alternate_phone: string | null;
  parcel_count: Generated<number>;
  last_booked_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type CustomerFlagsTable = {
  shop_id: string;
  phone: string;
  reason: string;
  flagged_by_user_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DB = {
  divisions: DivisionsTable;
  districts: DistrictsTable;
  zones: ZonesTable;
  hubs: HubsTable;
  areas: AreasTable;
  users: UsersTable;
  shops: ShopsTable;
  shop_members: ShopMembersTable;
  pickup_locations: PickupLocationsTable;
  staff: StaffTable;
  sessions: SessionsTable;
  temporary_access_tokens: TemporaryAccessTokensTable;
  otp_codes: OtpCodesTable;
  staff_bootstrap_codes: StaffBootstrapCodesTable;
  rate_limit_hits: RateLimitHitsTable;
  otp_locks: OtpLocksTable;
  sms_outbox: SmsOutboxTable;
  banks: BanksTable;
  bank_branches: BankBranchesTable;
  shop_payment_methods: ShopPaymentMethodsTable;
  shop_payment_method_changes: ShopPaymentMethodChangesTable;
  nid_submissions: NidSubmissionsTable;
  nid_skips: NidSkipsTable;
  terms_versions: TermsVersionsTable;
  terms_acceptances: TermsAcceptancesTable;
  preferences: PreferencesTable;
  feature_flags: FeatureFlagsTable;
  feature_flag_changes: FeatureFlagChangesTable;
  price_plans: PricePlansTable;
  parcel_categories: ParcelCategoriesTable;
  parcel_category_variants: ParcelCategoryVariantsTable;
  parcels: ParcelsTable;
  parcel_events: ParcelEventsTable;
  staff_hubs: StaffHubsTable;
  delivery_runs: DeliveryRunsTable;
  delivery_run_parcels: DeliveryRunParcelsTable;
  delivery_proofs: DeliveryProofsTable;
  idempotency_keys: IdempotencyKeysTable;
  parcel_audit_log: ParcelAuditLogTable;
  parcel_notes: ParcelNotesTable;
  shop_customers: ShopCustomersTable;
  customer_flags: CustomerFlagsTable;
  bulk_parcel_create_logs: BulkParcelCreateLogsTable;
  parcel_exports: ParcelExportsTable;
  parcel_list_preferences: ParcelListPreferencesTable;
  booths: BoothsTable;
  truck_types: TruckTypesTable;
  faq_entries: FaqEntriesTable;
  media: MediaTable;
  blog_posts: BlogPostsTable;
  enterprise_leads: EnterpriseLeadsTable;
  enterprise_lead_events: EnterpriseLeadEventsTable;
  pickups: PickupsTable;
  pickup_items: PickupItemsTable;
  line_haul_trips: LineHaulTripsTable;
  bags: BagsTable;
  bag_parcels: BagParcelsTable;
  trip_receipt_scans: TripReceiptScansTable;
  approvals: ApprovalsTable;
  call_logs: CallLogsTable;
  telephony_webhook_events: TelephonyWebhookEventsTable;
};

/** Migration 20261122150000: pickups, the rider's ticks, bags, line-haul trips, receipt scans. */
export type PickupsTable = {
  id: Generated<string>;
  pickup_location_id: string;
  pickup_date: string;
  hub_id: string;
  rider_id: string | null;
  assigned_by: string | null;
  assigned_at: Date | null;
  created_at: CreatedAt;
};
export type PickupItemsTable = {
  pickup_id: string;
  parcel_id: string;
  picked_up: boolean;
  reason: string | null;
  at: Date;
};
export type LineHaulTripsTable = {
  id: Generated<string>;
  code: string;
  origin_hub_id: string;
  destination_hub_id: string;
  vehicle: string | null;
  status: Generated<'loading' | 'dispatched' | 'received'>;
  created_by: string;
  created_at: Date;
  dispatched_at: Date | null;
  dispatched_by: string | null;
  received_at: Date | null;
  received_by: string | null;
};
export type BagsTable = {
  id: Generated<string>;
  code: string;
  origin_hub_id: string;
  destination_hub_id: string;
  trip_id: string | null;
  created_by: string;
  created_at: Date;
};
export type BagParcelsTable = {
  bag_id: string;
  parcel_id: string;
  added_at: Date;
  added_by: string;
};
export type TripReceiptScansTable = {
  id: Generated<string>;
  trip_id: string;
  code: string;
  parcel_id: string | null;
  in_manifest: boolean;
  at: Date;
  scanned_by: string;
};

// Returns, calls and audit (migration 20261122170000) ---------------------------------------------

export type ApprovalsTable = {
  id: Generated<string>;
  type: 'return_reattempt_request';
  status: Generated<'pending' | 'approved' | 'rejected'>;
  parcel_id: string;
  shop_id: string;
  reason: string;
  note: string | null;
  requested_by_user_id: string;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by_staff_id: string | null;
  decision_note: string | null;
};

export type CallLogsTable = {
  id: Generated<string>;
  parcel_id: string;
  shop_id: string;
  source: 'rider' | 'telephony';
  outcome: 'answered' | 'no_answer' | 'busy' | 'failed';
  started_at: Timestamp;
  duration_seconds: number | null;
  customer_phone: string;
  caller_staff_id: string | null;
  provider_call_id: string | null;
  recording_key: string | null;
  recording_deleted_at: Timestamp | null;
  created_at: Timestamp;
};

export type TelephonyWebhookEventsTable = { event_id: string; received_at: Timestamp };

/** Migration 20261122060000: one row per bulk confirm (spec 7, bulk-parcel-create-log). */
export type BulkParcelCreateLogsTable = {
  id: Generated<string>;
  shop_id: string;
  user_id: string;
  file_name: string | null;
  total: number;
  created: number;
  failed: number;
  created_at: Date;
};

/** Migration 20261122090000: parcel list exports to xlsx, built by the export-parcels job. */
export type ParcelExportsTable = {
  id: Generated<string>;
  shop_id: string;
  user_id: string;
  filters: ColumnType<unknown, string, string>;
  status: Generated<'queued' | 'running' | 'ready' | 'failed'>;
  rows_done: Generated<number>;
  row_count: number | null;
  file_name: string;
  storage_key: string | null;
  size_bytes: number | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date;
};

/** Migration 20261122090000: each user's parcel-list preferences per shop. */
export type ParcelListPreferencesTable = {
  user_id: string;
  shop_id: string;
  preferences: ColumnType<unknown, string, string>;
  updated_at: Date;
};

/** Migration 20261122120000: the public site's content (issue 6). */
export type BoothsTable = {
  id: Generated<string>;
  name_en: string;
  name_bn: string;
  address_en: string;
  address_bn: string;
  district_id: string;
  area_id: string | null;
  phone: string;
  hours_en: string;
  hours_bn: string;
  services: string[];
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type TruckTypesTable = {
  id: Generated<string>;
  name_en: string;
  name_bn: string;
  capacity_kg: number;
  length_feet: number;
  description_en: string;
  description_bn: string;
  indicative_price_taka: number;
  price_unit: 'trip' | 'day';
  position: Generated<number>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type FaqEntriesTable = {
  id: Generated<string>;
  question_en: string;
  question_bn: string;
  answer_en: string;
  answer_bn: string;
  category: string;
  position: Generated<number>;
  status: ColumnType<'draft' | 'published', 'draft' | 'published' | undefined, 'draft' | 'published'>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type MediaTable = {
  id: Generated<string>;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  created_by_staff_id: string | null;
  created_at: CreatedAt;
};

export type BlogPostsTable = {
  id: Generated<string>;
  slug: string;
  title_en: string;
  title_bn: string;
  excerpt_en: string;
  excerpt_bn: string;
  body_en: string;
  body_bn: string;
  cover_media_id: string | null;
  status: ColumnType<'draft' | 'published', 'draft' | 'published' | undefined, 'draft' | 'published'>;
  published_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type EnterpriseLeadsTable = {
  id: Generated<string>;
  name: string;
  email: string;
  phone: string;
  company: string;
  requirement: string;
  status: ColumnType<
    'new' | 'contacted' | 'won' | 'lost',
    'new' | 'contacted' | 'won' | 'lost' | undefined,
    'new' | 'contacted' | 'won' | 'lost'
  >;
  ip: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type EnterpriseLeadEventsTable = {
  id: Generated<string>;
  lead_id: string;
  from_status: string;
  to_status: string;
  note: string;
  staff_id: string | null;
  created_at: CreatedAt;
};

/** Migration 20261122130000: which hubs a staff member works in (a rider: exactly one). */
export type StaffHubsTable = {
  staff_id: string;
  hub_id: string;
  created_at: Generated<Timestamp>;
};

/** Migration 20261122160000: a rider's parcels for one day (delivery runs). */
export type DeliveryRunsTable = {
  id: Generated<string>;
  hub_id: string;
  rider_id: string;
  /** YYYY-MM-DD, the day in Dhaka. */
  run_date: ColumnType<string, string, string>;
  created_by: string;
  created_at: CreatedAt;
};

export type DeliveryRunParcelsTable = {
  /** One attempt: a parcel re-sent on the same run after a failed attempt gets a new row. */
  id: Generated<string>;
  run_id: string;
  parcel_id: string;
  added_at: Timestamp;
  /** Migration 20261125110000: null until the send-parcel-sms job has made the code. */
  otp_hash: Buffer | null;
  otp_expires_at: Timestamp;
  otp_attempts: Generated<number>;
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

export type DeliveryProofsTable = {
  id: Generated<string>;
  rider_id: string;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  parcel_id: string | null;
  created_at: CreatedAt;
};
