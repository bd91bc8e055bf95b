import { type MessageParams, messageOf } from '@dak/domain/messages';
import type { Lang } from '@dak/domain/public-site';
import { localizeDigits } from './format';

export const leadFields = ['name', 'email', 'phone', 'company', 'requirement'] as const;
export type LeadField = (typeof leadFields)[number];
/** A field's problem: the schema's (or server's) English words, with their message key and params. */
export type LeadProblem = { message: string; key?: string; params?: MessageParams };
export type LeadProblems = Partial<Record<LeadField, LeadProblem>>;

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
    if (leadFields.includes(field) && !problems[field]) {
      problems[field] = { message: issue.message, ...messageOf(issue.message) };
    }
  }
  return problems;
}

/** Starts fetching the schema (the visitor is filling the form), so the check on send is instant. */
export function preloadLeadCheck(): void {
  import('@dak/domain/site-content').catch(() => undefined);
}

/**
 * A field message in the page's language: the schema's English words as they are, their Bengali
 * by the message's key (`names.ts`, `site-content.ts`, `phone.ts`), with the field's own label.
 */
export function leadMessage(problem: LeadProblem, label: string, lang: Lang): string {
  if (lang === 'en') return problem.message;
  const n = localizeDigits(String(problem.params?.n ?? ''), 'bn');
  switch (problem.key) {
    case 'field.minLength':
      return `${label} কমপক্ষে ${n} অক্ষরের হতে হবে`;
    case 'field.maxLength':
      return `${label} সর্বোচ্চ ${n} অক্ষরের হতে পারে`;
    case 'field.required':
    case 'errors.phoneRequired':
      return `${label} দিতে হবে`;
    case 'field.nameCharacters':
      return `${label}-এ শুধু অক্ষর, অঙ্ক, স্পেস ও & ' , . - দেওয়া যায়`;
    case 'errors.invalidEmail':
      return 'সঠিক ইমেইল ঠিকানা লিখুন, যেমন name@company.com';
    case 'errors.invalidPhone':
      return 'সঠিক মোবাইল নম্বর লিখুন, যেমন ০১৭১২৩৪৫৬৭৮';
    default:
      return `${label} ঠিক করে লিখুন`;
  }
}
