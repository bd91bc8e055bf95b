import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';

/**
 * Demo content of the public site (issue 6): courier booths in several districts, the truck
 * types of the enterprise page, FAQ entries and two blog posts. Run outside production on every
 * start, each kind only while its table is empty, so staff edits (and deletions of single rows)
 * survive restarts. Staff own this content afterwards; production starts empty and staff write it.
 * Phone numbers are demo numbers.
 */
type BoothSeed = Insertable<DB['booths']>;

const dayHours = {
  hours_en: 'Saturday to Thursday, 10 am to 8 pm',
  hours_bn: 'শনিবার থেকে বৃহস্পতিবার, সকাল ১০টা থেকে রাত ৮টা',
};
const longHours = {
  hours_en: 'Every day, 9 am to 9 pm',
  hours_bn: 'প্রতিদিন, সকাল ৯টা থেকে রাত ৯টা',
};

export const demoBooths: BoothSeed[] = [
  {
    name_en: 'Dak Booth Mirpur 10',
    name_bn: 'ডাক বুথ মিরপুর ১০',
    address_en: 'Shop 12, Shah Ali Plaza, Mirpur 10 Circle, Dhaka 1216',
    address_bn: 'দোকান ১২, শাহ আলী প্লাজা, মিরপুর ১০ গোলচত্বর, ঢাকা ১২১৬',
    district_id: 'dhaka',
    area_id: 'dhaka-city--mirpur-10',
    phone: '8801711000101',
    ...longHours,
    services: ['send_parcel', 'cash_on_delivery', 'pay_bkash', 'packaging'],
  },
  {
    name_en: 'Dak Booth Dhanmondi 27',
    name_bn: 'ডাক বুথ ধানমন্ডি ২৭',
    address_en: 'House 48, Road 27 (old), Dhanmondi, Dhaka 1209',
    address_bn: 'বাড়ি ৪৮, রোড ২৭ (পুরাতন), ধানমন্ডি, ঢাকা ১২০৯',
    district_id: 'dhaka',
    area_id: 'dhaka-city--dhanmondi',
    phone: '8801711000102',
    ...dayHours,
    services: ['send_parcel', 'cash_on_delivery', 'pay_bkash', 'return_collection'],
  },
  {
    name_en: 'Dak Booth Uttara Sector 7',
    name_bn: 'ডাক বুথ উত্তরা সেক্টর ৭',
    address_en: 'Plot 21, Sonargaon Janapath, Sector 7, Uttara, Dhaka 1230',
    address_bn: 'প্লট ২১, সোনারগাঁও জনপথ, সেক্টর ৭, উত্তরা, ঢাকা ১২৩০',
    district_id: 'dhaka',
    area_id: 'dhaka-city--uttara-west',
    phone: '8801711000103',
    ...dayHours,
    services: ['send_parcel', 'cash_on_delivery', 'packaging'],
  },
  {
    name_en: 'Dak Booth Motijheel',
    name_bn: 'ডাক বুথ মতিঝিল',
    address_en: '55 Dilkusha Commercial Area, Motijheel, Dhaka 1000',
    address_bn: '৫৫ দিলকুশা বাণিজ্যিক এলাকা, মতিঝিল, ঢাকা ১০০০',
    district_id: 'dhaka',
    area_id: 'dhaka-city--motijheel',
    phone: '8801711000104',
    ...dayHours,
    services: ['send_parcel', 'pay_bkash'],
  },
  {
    name_en: 'Dak Booth Savar Bazar',
    name_bn: 'ডাক বুথ সাভার বাজার',
    address_en: 'Holding 102, Savar Bazar Road, Savar, Dhaka 1340',
    address_bn: 'হোল্ডিং ১০২, সাভার বাজার রোড, সাভার, ঢাকা ১৩৪০',
    district_id: 'dhaka',
    area_id: 'dhaka-suburbs--savar',
    phone: '8801711000105',
    ...dayHours,
    services: ['send_parcel', 'cash_on_delivery'],
  },
  {
    name_en: 'Dak Booth Agrabad',
    name_bn: 'ডাক বুথ আগ্রাবাদ',
    address_en: 'Ground floor, Jahan Building, Agrabad Commercial Area, Chattogram 4100',
    address_bn: 'নিচতলা, জাহান বিল্ডিং, আগ্রাবাদ বাণিজ্যিক এলাকা, চট্টগ্রাম ৪১০০',
    district_id: 'chattogram',
    area_id: 'chattogram-city--agrabad',
    phone: '8801811000201',
    ...longHours,
    services: ['send_parcel', 'cash_on_delivery', 'pay_bkash', 'packaging', 'return_collection'],
  },
  {
    name_en: 'Dak Booth GEC Circle',
    name_bn: 'ডাক বুথ জিইসি মোড়',
    address_en: 'Shop 4, Central Plaza, GEC Circle, Panchlaish, Chattogram 4000',
    address_bn: 'দোকান ৪, সেন্ট্রাল প্লাজা, জিইসি মোড়, পাঁচলাইশ, চট্টগ্রাম ৪০০০',
    district_id: 'chattogram',
    area_id: 'chattogram-city--panchlaish',
    phone: '8801811000202',
    ...dayHours,
    services: ['send_parcel', 'cash_on_delivery', 'pay_bkash'],
  },
  {
    name_en: 'Dak Booth Halishahar',
    name_bn: 'ডাক বুথ হালিশহর',
    address_en: 'Block K, Road 2, Halishahar Housing Estate, Chattogram 4216',
    address_bn: 'ব্লক কে, রোড ২, হালিশহর হাউজিং এস্টেট, চট্টগ্রাম ৪২১৬',
    district_id: 'chattogram',
    area_id: 'chattogram-city--halishahar',
    phone: '8801811000203',
    ...dayHours,
    services: ['send_parcel', 'packaging'],
  },
  {
    name_en: 'Dak Booth Zindabazar',
    name_bn: 'ডাক বুথ জিন্দাবাজার',
    address_en: 'Level 1, Al-Hamra Shopping City, Zindabazar, Sylhet 3100',
    address_bn: 'লেভেল ১, আল-হামরা শপিং সিটি, জিন্দাবাজার, সিলেট ৩১০০',
    district_id: 'sylhet',
    area_id: 'sylhet--sylhet-sadar',
    phone: '8801911000301',
    ...dayHours,
    services: ['send_parcel', 'cash_on_delivery', 'pay_bkash'],
  },
  {
    name_en: 'Dak Booth Shaheb Bazar',
    name_bn: 'ডাক বুথ সাহেব বাজার',
    address_en: 'Shop 9, Zero Point, Shaheb Bazar, Boalia, Rajshahi 6100',
    address_bn: 'দোকান ৯, জিরো পয়েন্ট, সাহেব বাজার, বোয়ালিয়া, রাজশাহী ৬১০০',
    district_id: 'rajshahi',
    area_id: null,
    phone: '8801711000401',
    ...dayHours,
    services: ['send_parcel', 'cash_on_delivery'],
  },
  {
    name_en: 'Dak Booth Khulna Shibbari',
    name_bn: 'ডাক বুথ খুলনা শিববাড়ী',
    address_en: '12 KDA Avenue, Shibbari More, Khulna 9100',
    address_bn: '১২ কেডিএ এভিনিউ, শিববাড়ী মোড়, খুলনা ৯১০০',
    district_id: 'khulna',
    area_id: null,
    phone: '8801711000501',
    ...dayHours,
    services: ['send_parcel', 'cash_on_delivery', 'pay_bkash'],
  },
  {
    name_en: 'Dak Booth Kandirpar',
    name_bn: 'ডাক বুথ কান্দিরপাড়',
    address_en: 'Rammala Road, Kandirpar, Cumilla Adarsha Sadar, Cumilla 3500',
    address_bn: 'রামমালা রোড, কান্দিরপাড়, কুমিল্লা আদর্শ সদর, কুমিল্লা ৩৫০০',
    district_id: 'cumilla',
    area_id: 'cumilla--cumilla-adarsha-sadar',
    phone: '8801811000601',
    ...dayHours,
    services: ['send_parcel', 'cash_on_delivery'],
  },
];

/** Indicative prices in whole taka, from what Dhaka truck-rental services published in 2024-25. */
export const demoTruckTypes: Insertable<DB['truck_types']>[] = [
  {
    name_en: '7 ft pickup',
    name_bn: '৭ ফুট পিকআপ',
    capacity_kg: 1000,
    length_feet: 7,
    description_en: 'Open pickup for small moves and shop restocking inside the city.',
    description_bn: 'শহরের ভেতরে ছোট মালামাল ও দোকানের মাল আনা-নেওয়ার জন্য খোলা পিকআপ।',
    indicative_price_taka: 2500,
    price_unit: 'trip',
    position: 1,
  },
  {
    name_en: '12 ft covered van',
    name_bn: '১২ ফুট কাভার্ড ভ্যান',
    capacity_kg: 2000,
    length_feet: 12,
    description_en: 'Covered van that keeps cartons dry; suits e-commerce stock and furniture.',
    description_bn: 'কার্টন শুকনো রাখে এমন কাভার্ড ভ্যান; ই-কমার্সের স্টক ও আসবাবের জন্য উপযোগী।',
    indicative_price_taka: 5000,
    price_unit: 'trip',
    position: 2,
  },
  {
    name_en: '14 ft covered van',
    name_bn: '১৪ ফুট কাভার্ড ভ্যান',
    capacity_kg: 3000,
    length_feet: 14,
    description_en: 'Covered van for warehouse transfers between Dhaka and nearby districts.',
    description_bn: 'ঢাকা ও আশেপাশের জেলার গুদামের মধ্যে মাল স্থানান্তরের কাভার্ড ভ্যান।',
    indicative_price_taka: 7500,
    price_unit: 'trip',
    position: 3,
  },
  {
    name_en: '16 ft covered van',
    name_bn: '১৬ ফুট কাভার্ড ভ্যান',
    capacity_kg: 4000,
    length_feet: 16,
    description_en: 'Covered van for full shop or office moves and inter-district loads.',
    description_bn: 'পুরো দোকান বা অফিস স্থানান্তর ও আন্তঃজেলা মালের জন্য কাভার্ড ভ্যান।',
    indicative_price_taka: 9500,
    price_unit: 'trip',
    position: 4,
  },
  {
    name_en: '20 ft covered van',
    name_bn: '২০ ফুট কাভার্ড ভ্যান',
    capacity_kg: 7000,
    length_feet: 20,
    description_en: 'Large covered van for garments, FMCG and factory loads, by the day.',
    description_bn: 'পোশাক, নিত্যপণ্য ও কারখানার মালের জন্য বড় কাভার্ড ভ্যান, দিনভিত্তিক।',
    indicative_price_taka: 14000,
    price_unit: 'day',
    position: 5,
  },
  {
    name_en: '23 ft lorry',
    name_bn: '২৩ ফুট লরি',
    capacity_kg: 10000,
    length_feet: 23,
    description_en: 'Open lorry for heavy and bulk goods: construction material, machinery, grain.',
    description_bn: 'ভারী ও বাল্ক মালামালের জন্য খোলা লরি: নির্মাণসামগ্রী, যন্ত্রপাতি, খাদ্যশস্য।',
    indicative_price_taka: 18000,
    price_unit: 'day',
    position: 6,
  },
];

export const demoFaq: Insertable<DB['faq_entries']>[] = [
  {
    category: 'pickup',
    question_en: 'When will my parcel be picked up?',
    question_bn: 'আমার পার্সেল কখন পিকআপ হবে?',
    answer_en:
      'Pickup requests made before **3 pm** are picked up the same day. Requests after 3 pm are picked up the next day.',
    answer_bn: '**বিকেল ৩টার** আগে পিকআপ অনুরোধ করলে একই দিনে পিকআপ হয়। বিকেল ৩টার পরে করলে পরের দিন পিকআপ হয়।',
  },
  {
    category: 'delivery',
    question_en: 'How long does delivery take?',
    question_bn: 'ডেলিভারি হতে কত সময় লাগে?',
    answer_en:
      'Inside Dhaka and Chattogram city we deliver within 24 to 48 hours; anywhere else in Bangladesh within **3 days** of pickup.',
    answer_bn:
      'ঢাকা ও চট্টগ্রাম শহরের ভেতরে ২৪ থেকে ৪৮ ঘণ্টায় ডেলিভারি হয়; বাংলাদেশের অন্য যেকোনো জায়গায় পিকআপের পর **৩ দিনের** মধ্যে।',
  },
  {
    category: 'payment',
    question_en: 'When do I get the cash collected from my customers?',
    question_bn: 'গ্রাহকের কাছ থেকে তোলা টাকা আমি কখন পাব?',
    answer_en:
      'Cash on delivery is paid to your bank account or bKash wallet the **next working day** after delivery, less the delivery and COD charges.',
    answer_bn:
      'ক্যাশ অন ডেলিভারির টাকা ডেলিভারির **পরের কর্মদিবসে** আপনার ব্যাংক অ্যাকাউন্ট বা বিকাশ ওয়ালেটে পাঠানো হয়, ডেলিভারি ও সিওডি চার্জ বাদ দিয়ে।',
  },
  {
    category: 'pricing',
    question_en: 'What is the COD charge?',
    question_bn: 'সিওডি চার্জ কত?',
    answer_en: 'The cash-on-delivery charge is 1% of the amount we collect from your customer.',
    answer_bn: 'ক্যাশ অন ডেলিভারি চার্জ গ্রাহকের কাছ থেকে তোলা টাকার ১%।',
  },
  {
    category: 'pricing',
    question_en: 'How is the delivery charge worked out?',
    question_bn: 'ডেলিভারি চার্জ কীভাবে হিসাব হয়?',
    answer_en:
      'By weight and route: a price for up to 500 g, for up to 1 kg, and for each further kilogram. Same-city delivery costs least, then Dhaka suburbs, then the rest of the country. Try the calculator on the home page.',
    answer_bn:
      'ওজন ও রুট অনুযায়ী: ৫০০ গ্রাম পর্যন্ত, ১ কেজি পর্যন্ত এবং প্রতি অতিরিক্ত কেজির জন্য আলাদা দাম। একই শহরে সবচেয়ে কম, তারপর ঢাকার আশেপাশে, তারপর সারা দেশে। হোম পেজের ক্যালকুলেটরে দেখে নিন।',
  },
  {
    category: 'general',
    question_en: 'What is the heaviest parcel you carry?',
    question_bn: 'সর্বোচ্চ কত ওজনের পার্সেল পাঠানো যায়?',
    answer_en:
      'A parcel may weigh up to 200 kg. The online calculator covers parcels up to 10 kg; for heavier loads ask for a quote or rent a truck.',
    answer_bn:
      'একটি পার্সেল সর্বোচ্চ ২০০ কেজি হতে পারে। অনলাইন ক্যালকুলেটরে ১০ কেজি পর্যন্ত হিসাব করা যায়; ভারী মালের জন্য কোটেশন নিন বা ট্রাক ভাড়া করুন।',
  },
  {
    category: 'returns',
    question_en: 'What happens if the customer does not accept the parcel?',
    question_bn: 'গ্রাহক পার্সেল না নিলে কী হয়?',
    answer_en:
      'The rider notes the reason and the parcel appears under Returned parcels in your panel. You can ask for another attempt or confirm the return; a return costs half the delivery charge.',
    answer_bn:
      'রাইডার কারণ লিখে রাখেন এবং পার্সেলটি আপনার প্যানেলে রিটার্ন পার্সেলে দেখা যায়। আপনি আবার চেষ্টার অনুরোধ করতে পারেন বা রিটার্ন নিশ্চিত করতে পারেন; রিটার্ন চার্জ ডেলিভারি চার্জের অর্ধেক।',
  },
  {
    category: 'coverage',
    question_en: 'Which areas do you deliver to?',
    question_bn: 'আপনারা কোন কোন এলাকায় ডেলিভারি দেন?',
    answer_en:
      'All 64 districts of Bangladesh. Search your area on the Coverage page to see its zone, its hub and the charge.',
    answer_bn: 'বাংলাদেশের ৬৪টি জেলাতেই। কভারেজ পেজে আপনার এলাকা খুঁজে তার জোন, হাব ও চার্জ দেখে নিন।',
  },
  {
    category: 'general',
    question_en: 'How do I track a parcel?',
    question_bn: 'পার্সেল কীভাবে ট্র্যাক করব?',
    answer_en:
      'Type the tracking ID in the box on the home page. Tracking IDs have no 0/O or 1/I, so they are easy to read over the phone.',
    answer_bn: 'হোম পেজের বক্সে ট্র্যাকিং আইডি লিখুন। ট্র্যাকিং আইডিতে 0/O বা 1/I নেই, তাই ফোনে সহজে বলা যায়।',
  },
  {
    category: 'general',
    question_en: 'Can I send a single parcel without a merchant account?',
    question_bn: 'মার্চেন্ট অ্যাকাউন্ট ছাড়া কি একটি পার্সেল পাঠানো যায়?',
    answer_en:
      'Yes. Bring it to any Dak booth or hub with the receiver’s name, phone number and full address; pay the charge at the counter in cash or by bKash.',
    answer_bn:
      'হ্যাঁ। প্রাপকের নাম, ফোন নম্বর ও পূর্ণ ঠিকানাসহ যেকোনো ডাক বুথ বা হাবে নিয়ে আসুন; কাউন্টারে নগদ বা বিকাশে চার্জ দিন।',
  },
].map((entry, index) => ({ ...entry, position: (index + 1) * 10, status: 'published' as const }));

export const demoPosts = [
  {
    slug: 'cash-on-delivery-paid-next-day',
    title_en: 'Your cash on delivery, paid the next working day',
    title_bn: 'ক্যাশ অন ডেলিভারির টাকা পরের কর্মদিবসেই',
    excerpt_en: 'How the money your customers pay reaches your bank or bKash account, and what is deducted.',
    excerpt_bn: 'গ্রাহকের দেওয়া টাকা কীভাবে আপনার ব্যাংক বা বিকাশে পৌঁছায়, আর কী কাটা হয়।',
    body_en: [
      '## From the customer’s hand to your account',
      '',
      'When a rider delivers your parcel, the cash is recorded against it at once. The next working day we pay everything delivered, **less the delivery charge and the 1% COD charge**.',
      '',
      '- Add a bank account or bKash wallet under *Payment method*.',
      '- Check each payment under *Payment info*: every parcel is listed.',
      '- A bounced payment is retried after you correct the details.',
      '',
      'Questions? Read the [FAQ](/faq).',
    ].join('\n'),
    body_bn: [
      '## গ্রাহকের হাত থেকে আপনার অ্যাকাউন্টে',
      '',
      'রাইডার পার্সেল ডেলিভারি করলেই টাকা সেই পার্সেলের নামে লেখা হয়। পরের কর্মদিবসে আমরা সব ডেলিভারি হওয়া পার্সেলের টাকা পাঠাই, **ডেলিভারি চার্জ ও ১% সিওডি চার্জ বাদ দিয়ে**।',
      '',
      '- *পেমেন্ট মেথড*-এ ব্যাংক অ্যাকাউন্ট বা বিকাশ ওয়ালেট যোগ করুন।',
      '- *পেমেন্ট তথ্য*-তে প্রতিটি পেমেন্ট দেখুন: প্রতিটি পার্সেল তালিকায় থাকে।',
      '- তথ্য ঠিক করার পর ফেরত আসা পেমেন্ট আবার পাঠানো হয়।',
      '',
      'প্রশ্ন আছে? [প্রশ্নোত্তর](/faq) পড়ুন।',
    ].join('\n'),
    published_at: new Date('2026-10-05T04:00:00Z'),
  },
  {
    slug: 'packing-parcels-that-arrive-safe',
    title_en: 'Five ways to pack parcels that arrive safe',
    title_bn: 'নিরাপদে পৌঁছানোর জন্য পার্সেল প্যাক করার পাঁচটি উপায়',
    excerpt_en:
      'Fewer damaged parcels and returns start with the box: our riders’ advice for online sellers.',
    excerpt_bn: 'কম ক্ষতি ও কম রিটার্নের শুরু বাক্স থেকে: অনলাইন বিক্রেতাদের জন্য আমাদের রাইডারদের পরামর্শ।',
    body_en: [
      '## Pack for the road, not the shelf',
      '',
      '1. Use a box a little larger than the product and fill the gaps.',
      '2. Wrap glass and liquids twice and mark them *fragile*.',
      '3. Seal every edge with tape; parcels travel through rain in monsoon.',
      '4. Write the tracking ID clearly or stick the printed label flat.',
      '5. Weigh the packed parcel, so the charge matches at pickup.',
      '',
      '> A parcel that arrives whole is a customer who orders again.',
    ].join('\n'),
    body_bn: [
      '## তাকের জন্য নয়, রাস্তার জন্য প্যাক করুন',
      '',
      '1. পণ্যের চেয়ে একটু বড় বাক্স নিন এবং ফাঁকা জায়গা ভরে দিন।',
      '2. কাচ ও তরল দুইবার মুড়িয়ে *ভঙ্গুর* লিখে দিন।',
      '3. প্রতিটি কিনারা টেপ দিয়ে আটকান; বর্ষায় পার্সেল বৃষ্টির মধ্যে যায়।',
      '4. ট্র্যাকিং আইডি স্পষ্ট করে লিখুন বা ছাপানো লেবেল সমান করে লাগান।',
      '5. প্যাক করা পার্সেল ওজন করুন, যাতে পিকআপে চার্জ মিলে যায়।',
      '',
      '> অক্ষত পার্সেল মানে আবার অর্ডার করা গ্রাহক।',
    ].join('\n'),
    published_at: new Date('2026-11-02T04:00:00Z'),
  },
];

/** Inserts the demo content of each kind whose table is still empty; returns the kinds it filled. */
export async function seedSiteContent(db: Kysely<DB>): Promise<string[]> {
  const filled: string[] = [];
  await db.transaction().execute(async (trx) => {
    const empty = async (table: 'booths' | 'truck_types' | 'faq_entries' | 'blog_posts') =>
      !(await trx.selectFrom(table).select('id').limit(1).executeTakeFirst());
    if (await empty('booths')) {
      await trx.insertInto('booths').values(demoBooths).execute();
      filled.push('booths');
    }
    if (await empty('truck_types')) {
      await trx.insertInto('truck_types').values(demoTruckTypes).execute();
      filled.push('truck_types');
    }
    if (await empty('faq_entries')) {
      await trx.insertInto('faq_entries').values(demoFaq).execute();
      filled.push('faq_entries');
    }
    if (await empty('blog_posts')) {
      await trx
        .insertInto('blog_posts')
        .values(demoPosts.map((post) => ({ ...post, status: 'published' as const })))
        .execute();
      filled.push('blog_posts');
    }
  });
  return filled;
}
