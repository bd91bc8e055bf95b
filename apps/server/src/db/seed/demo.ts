import type { Kysely } from 'kysely';
import { hashPassword } from '../../modules/auth/passwords';
import type { DB } from '../schema';

/** The demo logins `npm start` prints; only ever created outside production, on an empty database. */
export const demoAccounts = {
  merchant: {
    phone: '8801700000001',
    localPhone: '01700000001',
    password: 'demo-merchant-1',
    name: 'Rahim Uddin',
    shop: 'Mirpur Fashion House',
  },
  admin: { phone: '8801700000009', localPhone: '01700000009', password: 'demo-admin-1', name: 'Dak Admin' },
} as const;

const demoArea = 'dhaka-city--mirpur-10';

export async function seedDemoData(db: Kysely<DB>): Promise<boolean> {
  const anyone = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const anyStaff = await db.selectFrom('staff').select('id').limit(1).executeTakeFirst();
  if (anyone || anyStaff) return false;
  const { merchant, admin } = demoAccounts;
  const [merchantHash, adminHash] = await Promise.all([
    hashPassword(merchant.password),
    hashPassword(admin.password),
  ]);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        phone: merchant.phone,
        display_name: merchant.name,
        full_name: 'Md. Rahim Uddin',
        date_of_birth: '1990-05-15',
        password_hash: merchantHash,
        terms_accepted_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shop = await trx
      .insertInto('shops')
      .values({
        name: merchant.shop,
        owner_user_id: user.id,
        daily_parcel_count: 40,
        email: 'orders@mirpurfashion.example',
        address: 'House 14, Road 3, Section 10, Mirpur',
        area_id: demoArea,
        phone: merchant.phone,
        return_phone: merchant.phone,
        reason: 'online_business',
        product_type: 'fashion',
        product_sub_type: 'womens',
        terms_accepted_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('shop_members')
      .values({ shop_id: shop.id, user_id: user.id, role: 'owner' })
      .execute();
    // A pickup location, so the demo merchant can book a parcel at once.
    await trx
      .insertInto('pickup_locations')
      .values({
        shop_id: shop.id,
        name: 'Mirpur warehouse',
        address: 'House 14, Road 3, Section 10, Mirpur',
        area_id: demoArea,
        phone: merchant.phone,
        created_by_user_id: user.id,
      })
      .execute();
    await trx
      .insertInto('staff')
      .values({ phone: admin.phone, name: admin.name, role: 'admin', password_hash: adminHash })
      .execute();
  });
  return true;
}
