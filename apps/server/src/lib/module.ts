import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { RateLimits } from '../config';
import type { DB } from '../db/schema';
import type { Guards } from '../plugins/auth';
import type { RateLimiter } from '../plugins/rate-limit';
import type { Clock } from './clock';

/**
 * What most modules are built from: each `modules/<name>/<name>.module.ts` takes these (and the
 * services of the modules it asks) and returns its service and its routes for app.ts.
 */
export type ModuleDeps = { db: Kysely<DB>; clock: Clock; guards: Guards };
/** For modules whose public routes are limited per address. */
export type LimitedDeps = { rateLimiter: RateLimiter; limits: RateLimits };
export type Routes = (app: FastifyInstance) => Promise<void>;
