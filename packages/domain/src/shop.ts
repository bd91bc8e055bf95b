import { z } from 'zod';
import { addressSchema } from './address';
import { merchantTypes, referralCodeSchema, shopRoles } from './auth';
import type { Bilingual } from './bilingual';
import { messages } from './errors';
import { listSchema, pageQuery } from './lists';
import { keyed } from './messages';
import { emailSchema, nameSchema, requiredText } from './names';
import { otpCodeSchema } from './otp';
import { permissions } from './permissions';
import { phoneSchema } from './phone';

/**
 * Shops, their pickup locations and their team: the contracts of the shop form, shop settings,
 * manage pickup and manage team screens (spec 3, 5, 6), shared by the web forms and the server.
 */

type Label = Bilingual;
type ProductType = Label & { id: string; subTypes: readonly (Label & { id: string })[] };

/** What a shop sells, as Bangladeshi online sellers describe it; the subtype list depends on the type. */
export const productTypes = [
  {
    id: 'fashion',
    en: 'Fashion & clothing',
    bn: 'ফ্যাশন ও পোশাক',
    subTypes: [
      { id: 'womens', en: "Women's clothing", bn: 'মেয়েদের পোশাক' },
      { id: 'mens', en: "Men's clothing", bn: 'ছেলেদের পোশাক' },
      { id: 'kids', en: "Kids' clothing", bn: 'শিশুদের পোশাক' },
      { id: 'saree_three_piece', en: 'Saree & three-piece', bn: 'শাড়ি ও থ্রি-পিস' },
      { id: 'shoes', en: 'Shoes', bn: 'জুতা' },
      { id: 'bags', en: 'Bags', bn: 'ব্যাগ' },
      { id: 'jewellery_accessories', en: 'Jewellery & accessories', bn: 'গয়না ও অ্যাক্সেসরিজ' },
    ],
  },
  {
    id: 'electronics',
    en: 'Electronics',
    bn: 'ইলেকট্রনিক্স',
    subTypes: [
      { id: 'mobile_accessories', en: 'Mobile & accessories', bn: 'মোবাইল ও অ্যাক্সেসরিজ' },
      { id: 'computers', en: 'Computers & accessories', bn: 'কম্পিউটার ও অ্যাক্সেসরিজ' },
      { id: 'home_appliances', en: 'Home appliances', bn: 'গৃহস্থালি যন্ত্রপাতি' },
      { id: 'gadgets', en: 'Gadgets', bn: 'গ্যাজেট' },
    ],
  },
  {
    id: 'beauty_health',
    en: 'Beauty & health',
    bn: 'সৌন্দর্য ও স্বাস্থ্য',
    subTypes: [
      { id: 'skin_care', en: 'Skin care', bn: 'ত্বকের যত্ন' },
      { id: 'makeup', en: 'Makeup', bn: 'মেকআপ' },
      { id: 'hair_care', en: 'Hair care', bn: 'চুলের যত্ন' },
      { id: 'fragrance', en: 'Perfume & attar', bn: 'পারফিউম ও আতর' },
      { id: 'personal_care', en: 'Personal care', bn: 'ব্যক্তিগত যত্ন' },
    ],
  },
  {
    id: 'food_grocery',
    en: 'Food & grocery',
    bn: 'খাবার ও মুদি',
    subTypes: [
      { id: 'grocery', en: 'Grocery', bn: 'মুদি পণ্য' },
      { id: 'home_made_food', en: 'Home-made food', bn: 'ঘরে তৈরি খাবার' },
      { id: 'snacks_sweets', en: 'Snacks & sweets', bn: 'নাস্তা ও মিষ্টি' },
      { id: 'fruits_vegetables', en: 'Fruits & vegetables', bn: 'ফল ও সবজি' },
      { id: 'honey_ghee_dry_food', en: 'Honey, ghee & dry food', bn: 'মধু, ঘি ও শুকনো খাবার' },
    ],
  },
  {
    id: 'home_living',
    en: 'Home & living',
    bn: 'ঘর ও গৃহসজ্জা',
    subTypes: [
      { id: 'furniture', en: 'Furniture', bn: 'আসবাবপত্র' },
      { id: 'kitchen_dining', en: 'Kitchen & dining', bn: 'রান্নাঘর ও ডাইনিং' },
      { id: 'home_decor', en: 'Home décor', bn: 'ঘর সাজানো' },
      { id: 'bedding_textiles', en: 'Bedding & textiles', bn: 'বিছানার চাদর ও কাপড়' },
      { id: 'plants_gardening', en: 'Plants & gardening', bn: 'গাছ ও বাগান' },
    ],
  },
  {
    id: 'books_stationery',
    en: 'Books & stationery',
    bn: 'বই ও স্টেশনারি',
    subTypes: [
      { id: 'books', en: 'Books', bn: 'বই' },
      { id: 'stationery', en: 'Stationery', bn: 'স্টেশনারি' },
      { id: 'office_supplies', en: 'Office supplies', bn: 'অফিস সামগ্রী' },
    ],
  },
  {
    id: 'baby_kids',
    en: 'Baby & kids',
    bn: 'শিশু ও বাচ্চাদের পণ্য',
    subTypes: [
      { id: 'baby_care', en: 'Baby care', bn: 'শিশুর যত্ন' },
      { id: 'toys_games', en: 'Toys & games', bn: 'খেলনা' },
      { id: 'baby_food', en: 'Baby food', bn: 'শিশুখাদ্য' },
    ],
  },
  {
    id: 'handicrafts',
    en: 'Handicrafts',
    bn: 'হস্তশিল্প',
    subTypes: [
      { id: 'nakshi_kantha_textiles', en: 'Nakshi kantha & handloom', bn: 'নকশিকাঁথা ও তাঁত' },
      { id: 'pottery', en: 'Pottery & ceramics', bn: 'মৃৎশিল্প' },
      { id: 'jute_bamboo', en: 'Jute, cane & bamboo', bn: 'পাট, বেত ও বাঁশ' },
      { id: 'art', en: 'Art & paintings', bn: 'শিল্পকর্ম' },
    ],
  },
  {
    id: 'medicine_pharmacy',
    en: 'Medicine & pharmacy',
    bn: 'ঔষধ ও ফার্মেসি',
    subTypes: [
      { id: 'medicine', en: 'Medicine', bn: 'ঔষধ' },
      { id: 'medical_devices', en: 'Medical devices', bn: 'চিকিৎসা সরঞ্জাম' },
      { id: 'herbal', en: 'Herbal & ayurvedic', bn: 'ভেষজ ও আয়ুর্বেদিক' },
    ],
  },
  {
    id: 'other',
    en: 'Other',
    bn: 'অন্যান্য',
    subTypes: [{ id: 'other', en: 'Other', bn: 'অন্যান্য' }],
  },
] as const satisfies readonly ProductType[];

export type ProductTypeId = (typeof productTypes)[number]['id'];
export const productTypeIds = productTypes.map((t) => t.id) as [ProductTypeId, ...ProductTypeId[]];

/** Whether a subtype id belongs to a product type (a subtype is only meaningful under its type). */
export function isSubTypeOf(productType: string, productSubType: string): boolean {
  const type = productTypes.find((t) => t.id === productType);
  return Boolean(type?.subTypes.some((s) => s.id === productSubType));
}

/** Why the merchant opens the shop (spec: "reason for opening", payload "accountPurpose"). */
export const shopReasons = [
  {
    id: 'online_business',
    en: 'Online business (Facebook page, website)',
    bn: 'অনলাইন ব্যবসা (ফেসবুক পেজ, ওয়েবসাইট)',
  },
  { id: 'physical_shop', en: 'Shop or showroom that delivers', bn: 'দোকান বা শোরুম থেকে ডেলিভারি' },
  { id: 'wholesale', en: 'Wholesale or B2B supply', bn: 'পাইকারি বা বি২বি সরবরাহ' },
  { id: 'corporate', en: 'Company or institution', bn: 'কোম্পানি বা প্রতিষ্ঠান' },
  { id: 'personal', en: 'Personal parcels', bn: 'ব্যক্তিগত পার্সেল' },
  { id: 'other', en: 'Other', bn: 'অন্যান্য' },
] as const satisfies readonly (Label & { id: string })[];

export type ShopReason = (typeof shopReasons)[number]['id'];
export const shopReasonIds = shopReasons.map((r) => r.id) as [ShopReason, ...ShopReason[]];

export const shopMessages = keyed('shop', {
  emailRequired: 'Shop email is required',
  reasonRequired: 'Please select the reason for opening the shop',
  productTypeRequired: 'Please select the product type',
  productSubTypeRequired: 'Please select the product subtype',
  subTypeMismatch: 'Please select a product subtype of the chosen product type',
  typeAndSubTypeTogether: 'Send the product type and subtype together',
  areaRequired: 'Please select the area',
  areaNotFound: 'Please select an area from the list',
  zoneNotFound: 'Please select a delivery zone from the list',
  samePhone: 'This is already the number on the shop',
  alternateSamePhone: 'The alternate phone must be different from the phone',
  nothingToUpdate: 'Nothing to update',
} as const);

/** Pickup messages the web shows after a save (spec 8). */
export const pickupMessages = keyed('pickup', {
  created: 'Pickup created successfully',
  updated: 'Pickup updated successfully',
  notFound: 'Pickup location not found',
  areaNotCovered: 'We do not pick up from this area yet. Please choose another area.',
} as const);

export const teamMessages = keyed('team', {
  alreadyMember: 'This phone number is already a member of this shop',
  ownerPhone: "This is the shop owner's phone number",
  partnerAccount: 'This phone number has a partner account and cannot join a shop team',
  memberNotFound: 'Team member not found',
  ownerCannotChange: "The shop owner's role cannot be changed",
  ownerCannotBeRemoved: 'The shop owner cannot be removed',
  added: 'Team member added',
} as const);

const emailField = requiredText(shopMessages.emailRequired).pipe(emailSchema);
const areaIdField = requiredText(shopMessages.areaRequired).max(100);
const reasonField = z.enum(shopReasonIds, { error: shopMessages.reasonRequired });
const productTypeField = z.enum(productTypeIds, { error: shopMessages.productTypeRequired });
const productSubTypeField = requiredText(shopMessages.productSubTypeRequired).max(50);

function subTypeMatches(value: { productType?: string; productSubType?: string }) {
  if (value.productType === undefined || value.productSubType === undefined) return true;
  return isSubTypeOf(value.productType, value.productSubType);
}

/** An optional phone a form may leave blank: "" and null mean "none". */
const optionalPhone = z.union([z.literal('').transform(() => null), z.null(), phoneSchema]).optional();

/**
 * Creating a shop (My shops → add). Required: the shop form's fields; optional: the rest of the
 * spec's creation payload. Terms, when sent, must be accepted (the spec always sends true).
 */
export const shopCreateSchema = z
  .object({
    name: nameSchema('Shop name'),
    email: emailField,
    address: addressSchema('Shop address'),
    areaId: areaIdField,
    phone: phoneSchema,
    reason: reasonField,
    productType: productTypeField,
    productSubType: productSubTypeField,
    pickupAddress: addressSchema('Pickup address').optional(),
    preferredDeliveryZone: z.string().trim().min(1).max(50).optional(),
    referrerCode: referralCodeSchema.optional(),
    returnPhone: optionalPhone,
    merchantType: z.enum(merchantTypes).default('b2c'),
    isCurrentTncAccepted: z.literal(true, { error: messages.termsNotAccepted }).optional(),
  })
  .refine(subTypeMatches, { message: shopMessages.subTypeMismatch, path: ['productSubType'] });
export type ShopCreate = z.infer<typeof shopCreateSchema>;

/** Shop settings: any of the shop form's fields; the product type and subtype travel together. */
export const shopSettingsSchema = z
  .object({
    name: nameSchema('Shop name'),
    email: emailField,
    address: addressSchema('Shop address'),
    areaId: areaIdField,
    reason: reasonField,
    productType: productTypeField,
    productSubType: productSubTypeField,
  })
  .partial()
  .refine((v) => (v.productType === undefined) === (v.productSubType === undefined), {
    message: shopMessages.typeAndSubTypeTogether,
    path: ['productSubType'],
  })
  .refine(subTypeMatches, { message: shopMessages.subTypeMismatch, path: ['productSubType'] });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** Shop phone or return phone change: first a code to the new number, then the number with the code. */
export const phoneChangeOtpSchema = z.object({ phone: phoneSchema });
export const phoneChangeSchema = z.object({ phone: phoneSchema, code: otpCodeSchema });

// Pickup locations -------------------------------------------------------------------------

export const pickupStatuses = ['active', 'inactive'] as const;
export type PickupStatus = (typeof pickupStatuses)[number];

const pickupFields = {
  name: nameSchema('Pickup name'),
  address: addressSchema('Pickup address'),
  areaId: areaIdField,
  phone: phoneSchema,
  alternatePhone: optionalPhone,
};

function alternateDiffers(v: { phone?: string; alternatePhone?: string | null }) {
  return !v.phone || !v.alternatePhone || v.phone !== v.alternatePhone;
}

/** A new pickup location (Manage pickup → add); it starts active. */
export const pickupLocationCreateSchema = z
  .object(pickupFields)
  .refine(alternateDiffers, { message: shopMessages.alternateSamePhone, path: ['alternatePhone'] });
export type PickupLocationCreate = z.infer<typeof pickupLocationCreateSchema>;

/** Editing one: any of its fields, including switching it on or off. */
export const pickupLocationUpdateSchema = z
  .object({ ...pickupFields, status: z.enum(pickupStatuses) })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: shopMessages.nothingToUpdate })
  .refine(alternateDiffers, { message: shopMessages.alternateSamePhone, path: ['alternatePhone'] });
export type PickupLocationUpdate = z.infer<typeof pickupLocationUpdateSchema>;

export const pickupLocationsQuerySchema = z.object({
  status: z.enum(pickupStatuses).optional(),
  q: z.string().trim().max(100).optional(),
  ...pageQuery(100, 20, 100_000),
});

// Team -------------------------------------------------------------------------------------

/** Roles the owner can give; there is one owner, fixed at the shop's creation. */
export const employeeRoles = ['editor', 'viewer'] as const;
export type EmployeeRole = (typeof employeeRoles)[number];

const employeeRole = z.enum(employeeRoles, { error: 'Role must be editor or viewer' });

export const memberOtpSchema = z.object({ phone: phoneSchema });
export const memberAddSchema = z.object({ phone: phoneSchema, role: employeeRole, code: otpCodeSchema });
export const memberUpdateSchema = z.object({ role: employeeRole });
export const memberStatuses = ['active', 'removed'] as const;
export const membersQuerySchema = z.object({ status: z.enum(memberStatuses).optional() });

// Responses --------------------------------------------------------------------------------

const timestamp = z.date().or(z.string());

export const shopPermissionsSchema = z.object({
  role: z.enum(shopRoles),
  permissions: z.array(z.enum(permissions)),
});
export type ShopPermissions = z.infer<typeof shopPermissionsSchema>;

export const allShopPermissionsSchema = z.object({
  items: z.array(shopPermissionsSchema.extend({ shopId: z.string() })),
});

export const shopListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(shopRoles),
  merchantType: z.enum(merchantTypes),
  lastSelectedAt: timestamp.nullable(),
});
export const shopListSchema = listSchema(shopListItemSchema);

/** An area as a shop or pickup shows it: enough to print "Mirpur 10, Dhaka". */
export const placeSchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameBn: z.string(),
  districtId: z.string(),
  districtNameEn: z.string(),
  districtNameBn: z.string(),
});

/**
 * A shop as its settings screen shows it. Fields are null for a shop made at registration until
 * its settings are filled in; `canBook` is false until it has an active pickup location.
 */
export const shopDetailSchema = shopListItemSchema.omit({ lastSelectedAt: true }).extend({
  email: z.string().nullable(),
  address: z.string().nullable(),
  area: placeSchema.nullable(),
  phone: z.string().nullable(),
  returnPhone: z.string().nullable(),
  reason: z.enum(shopReasonIds).nullable(),
  productType: z.enum(productTypeIds).nullable(),
  productSubType: z.string().nullable(),
  preferredDeliveryZone: z.string().nullable(),
  permissions: z.array(z.enum(permissions)),
  canBook: z.boolean(),
  createdAt: timestamp,
});
export type ShopDetail = z.infer<typeof shopDetailSchema>;

/** What anyone may see of a shop (e.g. on a tracking page): no phone, email or address. */
export const shopPublicInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  area: placeSchema.omit({ id: true }).nullable(),
});

export const pickupLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  area: placeSchema,
  phone: z.string(),
  alternatePhone: z.string().nullable(),
  status: z.enum(pickupStatuses),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type PickupLocation = z.infer<typeof pickupLocationSchema>;
export const pickupLocationListSchema = listSchema(pickupLocationSchema);
/** A saved pickup location and the spec's sentence for the toast. */
export const pickupLocationSavedSchema = pickupLocationSchema.extend({ message: z.string() });

export const memberSchema = z.object({
  userId: z.string(),
  phone: z.string(),
  name: z.string().nullable(),
  role: z.enum(shopRoles),
  status: z.enum(memberStatuses),
  addedAt: timestamp,
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = listSchema(memberSchema);
