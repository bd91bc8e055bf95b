import { describe, expect, it } from 'vitest';
import {
  isSubTypeOf,
  memberAddSchema,
  pickupLocationCreateSchema,
  pickupLocationsQuerySchema,
  pickupLocationUpdateSchema,
  productTypes,
  shopCreateSchema,
  shopMessages,
  shopReasons,
  shopSettingsSchema,
} from './shop';

const validShop = {
  name: '  Karim Fashion  ',
  email: 'karim@example.com',
  address: 'House 12, Road 5, Mirpur 10',
  areaId: 'dhaka-city--mirpur-10',
  phone: '01712345678',
  reason: 'online_business',
  productType: 'fashion',
  productSubType: 'womens',
};

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('product types', () => {
  it('has unique ids, English and Bengali labels, and at least one subtype each', () => {
    expect(new Set(productTypes.map((t) => t.id)).size).toBe(productTypes.length);
    for (const type of productTypes) {
      expect(type.bn).toMatch(/[\u0980-\u09FF]/);
      expect(type.subTypes.length).toBeGreaterThan(0);
      expect(new Set(type.subTypes.map((s) => s.id)).size, type.id).toBe(type.subTypes.length);
      for (const sub of type.subTypes) {
        expect(sub.en.length).toBeGreaterThan(0);
        expect(sub.bn).toMatch(/[\u0980-\u09FF]/);
      }
    }
  });

  it('knows which subtype belongs to which type', () => {
    expect(isSubTypeOf('fashion', 'shoes')).toBe(true);
    expect(isSubTypeOf('electronics', 'shoes')).toBe(false);
    expect(isSubTypeOf('nothing', 'shoes')).toBe(false);
  });

  it('labels every reason in both languages', () => {
    for (const reason of shopReasons) expect(reason.bn).toMatch(/[\u0980-\u09FF]/);
  });
});

describe('shop creation', () => {
  it('accepts the form, trims, normalises the phone and defaults the merchant type to b2c', () => {
    const shop = shopCreateSchema.parse(validShop);
    expect(shop).toMatchObject({ name: 'Karim Fashion', phone: '8801712345678', merchantType: 'b2c' });
  });

  it.each([
    ['name', 'Shop name is required'],
    ['email', 'Shop email is required'],
    ['address', 'Shop address is required'],
    ['areaId', 'Please select the area'],
    ['phone', 'Invalid phone number'],
    ['reason', 'Please select the reason for opening the shop'],
    ['productType', 'Please select the product type'],
    ['productSubType', 'Please select the product subtype'],
  ])('requires %s (%s)', (field, message) => {
    const { [field as keyof typeof validShop]: _, ...rest } = validShop;
    expect(messageOf(shopCreateSchema.safeParse(rest))).toBe(message);
  });

  it('uses the spec messages for email and phone', () => {
    expect(messageOf(shopCreateSchema.safeParse({ ...validShop, email: 'karim@' }))).toBe('Invalid email');
    expect(messageOf(shopCreateSchema.safeParse({ ...validShop, phone: '01212345678' }))).toBe(
      'Invalid phone number',
    );
  });

  it('refuses a subtype of another type', () => {
    const result = shopCreateSchema.safeParse({ ...validShop, productSubType: 'gadgets' });
    expect(messageOf(result)).toBe(shopMessages.subTypeMismatch);
  });

  it('refuses an address in Bengali', () => {
    const result = shopCreateSchema.safeParse({ ...validShop, address: 'মিরপুর ১০, ঢাকা' });
    expect(messageOf(result)).toBe('Please write the address in English');
  });

  it('takes the optional payload fields, and refuses terms sent as not accepted', () => {
    const shop = shopCreateSchema.parse({
      ...validShop,
      pickupAddress: ' Plot 3, Section 6, Mirpur ',
      returnPhone: '+8801812345678',
      merchantType: 'offline_agent',
      isCurrentTncAccepted: true,
    });
    expect(shop).toMatchObject({
      pickupAddress: 'Plot 3, Section 6, Mirpur',
      returnPhone: '8801812345678',
      merchantType: 'offline_agent',
    });
    expect(shopCreateSchema.parse({ ...validShop, returnPhone: '' }).returnPhone).toBeNull();
    expect(messageOf(shopCreateSchema.safeParse({ ...validShop, isCurrentTncAccepted: false }))).toBe(
      'Please accept the terms and conditions',
    );
    expect(shopCreateSchema.safeParse({ ...validShop, merchantType: 'enterprise' }).success).toBe(false);
  });
});

describe('shop settings', () => {
  it('takes any of the fields', () => {
    expect(shopSettingsSchema.parse({ name: 'New Name' })).toEqual({ name: 'New Name' });
    expect(shopSettingsSchema.parse({})).toEqual({});
  });

  it('needs the product type and subtype together, and matching', () => {
    expect(messageOf(shopSettingsSchema.safeParse({ productType: 'fashion' }))).toBe(
      shopMessages.typeAndSubTypeTogether,
    );
    expect(messageOf(shopSettingsSchema.safeParse({ productSubType: 'shoes' }))).toBe(
      shopMessages.typeAndSubTypeTogether,
    );
    expect(
      messageOf(shopSettingsSchema.safeParse({ productType: 'books_stationery', productSubType: 'shoes' })),
    ).toBe(shopMessages.subTypeMismatch);
    expect(shopSettingsSchema.safeParse({ productType: 'fashion', productSubType: 'shoes' }).success).toBe(
      true,
    );
  });
});

describe('pickup locations', () => {
  const pickup = {
    name: 'Mirpur warehouse',
    address: 'House 12, Road 5, Mirpur 10',
    areaId: 'dhaka-city--mirpur-10',
    phone: '01712345678',
  };

  it('requires name, address, area and phone; the alternate phone is optional', () => {
    expect(pickupLocationCreateSchema.parse(pickup)).toMatchObject({ phone: '8801712345678' });
    for (const [field, message] of [
      ['name', 'Pickup name is required'],
      ['address', 'Pickup address is required'],
      ['areaId', 'Please select the area'],
      ['phone', 'Invalid phone number'],
    ] as const) {
      const { [field]: _, ...rest } = pickup;
      expect(messageOf(pickupLocationCreateSchema.safeParse(rest)), field).toBe(message);
    }
  });

  it('wants an alternate phone different from the phone', () => {
    expect(
      messageOf(pickupLocationCreateSchema.safeParse({ ...pickup, alternatePhone: '+8801712345678' })),
    ).toBe(shopMessages.alternateSamePhone);
    expect(
      pickupLocationCreateSchema.parse({ ...pickup, alternatePhone: '01812345678' }).alternatePhone,
    ).toBe('8801812345678');
  });

  it('edits any field, including the status, but not nothing', () => {
    expect(pickupLocationUpdateSchema.parse({ status: 'inactive' })).toEqual({ status: 'inactive' });
    expect(pickupLocationUpdateSchema.parse({ alternatePhone: null })).toEqual({ alternatePhone: null });
    expect(messageOf(pickupLocationUpdateSchema.safeParse({}))).toBe(shopMessages.nothingToUpdate);
    expect(pickupLocationUpdateSchema.safeParse({ status: 'deleted' }).success).toBe(false);
  });

  it('pages 20 at a time by default and at most 100', () => {
    expect(pickupLocationsQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(pickupLocationsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(pickupLocationsQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
  });
});

describe('team members', () => {
  it('gives an employee the editor or viewer role only', () => {
    expect(memberAddSchema.parse({ phone: '01712345678', role: 'viewer', code: '1234' })).toEqual({
      phone: '8801712345678',
      role: 'viewer',
      code: '1234',
    });
    expect(memberAddSchema.safeParse({ phone: '01712345678', role: 'owner', code: '1234' }).success).toBe(
      false,
    );
    expect(messageOf(memberAddSchema.safeParse({ phone: '01712345678', role: 'editor', code: '' }))).toBe(
      'OTP is required',
    );
  });
});
