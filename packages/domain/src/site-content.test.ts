import { describe, expect, it } from 'vitest';
import { blogSlugSchema, canMoveLead, enterpriseLeadSchema, faqInputSchema } from './site-content';

const valid = {
  name: 'Karim Ahmed',
  email: 'karim@agro.example',
  phone: '01712345678',
  company: 'Agro Fresh Ltd.',
  requirement: 'Two 14 ft covered vans from Savar to Chattogram every week.',
};
const messagesOf = (input: unknown) => {
  const result = enterpriseLeadSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('enterprise contact form', () => {
  it('accepts a complete form and normalises the phone', () => {
    expect(enterpriseLeadSchema.parse({ ...valid, phone: '+8801712345678' }).phone).toBe('8801712345678');
  });

  it("refuses with the spec's messages", () => {
    expect(messagesOf({ ...valid, email: 'karim@agro' })).toEqual(['Invalid email']);
    expect(messagesOf({ ...valid, phone: '01212345678' })).toEqual(['Invalid phone number']);
    expect(messagesOf({ ...valid, phone: '' })).toEqual(['Phone number can not be empty']);
    expect(messagesOf({ ...valid, email: ' ' })).toEqual(['Email is required']);
    expect(messagesOf({ ...valid, name: 'K<script>' })).toEqual([
      "Name may contain letters, digits, spaces and & ' , . - only",
    ]);
    expect(messagesOf({ ...valid, requirement: 'truck' })).toEqual([
      'Requirement must be at least 10 characters',
    ]);
    expect(messagesOf({ ...valid, company: 'x'.repeat(121) })).toEqual([
      'Company must be at most 120 characters',
    ]);
    expect(messagesOf({})).toHaveLength(5);
  });
});

describe('lead statuses', () => {
  it('moves new → contacted → won or lost, never back', () => {
    expect(canMoveLead('new', 'contacted')).toBe(true);
    expect(canMoveLead('new', 'lost')).toBe(true);
    expect(canMoveLead('contacted', 'won')).toBe(true);
    expect(canMoveLead('new', 'won')).toBe(false);
    expect(canMoveLead('won', 'lost')).toBe(false);
    expect(canMoveLead('contacted', 'new')).toBe(false);
  });
});

describe('blog and FAQ', () => {
  it('checks slugs', () => {
    expect(blogSlugSchema.parse(' cod-next-day ')).toBe('cod-next-day');
    expect(blogSlugSchema.safeParse('COD Next').success).toBe(false);
    expect(blogSlugSchema.safeParse('a--b').success).toBe(false);
  });

  it('defaults FAQ entries to drafts', () => {
    const entry = faqInputSchema.parse({
      questionEn: 'When is my parcel picked up?',
      questionBn: 'পার্সেল কখন পিকআপ হবে?',
      answerEn: 'Same day before 3 pm.',
      answerBn: 'বিকেল ৩টার আগে হলে একই দিনে।',
      category: 'pickup',
    });
    expect(entry).toMatchObject({ status: 'draft', position: 0 });
  });
});
