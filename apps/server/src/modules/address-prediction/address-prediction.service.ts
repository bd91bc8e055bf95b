import {
  type AddressIndex,
  type AddressPrediction,
  buildAddressIndex,
  predictArea,
} from '@dak/domain/address-prediction';
import type { Kysely } from 'kysely';
import type { RateLimits } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../plugins/rate-limit';
import {
  type LandmarkRow,
  type PostcodeRow,
  readLandmarkSeed,
  readPostcodeSeed,
  toGazetteer,
} from './address-gazetteer';
import {
  type AddressPredictionRepository,
  createAddressPredictionRepository,
} from './address-prediction.repository';

/**
 * Names change only when the geography seed does (a deploy) or staff rename an area, so the
 * index is built once and kept for hours. Building it takes about 0.1 s (700 areas, their
 * aliases and 1,300 post offices); reading one address then takes well under a millisecond.
 */
const indexTtlMs = 6 * 3600 * 1000;

export type AddressPredictionService = ReturnType<typeof createAddressPredictionService>;

/** Reads free-text addresses into delivery areas (issue 4, part 5): public, rate-limited per IP. */
export function createAddressPredictionService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  limits: Pick<RateLimits, 'areaPredictPerIpPerMinute'>;
  repo?: AddressPredictionRepository;
  loadPostcodes?: () => Promise<PostcodeRow[]>;
  loadLandmarks?: () => Promise<LandmarkRow[]>;
  ttlMs?: number;
}) {
  const repo = deps.repo ?? createAddressPredictionRepository(deps.db);
  const loadPostcodes = deps.loadPostcodes ?? readPostcodeSeed;
  const loadLandmarks = deps.loadLandmarks ?? readLandmarkSeed;
  const ttlMs = deps.ttlMs ?? indexTtlMs;
  let cached: { expires: number; value: Promise<AddressIndex> } | undefined;

  async function build(): Promise<AddressIndex> {
    const [rows, postcodes, landmarks] = await Promise.all([
      repo.loadGazetteerRows(),
      loadPostcodes(),
      loadLandmarks(),
    ]);
    return buildAddressIndex(toGazetteer(rows, postcodes, landmarks));
  }

  /** The index, built once per TTL; requests arriving while it builds wait for the same build. */
  function index(): Promise<AddressIndex> {
    const now = deps.clock.now().getTime();
    if (cached && cached.expires > now) return cached.value;
    const value = build();
    cached = { expires: now + ttlMs, value };
    value.catch(() => {
      if (cached?.value === value) cached = undefined;
    });
    return value;
  }

  return {
    async predict(input: { address: string; ip: string }): Promise<AddressPrediction> {
      await deps.rateLimiter.consume(
        `area-predict:ip:${input.ip}`,
        deps.limits.areaPredictPerIpPerMinute,
        60,
      );
      return predictArea(await index(), input.address);
    },
    /** The same reading without the per-IP limit, for the server's own callers (bulk upload). */
    async predictTrusted(address: string): Promise<AddressPrediction> {
      return predictArea(await index(), address);
    },
    /** Forget the index (after a re-seed or a rename); the next request rebuilds it. */
    invalidate() {
      cached = undefined;
    },
  };
}
