/**
 * The public site's contracts: what the server's loaders hand a page, and the public API shapes
 * the pages read (tracking, booths, truck types, FAQ, blog). Types only: nothing here ships code.
 */

import type { Bilingual } from './bilingual';
import type { CoverageHit, CoverageSummary } from './coverage';
import type { ChargeQuote, PricePlanView } from './pricing';

export type { CoverageHit, CoverageSummary };

export type Lang = 'en' | 'bn';

/** `GET /tracking/:trackingId` (the allow-list in `operations.ts`): dates arrive as ISO text. */
export type TrackingEvent = {
  status: string;
  at: string;
  hub: { id: string; name: Bilingual } | null;
  message_en: string;
  message_bn: string;
};
export type Tracking = {
  trackingId: string;
  status: string;
  statusGroup: string;
  deliveryArea: { name: Bilingual; district: Bilingual };
  /** Masked: 01712-****78. */
  customerPhone: string;
  events: TrackingEvent[];
};

export type Booth = {
  id: string;
  kind: 'booth' | 'hub';
  name: string;
  nameBn: string;
  address: string;
  addressBn: string;
  districtId: string;
  areaId: string | null;
  phone: string;
  hours: string;
  hoursBn: string;
  services: string[];
};
export type TruckType = {
  id: string;
  name: string;
  nameBn: string;
  capacityKg: number;
  lengthFeet: number;
  description: string;
  descriptionBn: string;
  indicativePriceTaka: number;
  priceUnit: 'trip' | 'day';
};
export type FaqItem = {
  id: string;
  questionEn: string;
  questionBn: string;
  answerEn: string;
  answerBn: string;
  category: string;
  position: number;
};
export type BlogSummary = {
  slug: string;
  titleEn: string;
  titleBn: string;
  excerptEn: string;
  excerptBn: string;
  coverImageUrl: string | null;
  publishedAt: string;
};
export type BlogPost = {
  slug: string;
  titleEn: string;
  titleBn: string;
  bodyEn: string;
  bodyBn: string;
  coverImageUrl: string | null;
  publishedAt: string;
};

/** An area as the pickers show it. */
export type AreaRef = {
  id: string;
  nameEn: string;
  nameBn: string;
  districtNameEn: string;
  districtNameBn: string;
};

export type NamePair = { nameEn: string; nameBn: string };
export type DistrictOption = NamePair & { id: string };

/** Each page with the data its loader found (an empty list when the content API fails). */
export type SitePage =
  | {
      name: 'home';
      /** The calculator as the URL left it (?w=&price=&from=&to=), so a language switch keeps it. */
      calc: {
        weight: string;
        price: string;
        pickup: AreaRef | null;
        delivery: AreaRef | null;
        quote: ChargeQuote | null;
        error: { code: string; message: string } | null;
      };
    }
  | {
      name: 'track';
      trackingId: string;
      tracking: Tracking | null;
      /** The visitor's tracking lookups are over the limit: "try again in a minute", not "no such parcel". */
      rateLimited: boolean;
    }
  | {
      name: 'coverage';
      summary: CoverageSummary;
      q: string;
      from: (NamePair & { id: string; districtNameEn: string; districtNameBn: string }) | null;
      fromText: string;
      hits: CoverageHit[] | null;
    }
  | {
      name: 'courier';
      districts: DistrictOption[];
      districtId: string;
      /** The chosen district's areas (empty until a district is chosen). */
      areas: DistrictOption[];
      areaId: string;
      q: string;
      booths: Booth[];
    }
  | { name: 'enterprise'; trucks: TruckType[] }
  | { name: 'faq'; items: FaqItem[] }
  | { name: 'blog'; posts: BlogSummary[] }
  | { name: 'blog-post'; post: BlogPost }
  | { name: 'not-found' };

export type SiteProps = {
  lang: Lang;
  /** The default price plan: the facts the texts quote (rates, COD %, promise, cut-off). */
  plan: PricePlanView;
  /** The path without the language prefix: `/coverage`, `/track/DK123`. */
  path: string;
  /** The query string of the request (`?w=1.2`), kept by the language switch. */
  search: string;
  page: SitePage;
};

/** What the server-side bundle gives the server for one page. */
export type RenderedPage = { html: string; title: string; description: string };
