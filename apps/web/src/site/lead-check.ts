import type { Lang } from '@dak/domain/public-site';
import { localizeDigits } from './format';

export const leadFields = ['name', 'email', 'phone', 'company', 'requirement'] as const;
export type LeadField = (typeof leadFields)[number];
export type LeadProblems = Partial<Record<LeadField, string>>;

/**
 * The enterprise form checked in the browser by the server's own schema (`enterpriseLeadSchema`).
 * The schema needs zod, so it is fetched when the visitor first sends the form: the home page and
 * every other public page never download it (the site's bundle budget).
 */
export async function checkLead(values: Record<LeadField, string>): Promise<LeadProblems> {
  const { enterpriseLeadSchema } = await import('@dak/domain/site-content');
  const result = enterpriseLeadSchema.safeParse(values);
  const problems: LeadProblems = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LeadField;
    if (leadFields.includes(field) && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/** Starts fetching the schema (the visitor is filling the form), so the check on send is instant. */
export function preloadLeadCheck(): void {
  import('@dak/domain/site-content').catch(() => undefined);
}

/**
 * A field message in the page's language: the schema's English words as they are, their Bengali
 * in Bengali (the patterns of `site-content.ts`, `names.ts` and `phone.ts`), with the field's own label.
 */
export function leadMessage(message: string, label: string, lang: Lang): string {
  if (lang === 'en') return message;
  const n = (text: string) => localizeDigits(text, 'bn');
  let m: RegExpExecArray | null = /must be at least (\d+) characters/.exec(message);
  if (m?.[1]) return `${label} কমপক্ষে ${n(m[1])} অক্ষরের হতে হবে`;
  m = /must be at most (\d+) characters/.exec(message);
  if (m?.[1]) return `${label} সর্বোচ্চ ${n(m[1])} অক্ষরের হতে পারে`;
  if (/is required|can not be empty/.test(message)) return `${label} দিতে হবে`;
  if (/may contain letters/.test(message)) return `${label}-এ শুধু অক্ষর, অঙ্ক, স্পেস ও & ' , . - দেওয়া যায়`;
  if (/email/i.test(message)) return 'সঠিক ইমেইল ঠিকানা লিখুন, যেমন name@company.com';
  if (/phone/i.test(message)) return 'সঠিক মোবাইল নম্বর লিখুন, যেমন ০১৭১২৩৪৫৬৭৮';
  return `${label} ঠিক করে লিখুন`;
}
