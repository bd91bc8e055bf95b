import { z } from 'zod';
import { merchantTypes } from './auth';
import { listSchema } from './lists';
import { keyed, say } from './messages';
import { requiredText } from './names';
import { checkImage } from './nid';

/**
 * Campaign banners and what's new (issue 14, item 4; spec: "Campaign banner: id, bannerType
 * (header, popup, BOTTOM_WHATS_NEW)", "Only one header banner is kept"). Staff write them in the
 * console; the merchant panel shows the live ones meant for the shop: the header banner above every
 * page, a popup once per banner per user, what's-new entries on the dashboard.
 */

export type MerchantType = (typeof merchantTypes)[number];

export const bannerKinds = ['header', 'popup', 'whats_new'] as const;
export type BannerKind = (typeof bannerKinds)[number];

/** Who sees a banner: every shop, the shops of the chosen merchant types, or a list of shops. */
export const bannerAudiences = ['all', 'merchant_types', 'shops'] as const;
export type BannerAudience = (typeof bannerAudiences)[number];

/** Scheduled (before its start), live (in its window), ended (past its end, or ended by staff). */
export const bannerStatuses = ['scheduled', 'live', 'ended'] as const;
export type BannerStatus = (typeof bannerStatuses)[number];

/** A list audience names at most this many shops (a larger group is a merchant type). */
export const bannerShopListMax = 500;

/** Banner images: PNG, JPEG or WebP, told by their bytes, at most 1 MB (a phone loads it on every page). */
export const bannerImageMaxBytes = 1024 * 1024;

export const bannerMessages = keyed('banners', {
  kind: 'Choose header, popup or what\u2019s new',
  audience: 'Choose who sees the banner',
  merchantTypes: 'Choose at least one merchant type',
  shops: 'Add at least one shop',
  tooManyShops: `A banner can name at most ${bannerShopListMax} shops`,
  shopNotFound: 'One of the shops was not found',
  startsAt: 'Start time is required',
  endsAt: 'End time is required',
  endAfterStart: 'End time must be after the start time',
  link: 'Link must be a page of the panel (starting with /) or an https address',
  notFound: 'Banner not found',
  ended: 'This banner has ended and can no longer be changed',
  imageTooLarge: 'The image must be at most 1 MB',
  imageType: 'The image must be a JPEG, PNG or WebP picture',
  imageCorrupt: 'The image is damaged or incomplete; please export it again',
  imageRequired: 'Please select a file',
});

function text(label: string, max: number) {
  const field = { field: label };
  return requiredText(say('field.required', '{field} is required', field)).max(
    max,
    say('field.maxLength', '{field} must be at most {n} characters', { ...field, n: max }),
  );
}

const when = (required: string) =>
  z.iso
    .datetime({ offset: true, error: required })
    .transform((value) => new Date(value))
    .or(z.date({ error: required }));

/** A link the panel opens: one of its own pages, or an https address. */
const linkSchema = z
  .string()
  .trim()
  .max(500, bannerMessages.link)
  .refine(
    (value) => value === '' || /^\/(?!\/)\S*$/.test(value) || /^https:\/\/[^\s/]+\S*$/.test(value),
    bannerMessages.link,
  );

/**
 * The console's banner form and the server's body: both languages' text required, the end after
 * the start, and an audience whose fields fit it (types only for merchant_types, shops only for a
 * list). The image is uploaded apart (checkBannerImage).
 */
export const bannerInputSchema = z
  .object({
    kind: z.enum(bannerKinds, { error: bannerMessages.kind }),
    audience: z.enum(bannerAudiences, { error: bannerMessages.audience }),
    merchantTypes: z.array(z.enum(merchantTypes, { error: bannerMessages.merchantTypes })).default([]),
    shopIds: z
      .array(z.uuid({ error: bannerMessages.shopNotFound }))
      .max(bannerShopListMax, bannerMessages.tooManyShops)
      .default([]),
    startsAt: when(bannerMessages.startsAt),
    endsAt: when(bannerMessages.endsAt),
    titleEn: text('Title (English)', 120),
    titleBn: text('Title (Bengali)', 120),
    bodyEn: text('Text (English)', 500),
    bodyBn: text('Text (Bengali)', 500),
    link: linkSchema
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((input, ctx) => {
    if (input.endsAt.getTime() <= input.startsAt.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: bannerMessages.endAfterStart });
    }
    if (input.audience === 'merchant_types' && input.merchantTypes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['merchantTypes'], message: bannerMessages.merchantTypes });
    }
    if (input.audience === 'shops' && input.shopIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['shopIds'], message: bannerMessages.shops });
    }
  })
  // Fields of another audience are dropped, so a stored banner's audience has one shape.
  .transform((input) => ({
    ...input,
    merchantTypes: input.audience === 'merchant_types' ? [...new Set(input.merchantTypes)] : [],
    shopIds: input.audience === 'shops' ? [...new Set(input.shopIds)] : [],
  }));
export type BannerInput = z.infer<typeof bannerInputSchema>;
/** What the console's form holds before parsing (dates as ISO text). */
export type BannerInputDraft = z.input<typeof bannerInputSchema>;

/** Whether a banner is for a shop: its audience against the shop's merchant type and id. */
export function bannerReaches(
  banner: { audience: BannerAudience; merchantTypes: readonly string[]; shopListed: boolean },
  shop: { merchantType: MerchantType },
): boolean {
  switch (banner.audience) {
    case 'all':
      return true;
    case 'merchant_types':
      return banner.merchantTypes.includes(shop.merchantType);
    case 'shops':
      return banner.shopListed;
  }
}

/** Where a banner is in its life at `now`: ending early (or being replaced) ends it for good. */
export function bannerStatus(
  banner: { startsAt: Date; endsAt: Date; endedAt: Date | null },
  now: Date,
): BannerStatus {
  if (banner.endedAt || banner.endsAt.getTime() <= now.getTime()) return 'ended';
  return banner.startsAt.getTime() > now.getTime() ? 'scheduled' : 'live';
}

export type BannerImageCheck =
  | { ok: true; contentType: 'image/jpeg' | 'image/png' | 'image/webp'; extension: string }
  | { ok: false; problem: 'required' | 'tooLarge' | 'type' | 'corrupt'; message: string };

/**
 * An uploaded banner image, by its bytes (the NID checker's magic bytes and structure, not the
 * file's name or declared type) and the size cap.
 */
export function checkBannerImage(bytes: Uint8Array | undefined, tooLarge = false): BannerImageCheck {
  if (!bytes || (bytes.length === 0 && !tooLarge)) {
    return { ok: false, problem: 'required', message: bannerMessages.imageRequired };
  }
  if (tooLarge || bytes.length > bannerImageMaxBytes) {
    return { ok: false, problem: 'tooLarge', message: bannerMessages.imageTooLarge };
  }
  const check = checkImage(bytes);
  if (check.ok) {
    return { ok: true, contentType: check.contentType, extension: check.extension };
  }
  return check.reason === 'type'
    ? { ok: false, problem: 'type', message: bannerMessages.imageType }
    : { ok: false, problem: 'corrupt', message: bannerMessages.imageCorrupt };
}

// ---------------------------------------------------------------- responses

const bannerText = {
  id: z.string(),
  kind: z.enum(bannerKinds),
  titleEn: z.string(),
  titleBn: z.string(),
  bodyEn: z.string(),
  bodyBn: z.string(),
  link: z.string().nullable(),
  startsAt: z.date(),
  endsAt: z.date(),
};

/** A banner as the console lists it. */
export const opsBannerSchema = z.object({
  ...bannerText,
  audience: z.enum(bannerAudiences),
  merchantTypes: z.array(z.enum(merchantTypes)),
  shopIds: z.array(z.string()),
  endedAt: z.date().nullable(),
  status: z.enum(bannerStatuses),
  /** The console's own image address (staff session), or null without an image. */
  imageUrl: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type OpsBanner = z.infer<typeof opsBannerSchema>;
export const opsBannerListSchema = listSchema(opsBannerSchema);
export const opsBannerQuerySchema = z.object({
  status: z.enum(bannerStatuses).optional(),
  kind: z.enum(bannerKinds).optional(),
});

/** A banner as the merchant panel shows it (no audience: that is staff's business). */
export const shopBannerSchema = z.object({
  ...bannerText,
  /** The image under the shop (fetched with the session), or null. */
  imageUrl: z.string().nullable(),
});
export type ShopBanner = z.infer<typeof shopBannerSchema>;

/**
 * The live banners for this shop and user now: the header banner (one at most), the popups the
 * user has not been shown yet (oldest first), and the what's-new entries (newest first).
 */
export const shopBannersSchema = z.object({
  header: shopBannerSchema.nullable(),
  popups: z.array(shopBannerSchema),
  whatsNew: z.array(shopBannerSchema),
});
export type ShopBanners = z.infer<typeof shopBannersSchema>;

export const bannerParamsSchema = z.object({ id: z.uuid({ error: bannerMessages.notFound }) });
export const shopBannerParamsSchema = z.object({
  shopId: z.uuid({ error: 'Shop not found' }),
  id: z.uuid({ error: bannerMessages.notFound }),
});

export const opsBannerImagePath = (id: string) => `/api/v1/ops/banners/${id}/image`;
export const shopBannerImagePath = (shopId: string, id: string) =>
  `/api/v1/shops/${shopId}/banners/${id}/image`;
