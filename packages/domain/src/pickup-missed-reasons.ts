// No zod here: the merchant's notification texts (the panel's first screen) read these words.
/** Why a parcel was not handed over to the pickup rider; the merchant reads it on the timeline. */
export const pickupMissedReasons = {
  not_ready: { en: 'Parcel was not ready', bn: 'পার্সেল প্রস্তুত ছিল না' },
  merchant_unreachable: { en: 'Merchant could not be reached', bn: 'মার্চেন্টকে পাওয়া যায়নি' },
  shop_closed: { en: 'Pickup location was closed', bn: 'পিকআপ লোকেশন বন্ধ ছিল' },
  merchant_cancelled: { en: 'Merchant did not hand it over', bn: 'মার্চেন্ট পার্সেল দেননি' },
  packaging: { en: 'Packaging not acceptable', bn: 'প্যাকেজিং গ্রহণযোগ্য নয়' },
  other: { en: 'Other', bn: 'অন্যান্য' },
} as const;
