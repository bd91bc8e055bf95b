import { localizeDigits } from './digits';

/**
 * Rules against guessing codes and passwords (issue 11, findings 6 to 8). The numbers are
 * settings (the server's config has production defaults); the rules and words live here.
 */

const inBengaliDigits = (n: number) => localizeDigits(String(n), 'bn');

/**
 * The progressive delay on password sign-in for one phone, from addresses it was not signed in
 * from before: the first `freeFailures` wrong passwords cost nothing; each one after that
 * doubles the wait before the next try (base, 2×base, 4×base…), up to `maxSeconds`. The wait
 * runs from the last failure. Never a lock: whoever waits may try again.
 */
export function passwordDelaySeconds(
  failures: number,
  rule: { freeFailures: number; baseSeconds: number; maxSeconds: number },
): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = failures - rule.freeFailures;
  // 2^31 seconds is far past any cap; stop doubling there so the number stays finite.
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(doublings, 31));
}

/** The SMS to a phone's owner when its codes are locked: once per lock, English then Bengali. */
export function otpLockedSms(hours: number): string {
  return (
    `Dak: too many wrong codes were entered for your number, so sign-in by code is locked for ${hours} hours. ` +
    'If this was not you, never share a code; you can still log in with your password.\n' +
    `ডাক: আপনার নম্বরে অনেকবার ভুল ওটিপি দেওয়া হয়েছে, তাই ${inBengaliDigits(hours)} ঘণ্টা ওটিপি দিয়ে লগ ইন বন্ধ থাকবে। ` +
    'আপনি না হলে কাউকে কোড জানাবেন না; পাসওয়ার্ড দিয়ে লগ ইন করতে পারবেন।'
  );
}

/**
 * Sent instead of a sign-up code when the phone already has an account: the one asking sees
 * the same answer as for a new phone, and only the phone's owner learns it is registered.
 */
export const alreadyRegisteredSms =
  'Dak: someone asked to sign up with your number, which already has an account. ' +
  'Log in instead; if it was not you, you can ignore this.\n' +
  'ডাক: আপনার নম্বর দিয়ে সাইন আপ করার চেষ্টা করা হয়েছে, কিন্তু এই নম্বরে আগেই অ্যাকাউন্ট আছে। ' +
  'লগ ইন করুন; আপনি না হলে এই মেসেজটি উপেক্ষা করুন।';
