/**
 * Reading a free-text Bangladeshi delivery address (English, Bengali, Banglish, typos, landmarks,
 * house and road numbers, postcodes, "near X") into a delivery area, without any outside service
 * (issue 4, part 5). Pure: the caller passes the gazetteer as data and keeps the index that
 * `buildAddressIndex` makes from it; `predictArea` then reads one address in well under a
 * millisecond.
 *
 * How it reads:
 * 1. Text is folded (normalizeSearchText, digits split from letters) into tokens, and each token
 *    into a phonetic key: Bengali is transliterated letter by letter, then Latin spellings are
 *    folded (aspirates dropped, o/a and z/j and v/b alike, doubled letters single: "Mohammodpur",
 *    "মোহাম্মদপুর" and "mohamadpur" share one key). Noise words (house, road, flat, near, পাশে…)
 *    and people's names never name a place on their own.
 * 2. Every run of up to five tokens is looked up, joined without spaces ("shonir akhra" =
 *    "shonirakhra"), among the areas' names and aliases: exactly, then within a small weighted
 *    edit distance that grows with the name's length (vowels and Bengali's unwritten inherent
 *    vowel cost little, digits a lot). A number beside a name, or after "sector", qualifies it
 *    ("Mirpur 10", "sector 7 … Uttara"); a number after house, road or flat does not.
 * 3. District names (and old spellings, "ctg", "B.Baria") and 4-digit postcodes are constraints:
 *    an area in a district the address names elsewhere gains; an area in a district the address
 *    contradicts is never the answer. Words that exactly spell a district are read as the
 *    district, not as a near spelling of some place; a district's name inside a longer place
 *    name ("Chittagong Road, Siddhirganj") is no mention. A district alone reads as its Sadar
 *    upazila (none for Dhaka, Chattogram, Khulna, Rajshahi: then only the district).
 * 4. Among the areas found, the most specific wins: a longer name over the shorter name inside
 *    it ("Mirpur 10" over "Mirpur"), a neighbourhood over its thana or upazila named elsewhere
 *    in the address, a city area over an upazila, then what the address says first (addresses
 *    go from the house outwards). Landmarks ("near X", "X er pashe") and streets ("X road")
 *    count a little less. Post offices (from the postcode list) are weak extra place names.
 * 5. Confidence is the top score, discounted by how close the runner-up came.
 *
 * The parts, each depending only on those before it: contract (the API's shapes), phonetic (keys),
 * normalise (vocabulary, tokens), scoring (lookup tables, spelling distance, windows), gazetteer
 * (the data and its index), predict (reading one address). This file is the public face.
 */
export {
  type AddressCandidate,
  type AddressPrediction,
  type AddressPredictionRequest,
  addressCandidateSchema,
  addressPredictionRequestSchema,
  addressPredictionSchema,
  confidentPrediction,
} from './contract';
export {
  type AddressIndex,
  buildAddressIndex,
  type Gazetteer,
  type GazetteerArea,
  type GazetteerDistrict,
  type GazetteerDivision,
  type GazetteerLandmark,
} from './gazetteer';
export { phoneticKey, transliterateBengali } from './phonetic';
export { predictArea } from './predict';
export { weightedDistance } from './scoring';
