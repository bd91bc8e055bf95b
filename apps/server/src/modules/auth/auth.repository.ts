import type { StaffRole } from '@dak/domain/auth';
import { type Kysely, sql } from 'kysely';
import type { DB, Executor, ShopRole } from '../../db/schema';

const userColumns = [
  'id',
  'phone',
  'account_type',
  'display_name',
  'full_name',
  'date_of_birth',
  'password_hash',
  'language',
  'created_at',
] as const;

/** SQL for users, their shops and staff; every method takes an optional transaction. */
export function createAuthRepository(db: Kysely<DB>) {
  return {
    findUserByPhone(phone: string, trx: Executor = db) {
      return trx.selectFrom('users').select(userColumns).where('phone', '=', phone).executeTakeFirst();
    },
    findUserById(id: string, trx: Executor = db) {
      return trx.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },
    /** Creates the user for a phone, or returns the one a parallel request created first. */
    async insertUser(
      values: { phone: string; account_type: 'merchant' | 'partner'; display_name?: string },
      trx: Executor = db,
    ) {
      await trx
        .insertInto('users')
        .values(values)
        .onConflict((oc) => oc.column('phone').doNothing())
        .execute();
      return trx
        .selectFrom('users')
        .select(userColumns)
        .where('phone', '=', values.phone)
        .executeTakeFirstOrThrow();
    },
    updateUser(
      id: string,
      values: Partial<{
        display_name: string;
        full_name: string;
        date_of_birth: string;
        password_hash: string;
        referral_code: string | null;
        terms_accepted_at: Date;
        language: 'en' | 'bn';
      }>,
      now: Date,
      trx: Executor = db,
    ) {
      return trx
        .updateTable('users')
        .set({ ...values, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    shopsOfUser(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('shop_members')
        .innerJoin('shops', 'shops.id', 'shop_members.shop_id')
        .select(['shops.id', 'shops.name', 'shops.merchant_type', 'shop_members.role'])
        .where('shop_members.user_id', '=', userId)
        .where('shop_members.status', '=', 'active')
        .orderBy('shops.created_at')
        .execute();
    },
    /**
     * A parcel, by its ID or tracking ID, in a shop the user is an active member of; undefined
     * for any other parcel (issuing a temporary token for it). Read only: parcels own the table.
     */
    findParcelOfUser(userId: string, ref: string, trx: Executor = db) {
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref);
      return trx
        .selectFrom('parcels')
        .innerJoin('shop_members', 'shop_members.shop_id', 'parcels.shop_id')
        .select(['parcels.id', 'parcels.shop_id'])
        .where('shop_members.user_id', '=', userId)
        .where('shop_members.status', '=', 'active')
        .where(isUuid ? 'parcels.id' : 'parcels.tracking_id', '=', isUuid ? ref : ref.toUpperCase())
        .executeTakeFirst();
    },
    /** The caller's active membership of a shop, or undefined. */
    findMembership(shopId: string, userId: string, trx: Executor = db) {
      return trx
        .selectFrom('shop_members')
        .select(['role'])
        .where('shop_id', '=', shopId)
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },
    async insertShop(
      values: { name: string; owner_user_id: string; daily_parcel_count: number },
      role: ShopRole,
      trx: Executor = db,
    ) {
      const shop = await trx
        .insertInto('shops')
        .values(values)
        .returning(['id', 'name', 'merchant_type'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('shop_members')
        .values({ shop_id: shop.id, user_id: values.owner_user_id, role })
        .execute();
      return { ...shop, role };
    },
    findStaffByPhone(phone: string, trx: Executor = db) {
      return trx
        .selectFrom('staff')
        .select(['id', 'phone', 'name', 'role', 'password_hash', 'active'])
        .where('phone', '=', phone)
        .executeTakeFirst();
    },
    /** `hub_ids`: the hubs the staff member works in (their staff scope), read in the same query. */
    findStaffById(id: string, trx: Executor = db) {
      return trx
        .selectFrom('staff')
        .select(['id', 'phone', 'name', 'role', 'password_hash', 'active'])
        .select(
          sql<string[]>`array(select hub_id from staff_hubs where staff_id = staff.id order by hub_id)`.as(
            'hub_ids',
          ),
        )
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Creates the staff member of a phone, or sets the role, name and password of the one there (npm run staff:create). */
    upsertStaff(values: { phone: string; role: StaffRole; name: string; password_hash: string }, now: Date) {
      const { role, name, password_hash } = values;
      return db
        .insertInto('staff')
        .values(values)
        .onConflict((oc) =>
          oc.column('phone').doUpdateSet({ role, name, password_hash, active: true, updated_at: now }),
        )
        .returning(['id', 'phone', 'role'])
        .executeTakeFirstOrThrow();
    },
    /** Locks the user's row until the transaction ends (parallel sign-up submits wait here). */
    async lockUser(id: string, trx: Executor) {
      await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
    },
    async insertTemporaryToken(values: {
      token_hash: Buffer;
      created_by_user_id: string;
      allowed_action: string;
      identity_type: string;
      identity_value: string;
      entity_type: string;
      entity_value: string;
      created_at: Date;
      expires_at: Date;
    }) {
      await db.insertInto('temporary_access_tokens').values(values).execute();
    },
    findTemporaryToken(tokenHash: Buffer) {
      return db
        .selectFrom('temporary_access_tokens')
        .select([
          'allowed_action',
          'entity_type',
          'entity_value',
          'identity_type',
          'identity_value',
          'expires_at',
          'revoked_at',
        ])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
