import { z } from 'zod';
import { messages } from './errors';
import { listSchema, pageQuery } from './lists';
import { keyed, say } from './messages';
import { emailSchema, nameSchema, requiredText } from './names';
import { phoneSchema } from './phone';

/**
 * The public site's content (issue 6): courier booths, truck types for enterprise rental, FAQ
 * entries, blog posts and the enterprise contact form's leads. Staff write it in the console; the
 * public site reads the published part. One schema per body, for the console forms and the server.
 */

/** A required, trimmed text of bounded length, with messages naming the field. */
function text(label: string, min: number, max: number) {
  const required = say('field.required', '{field} is required', { field: label });
  return requiredText(required)
    .min(min, say('field.minLength', '{field} must be at least {n} characters', { field: label, n: min }))
    .max(max, say('field.maxLength', '{field} must be at most {n} characters', { field: label, n: max }));
}

/** A whole number field (a number, or digits typed in a form). */
function wholeNumber(label: string, min: number, max: number) {
  const field = { field: label };
  return z.coerce
    .number({ error: say('field.required', '{field} is required', field) })
    .int(say('field.whole', '{field} must be a whole number', field))
    .min(min, say('field.atLeast', '{field} must be at least {n}', { ...field, n: min }))
    .max(max, say('field.atMost', '{field} must be at most {n}', { ...field, n: max }));
}

/** The content forms' own sentences (some said by the server's site-content module). */
export const siteContentMessages = keyed('siteContent', {
  services: 'Choose at least one service',
  district: 'Choose a district',
  area: 'Choose an area of the chosen district',
  category: 'Choose a category',
  slug: 'Slug may contain lower-case letters, digits and single hyphens only',
  slugTaken: 'Another post already uses this slug',
  cover: 'Upload the cover image again',
  leadStatus: 'Status must be new, contacted, won or lost',
});

export const publishStatuses = ['draft', 'published'] as const;
export type PublishStatus = (typeof publishStatuses)[number];
const statusSchema = z.enum(publishStatuses, { error: 'Status must be draft or published' });

// ---------------------------------------------------------------- booths and hubs

/**
 * What a walk-in sender can do at a booth or hub. Codes, so each page says them in its language;
 * every hub takes parcels in and hands returns back.
 */
export const boothServices = [
  'send_parcel',
  'cash_on_delivery',
  'pay_bkash',
  'packaging',
  'return_collection',
] as const;
export type BoothService = (typeof boothServices)[number];
export const hubServices: BoothService[] = ['send_parcel', 'cash_on_delivery', 'return_collection'];

/**
 * Hubs have no phone or opening hours of their own in the data: the public list shows the
 * company hotline and the hubs' common hours (a hub works every day but Friday).
 */
export const hubContact = {
  phone: '8801700000000',
  hoursEn: 'Saturday to Thursday, 9 am to 8 pm',
  hoursBn: 'শনিবার থেকে বৃহস্পতিবার, সকাল ৯টা থেকে রাত ৮টা',
} as const;

export const boothKinds = ['booth', 'hub'] as const;

export const publicBoothSchema = z.object({
  id: z.string(),
  kind: z.enum(boothKinds),
  name: z.string(),
  nameBn: z.string(),
  address: z.string(),
  addressBn: z.string(),
  districtId: z.string(),
  areaId: z.string().nullable(),
  phone: z.string(),
  hours: z.string(),
  hoursBn: z.string(),
  services: z.array(z.string()),
});
export type PublicBooth = z.infer<typeof publicBoothSchema>;

const idFilter = z.string().trim().max(100, 'Unknown place').optional();

/** GET /public/booths: by district, by area (the booths there and the hub that serves it), by words. */
export const publicBoothQuerySchema = z.object({
  districtId: idFilter,
  areaId: idFilter,
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});
export const publicBoothListSchema = z.object({ items: z.array(publicBoothSchema) });

export const boothInputSchema = z.object({
  nameEn: text('Name (English)', 2, 120),
  nameBn: text('Name (Bengali)', 2, 120),
  addressEn: text('Address (English)', 10, 300),
  addressBn: text('Address (Bengali)', 10, 300),
  districtId: requiredText('District is required').max(100),
  areaId: z.string().trim().max(100).nullable().optional(),
  phone: phoneSchema,
  hoursEn: text('Hours (English)', 3, 120),
  hoursBn: text('Hours (Bengali)', 3, 120),
  services: z
    .array(z.enum(boothServices, { error: 'Unknown service' }), { error: 'Services are required' })
    .min(1, 'Choose at least one service')
    .max(boothServices.length)
    .refine((list) => new Set(list).size === list.length, 'A service is listed twice'),
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
});
export type BoothInput = z.infer<typeof boothInputSchema>;

export const opsBoothSchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameBn: z.string(),
  addressEn: z.string(),
  addressBn: z.string(),
  districtId: z.string(),
  areaId: z.string().nullable(),
  phone: z.string(),
  hoursEn: z.string(),
  hoursBn: z.string(),
  services: z.array(z.string()),
  active: z.boolean(),
  updatedAt: z.date(),
});
export const opsBoothListSchema = listSchema(opsBoothSchema);

// ---------------------------------------------------------------- truck types

export const truckPriceUnits = ['trip', 'day'] as const;

export const publicTruckTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameBn: z.string(),
  capacityKg: z.number().int(),
  lengthFeet: z.number().int(),
  description: z.string(),
  descriptionBn: z.string(),
  /** Whole taka, indicative: the real price is quoted per enquiry (route, load, waiting time). */
  indicativePriceTaka: z.number().int(),
  priceUnit: z.enum(truckPriceUnits),
});
export const publicTruckTypeListSchema = z.object({ items: z.array(publicTruckTypeSchema) });

export const truckTypeInputSchema = z.object({
  nameEn: text('Name (English)', 2, 80),
  nameBn: text('Name (Bengali)', 2, 80),
  capacityKg: wholeNumber('Capacity', 1, 100_000),
  lengthFeet: wholeNumber('Length', 1, 100),
  descriptionEn: text('Description (English)', 10, 500),
  descriptionBn: text('Description (Bengali)', 10, 500),
  indicativePriceTaka: wholeNumber('Indicative price', 1, 10_000_000),
  priceUnit: z.enum(truckPriceUnits, { error: 'Price unit must be trip or day' }),
  position: wholeNumber('Position', 0, 10_000).default(0),
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
});
export type TruckTypeInput = z.infer<typeof truckTypeInputSchema>;

export const opsTruckTypeSchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameBn: z.string(),
  capacityKg: z.number().int(),
  lengthFeet: z.number().int(),
  descriptionEn: z.string(),
  descriptionBn: z.string(),
  indicativePriceTaka: z.number().int(),
  priceUnit: z.enum(truckPriceUnits),
  position: z.number().int(),
  active: z.boolean(),
});
export const opsTruckTypeListSchema = listSchema(opsTruckTypeSchema);

// ---------------------------------------------------------------- FAQ

export const faqCategories = [
  'general',
  'pickup',
  'delivery',
  'payment',
  'returns',
  'pricing',
  'coverage',
] as const;
export type FaqCategory = (typeof faqCategories)[number];

export const publicFaqSchema = z.object({
  id: z.string(),
  questionEn: z.string(),
  questionBn: z.string(),
  answerEn: z.string(),
  answerBn: z.string(),
  category: z.string(),
  position: z.number().int(),
});
export const publicFaqListSchema = z.object({ items: z.array(publicFaqSchema) });

export const faqInputSchema = z.object({
  questionEn: text('Question (English)', 5, 300),
  questionBn: text('Question (Bengali)', 5, 300),
  answerEn: text('Answer (English)', 5, 5000),
  answerBn: text('Answer (Bengali)', 5, 5000),
  category: z.enum(faqCategories, { error: 'Choose a category' }),
  position: wholeNumber('Position', 0, 10_000).default(0),
  status: statusSchema.default('draft'),
});
export type FaqInput = z.infer<typeof faqInputSchema>;

export const opsFaqSchema = publicFaqSchema.extend({ status: z.enum(publishStatuses), updatedAt: z.date() });
export const opsFaqListSchema = listSchema(opsFaqSchema);

// ---------------------------------------------------------------- blog

/** Lower-case letters and digits in words joined by single hyphens: `cod-payment-next-day`. */
export const blogSlugSchema = requiredText('Slug is required')
  .min(3, 'Slug must be at least 3 characters')
  .max(80, 'Slug must be at most 80 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug may contain lower-case letters, digits and single hyphens only');

/** Blog cover images: JPEG, PNG or WebP, told by their bytes, at most 2 MB (the public pages must stay light). */
export const coverImageMaxBytes = 2 * 1024 * 1024;

export const publicBlogListItemSchema = z.object({
  slug: z.string(),
  titleEn: z.string(),
  titleBn: z.string(),
  excerptEn: z.string(),
  excerptBn: z.string(),
  coverImageUrl: z.string().nullable(),
  publishedAt: z.date(),
});
export const publicBlogListSchema = z.object({ items: z.array(publicBlogListItemSchema) });
export const publicBlogPostSchema = z.object({
  slug: z.string(),
  titleEn: z.string(),
  titleBn: z.string(),
  bodyEn: z.string(),
  bodyBn: z.string(),
  coverImageUrl: z.string().nullable(),
  publishedAt: z.date(),
});
export const blogSlugParamsSchema = z.object({ slug: z.string().max(80, 'Post not found') });

export const blogPostInputSchema = z.object({
  slug: blogSlugSchema,
  titleEn: text('Title (English)', 5, 150),
  titleBn: text('Title (Bengali)', 5, 150),
  excerptEn: text('Excerpt (English)', 10, 300),
  excerptBn: text('Excerpt (Bengali)', 10, 300),
  bodyEn: text('Body (English)', 20, 50_000),
  bodyBn: text('Body (Bengali)', 20, 50_000),
  coverMediaId: z.uuid({ error: 'Upload the cover image again' }).nullable().optional(),
  status: statusSchema.default('draft'),
});
export type BlogPostInput = z.infer<typeof blogPostInputSchema>;

export const opsBlogPostSchema = z.object({
  id: z.string(),
  slug: z.string(),
  titleEn: z.string(),
  titleBn: z.string(),
  excerptEn: z.string(),
  excerptBn: z.string(),
  bodyEn: z.string(),
  bodyBn: z.string(),
  coverMediaId: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  status: z.enum(publishStatuses),
  publishedAt: z.date().nullable(),
  updatedAt: z.date(),
});
export const opsBlogListSchema = listSchema(opsBlogPostSchema);

export const mediaUploadedSchema = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

/** Where the public site fetches an uploaded image. */
export const mediaUrl = (id: string) => `/api/v1/public/media/${id}`;

// ---------------------------------------------------------------- enterprise leads

export const leadStatuses = ['new', 'contacted', 'won', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/** new → contacted → won or lost; a new lead may also be lost at once (spam, out of reach). */
export const leadTransitions: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'lost'],
  contacted: ['won', 'lost'],
  won: [],
  lost: [],
};

/** Whether a lead may move from one status to another. */
export function canMoveLead(from: LeadStatus, to: LeadStatus): boolean {
  return leadTransitions[from].includes(to);
}

/** The enterprise (truck rental) contact form, spec 2: name, email, phone, company, requirement. */
const emailRequired = say('field.required', '{field} is required', { field: 'Email' });
export const enterpriseLeadSchema = z.object({
  name: nameSchema('Name'),
  email: requiredText(emailRequired).pipe(emailSchema),
  phone: z.string({ error: messages.phoneRequired }).trim().pipe(phoneSchema),
  company: text('Company', 2, 120),
  requirement: text('Requirement', 10, 2000),
});
export type EnterpriseLeadInput = z.infer<typeof enterpriseLeadSchema>;
export const enterpriseLeadCreatedSchema = z.object({ id: z.string() });

export const leadMoveSchema = z.object({
  status: z.enum(leadStatuses, { error: siteContentMessages.leadStatus }),
  note: text('Note', 2, 1000),
});

export const opsLeadQuerySchema = z.object({
  status: z.enum(leadStatuses, { error: siteContentMessages.leadStatus }).optional(),
  ...pageQuery(100, 20),
});

export const opsLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  requirement: z.string(),
  status: z.enum(leadStatuses),
  createdAt: z.date(),
  updatedAt: z.date(),
  history: z.array(
    z.object({
      from: z.enum(leadStatuses),
      to: z.enum(leadStatuses),
      note: z.string(),
      staffName: z.string().nullable(),
      at: z.date(),
    }),
  ),
});
export const opsLeadListSchema = listSchema(opsLeadSchema);
