import type { OtpPurpose } from '@dak/domain/otp';
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
};

export type ShopsTable = {
  id: Generated<string>;
  name: string;
  owner_user_id: string;
  merchant_type: Generated<'b2c' | 'offline_agent' | 'ltl' | 'b2b'>;
  daily_parcel_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
};

export type ShopRole = 'owner' | 'editor' | 'viewer';

export type ShopMembersTable = {
  shop_id: string;
  user_id: string;
  role: ShopRole;
  status: Generated<'active' | 'removed'>;
  created_at: CreatedAt;
};

export type StaffTable = {
  id: Generated<string>;
  phone: string;
  name: string;
  role: 'admin' | 'hub_manager' | 'rider' | 'finance' | 'support';
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
};

export type RateLimitCountersTable = { key: string; window_start: Timestamp; hits: number };

export type SmsOutboxTable = {
  id: Generated<number>;
  to_phone: string;
  body: string;
  purpose: string;
  provider: string;
  status: 'recorded' | 'sent' | 'failed';
  provider_message_id: string | null;
  error: string | null;
  created_at: CreatedAt;
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
  staff: StaffTable;
  sessions: SessionsTable;
  temporary_access_tokens: TemporaryAccessTokensTable;
  otp_codes: OtpCodesTable;
  rate_limit_counters: RateLimitCountersTable;
  sms_outbox: SmsOutboxTable;
};
