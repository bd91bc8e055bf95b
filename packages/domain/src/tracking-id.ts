/**
 * Tracking IDs (DESIGN.md section 4): short, safe to read over the phone, with a check character.
 *
 * Form: "DK" + 8 body characters + 1 check character, e.g. DK7MQ2XH4BK. The alphabet has 29
 * characters: the digits 2-9 and the letters without I, L, O, U and Z (0/O, 1/I/L, 2/Z and V/U
 * sound or look alike; U is left out as Crockford's base 32 does). 29 is prime, which is what
 * makes the check work: with the values v0..v8 of the body and check, weights 2..9 for the body
 * and 1 for the check, the check is chosen so that Σ weight × value ≡ 0 (mod 29).
 *  - A single wrong character changes the sum by w × d with 1 ≤ w ≤ 9 and 0 < |d| < 29; 29 is
 *    prime, so the change is never a multiple of 29: every single-character typo is caught.
 *  - Swapping two different neighbours changes it by (wᵢ − wⱼ) × d with wᵢ − wⱼ = ±1: caught too.
 * 29⁸ ≈ 5 × 10¹¹ IDs: random ones collide rarely; the database's unique index catches the rest.
 */

export const trackingIdAlphabet = '23456789ABCDEFGHJKMNPQRSTVWXY';
export const trackingIdPrefix = 'DK';
export const trackingIdBodyLength = 8;

const base = trackingIdAlphabet.length; // 29, prime
const pattern = new RegExp(`^${trackingIdPrefix}[${trackingIdAlphabet}]{${trackingIdBodyLength + 1}}$`);

const charValue = (char: string) => trackingIdAlphabet.indexOf(char);

/** The check character of a body of 8 alphabet characters. */
export function trackingCheckCharacter(body: string): string {
  if (body.length !== trackingIdBodyLength) throw new RangeError(`Body must be ${trackingIdBodyLength} long`);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const v = charValue(body.charAt(i));
    if (v < 0) throw new RangeError(`Not a tracking ID character: ${body.charAt(i)}`);
    sum += (i + 2) * v;
  }
  // Check weight is 1: choose c with sum + c ≡ 0 (mod 29).
  return trackingIdAlphabet.charAt((base - (sum % base)) % base);
}

/**
 * A new tracking ID. `randomInt(max)` returns a uniform integer in [0, max): the server passes
 * node:crypto's randomInt, tests a seeded one.
 */
export function newTrackingId(randomInt: (max: number) => number): string {
  let body = '';
  for (let i = 0; i < trackingIdBodyLength; i++) body += trackingIdAlphabet.charAt(randomInt(base));
  return `${trackingIdPrefix}${body}${trackingCheckCharacter(body)}`;
}

/** Whether an ID, as stored (upper case, no separators), is well formed and its check holds. */
export function isValidTrackingId(id: string): boolean {
  if (!pattern.test(id)) return false;
  const rest = id.slice(trackingIdPrefix.length);
  let sum = 0;
  for (let i = 0; i < trackingIdBodyLength; i++) sum += (i + 2) * charValue(rest.charAt(i));
  sum += charValue(rest.charAt(trackingIdBodyLength));
  return sum % base === 0;
}

/**
 * What a person typed ("dk 7mq2-xh4b k") in the stored form, or null if it is not a valid
 * tracking ID. Case, spaces and dashes are forgiven; look-alike characters are not guessed.
 */
export function normalizeTrackingId(input: string): string | null {
  const id = input.toUpperCase().replace(/[\s-]/g, '');
  return isValidTrackingId(id) ? id : null;
}

/**
 * The number that peers' APIs call a consignment ID (Steadfast's `consignment_id` is an integer):
 * the tracking ID's 8-character body read as a base-29 number, plus one so it is never 0. It is
 * derived, not stored: the same parcel always has the same number, and the number leads back to
 * the tracking ID (29⁸ < 2⁵³, so it is a safe integer in JSON).
 */
export function consignmentNumberOf(trackingId: string): number {
  const body = trackingId.slice(trackingIdPrefix.length, trackingIdPrefix.length + trackingIdBodyLength);
  let n = 0;
  for (const char of body) n = n * base + charValue(char);
  return n + 1;
}

/** The tracking ID whose consignment number this is, or null when it is not one. */
export function trackingIdOfConsignmentNumber(value: number): string | null {
  if (!Number.isSafeInteger(value) || value < 1 || value > base ** trackingIdBodyLength) return null;
  let n = value - 1;
  let body = '';
  for (let i = 0; i < trackingIdBodyLength; i++) {
    body = trackingIdAlphabet.charAt(n % base) + body;
    n = Math.floor(n / base);
  }
  return `${trackingIdPrefix}${body}${trackingCheckCharacter(body)}`;
}
