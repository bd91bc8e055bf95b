import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Permission } from '@dak/domain/permissions';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database } from './db/database';
import { expireParcelExportsJob } from './jobs/expire-parcel-exports.job';
import { exportParcelsJob } from './jobs/export-parcels.job';
import { createJobs, type Jobs } from './jobs/jobs';
import { pruneRateLimitHitsJob } from './jobs/prune-rate-limit-hits.job';
import { type Clock, isMovable, shiftedClock, systemClock } from './lib/clock';
import { createFieldCipher } from './lib/field-cipher';
import { createLocalStorage } from './lib/storage';
import { addressPredictionRoutes } from './modules/address-prediction/address-prediction.routes';
import { createAddressPredictionService } from './modules/address-prediction/address-prediction.service';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createOtpService } from './modules/auth/otp.service';
import { createPasswordGuard } from './modules/auth/password-guard';
import { createSessionsService } from './modules/auth/sessions.service';
import { staffAuthRoutes } from './modules/auth/staff-auth.routes';
import { createStaffAuthService } from './modules/auth/staff-auth.service';
import { createStaffBootstrap } from './modules/auth/staff-bootstrap';
import { bulkParcelsRoutes } from './modules/bulk-parcels/bulk-parcels.routes';
import { createBulkParcelsService } from './modules/bulk-parcels/bulk-parcels.service';
import { callsModule } from './modules/calls/calls.module';
import { coverageRoutes } from './modules/coverage/coverage.routes';
import { createCoverageService } from './modules/coverage/coverage.service';
import { createCustomersRepository } from './modules/customers/customers.repository';
import { customersRoutes } from './modules/customers/customers.routes';
import { createCustomersService } from './modules/customers/customers.service';
import { deliveryRunsRoutes } from './modules/delivery-runs/delivery-runs.routes';
import { createDeliveryRunsService } from './modules/delivery-runs/delivery-runs.service';
import { devRoutes } from './modules/dev/dev.routes';
import { enterpriseLeadsRoutes } from './modules/enterprise-leads/enterprise-leads.routes';
import { createEnterpriseLeadsService } from './modules/enterprise-leads/enterprise-leads.service';
import { flagsRoutes } from './modules/flags/flags.routes';
import { createFlagsService } from './modules/flags/flags.service';
import { geoRoutes } from './modules/geo/geo.routes';
import { createGeoService } from './modules/geo/geo.service';
import { healthRoutes } from './modules/health/health.routes';
import { hubWorkRoutes } from './modules/hub-work/hub-work.routes';
import { createHubWorkService } from './modules/hub-work/hub-work.service';
import { hubsRoutes } from './modules/hubs/hubs.routes';
import { createHubsService } from './modules/hubs/hubs.service';
import { createLabelsRepository } from './modules/labels/labels.repository';
import { labelsRoutes } from './modules/labels/labels.routes';
import { createLabelsService } from './modules/labels/labels.service';
import { nidRoutes } from './modules/nid/nid.routes';
import { createNidService } from './modules/nid/nid.service';
import { opsRoutes } from './modules/ops/ops.routes';
import { createOpsService } from './modules/ops/ops.service';
import { createParcelExportsRepository } from './modules/parcel-exports/parcel-exports.repository';
import { parcelExportsRoutes } from './modules/parcel-exports/parcel-exports.routes';
import { createParcelExportsService } from './modules/parcel-exports/parcel-exports.service';
import { parcelListPreferencesRoutes } from './modules/parcel-list-preferences/parcel-list-preferences.routes';
import { createParcelListPreferencesService } from './modules/parcel-list-preferences/parcel-list-preferences.service';
import { parcelSmsModule } from './modules/parcel-sms/parcel-sms.module';
import { parcelTransitionsModule } from './modules/parcel-transitions/parcel-transitions.module';
import { createParcelEditsRepository } from './modules/parcels/parcel-edits.repository';
import { parcelEditsRoutes } from './modules/parcels/parcel-edits.routes';
import { createParcelEditsService } from './modules/parcels/parcel-edits.service';
import { createParcelsRepository } from './modules/parcels/parcels.repository';
import { parcelsRoutes } from './modules/parcels/parcels.routes';
import { createParcelsService } from './modules/parcels/parcels.service';
import { createBanksService } from './modules/payment-methods/banks.service';
import { paymentMethodsRoutes } from './modules/payment-methods/payment-methods.routes';
import { createPaymentMethodsService } from './modules/payment-methods/payment-methods.service';
import { createPickupLocationsRepository } from './modules/pickup-locations/pickup-locations.repository';
import { pickupLocationsRoutes } from './modules/pickup-locations/pickup-locations.routes';
import { createPickupLocationsService } from './modules/pickup-locations/pickup-locations.service';
import { pricingRoutes } from './modules/pricing/pricing.routes';
import { createPricingService } from './modules/pricing/pricing.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { returnsModule } from './modules/returns/returns.module';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { createShopsRepository } from './modules/shops/shops.repository';
import { shopsRoutes } from './modules/shops/shops.routes';
import { createShopsService } from './modules/shops/shops.service';
import { createSiteLoaders } from './modules/site/site.loaders';
import { createSiteRendererLoader } from './modules/site/site.renderer';
import { siteRoutes } from './modules/site/site.routes';
import { siteContentRoutes } from './modules/site-content/site-content.routes';
import { createSiteContentService } from './modules/site-content/site-content.service';
import { createSmsProvider } from './modules/sms/sms.providers';
import { createSmsService } from './modules/sms/sms.service';
import type { SmsMessage } from './modules/sms/sms.types';
import { createTeamRepository } from './modules/team/team.repository';
import { teamRoutes } from './modules/team/team.routes';
import { createTeamService } from './modules/team/team.service';
import { termsRoutes } from './modules/terms/terms.routes';
import { createTermsService } from './modules/terms/terms.service';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { createTrackingService } from './modules/tracking/tracking.service';
import { createGuards } from './plugins/auth';
import { registerErrorHandler, sendNotFound } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { createRateLimiter } from './plugins/rate-limit';
import { requestLogSerializers } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';

export type AppDeps = {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Sees each SMS as the phone gets it: how tests read codes, which no route shows outside development. */
  onSmsSent?: (message: SmsMessage) => void;
  /** Where the default logger writes (stdout when absent); tests read the log through it. */
  logStream?: DestinationStream;
};

/** A route as the route-table tests walk it; `bodyLimit` only where the route sets its own. */
export type RouteInfo = { method: string; url: string; shopPermission?: Permission; bodyLimit?: number };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteInfo[];
    /** Background jobs (jobs/jobs.ts): started when the app is ready, stopped when it closes. */
    jobs: Jobs;
  }
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole API (and, when a built web app is given, serves it). Tests build it too. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Outside production the clock can be moved forward (POST /dev/clock) to see what a day brings.
  const clock = deps.clock ?? (config.mode === 'production' ? systemClock : shiftedClock());
  const db = deps.database.db;

  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      serializers: requestLogSerializers,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["x-temporary-token"]',
          'req.headers.cookie',
          '*.password',
          '*.code',
          '*.otp',
          '*.accountNumber',
          '*.walletNumber',
          '*.nidNumber',
        ],
        censor: '[redacted]',
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  });
  // A connection lost under a request (backend terminated) fails that request and is logged here.
  deps.database.logConnectionErrors((error, message) => app.log.warn({ err: error }, message));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', null);
  app.decorateRequest('shopAccess', null);

  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD' && route.url.startsWith('/api/v1')) {
        routeTable.push({
          method,
          url: route.url,
          shopPermission: route.config?.shopPermission,
          bodyLimit: route.bodyLimit,
        });
      }
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Routes that may be cached (reference data) set their own cache-control; the rest: no-store.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  registerSecurityHeaders(app, { production: config.mode === 'production' });
  registerErrorHandler(app);
  await registerOpenApi(app);

  const smsProvider = createSmsProvider(config.sms);
  // OTP codes are shown (outbox page, log) in development only: never to staff elsewhere.
  const revealCodes = config.mode === 'development';
  const sms = createSmsService({
    db,
    provider: smsProvider,
    revealCodes,
    onRecorded: revealCodes
      ? (message) => app.log.info({ to: message.to, sms: message.body }, 'SMS recorded in the outbox')
      : undefined,
    onSent: deps.onSmsSent,
  });
  const rateLimiter = createRateLimiter({ db, clock });
  const repo = createAuthRepository(db);
  const sessions = createSessionsService({ db, clock });
  const otp = createOtpService({ db, clock, sms, rateLimiter, limits: config.rateLimits });
  const passwordGuard = createPasswordGuard({ db, clock, rateLimiter, limits: config.rateLimits });
  const auth = createAuthService({ db, clock, config, repo, otp, sessions, rateLimiter, passwordGuard });
  const staffAuth = createStaffAuthService({
    config,
    repo,
    otp,
    sessions,
    rateLimiter,
    passwordGuard,
    bootstrap: createStaffBootstrap({ db }),
    clock,
  });
  const guards = createGuards({ sessions, repo });
  const geo = createGeoService({ db });
  const pickups = createPickupLocationsService({ db, clock, repo: createPickupLocationsRepository(db) });
  const shops = createShopsService({ db, clock, repo: createShopsRepository(db), otp, pickups });
  const team = createTeamService({ db, clock, repo: createTeamRepository(db), users: repo, otp });
  // Payments, NID, terms, flags, settings and the console (issue 3).
  const storage = createLocalStorage(config.filesDir);
  const banks = createBanksService({ db, clock });
  const paymentMethods = createPaymentMethodsService({
    db,
    clock,
    otp,
    banks,
    cipher: createFieldCipher(config.dataKeys),
  });
  const nid = createNidService({ db, clock, storage });
  const terms = createTermsService({ db, clock });
  const flags = createFlagsService({ db, clock });
  const settings = createSettingsService({ db, clock });
  const profile = createProfileService({ pickups, paymentMethods, nid, terms });
  const ops = createOpsService({ db, paymentMethods, pickups, nid, terms, sms });
  // Pricing (issue 4).
  const pricing = createPricingService({ db, clock, geo, rateLimiter, limits: config.rateLimits });
  // The public site's coverage lookup (issue 6).
  const coverage = createCoverageService({ db, geo, pricing, rateLimiter, limits: config.rateLimits });
  // Parcels (issue 4, part 2).
  // The shop's address book and customer flags (issue 4, parts 4 and 8); booking fills the book.
  const customers = createCustomersService({ db, clock, repo: createCustomersRepository(db), geo });
  const parcelsRepo = createParcelsRepository(db);
  const parcels = createParcelsService({ db, clock, repo: parcelsRepo, pickups, pricing, customers });
  // Parcel edits, notes and the audit log (issue 4, parts 3 and 8).
  const parcelEdits = createParcelEditsService({
    db,
    clock,
    repo: createParcelEditsRepository(db),
    parcels: parcelsRepo,
    pickups,
    pricing,
  });
  // Parcel labels as PDF (issue 4, part 9).
  const labels = createLabelsService({ repo: createLabelsRepository(db) });
  // Reading addresses into areas (issue 4, part 5).
  const addressPrediction = createAddressPredictionService({
    db,
    clock,
    rateLimiter,
    limits: config.rateLimits,
  });
  // Background jobs (issue 4, part 7): created before the modules that queue them.
  // The queue on its own pool: requests holding every API connection never stop the job runner.
  const jobs = createJobs({
    pool: deps.database.jobsPool,
    mode: config.jobs,
    log: app.log,
    superviseSeconds: config.jobsSuperviseSeconds,
    retryDelaySeconds: config.jobsRetryDelaySeconds,
  });
  app.decorate('jobs', jobs);
  // Parcel moves (issue 5); each move queues its follow-ups (SMS) in its own transaction.
  const parcelTransitions = parcelTransitionsModule({ db, clock, jobs, guards });
  const transitions = parcelTransitions.service;
  parcelSmsModule({
    db,
    clock,
    jobs,
    sms,
    publicUrl: config.publicUrl,
    expireInSeconds: config.smsJobExpireSeconds,
  });
  const hubs = createHubsService({ db, clock });
  // Pickups, scan-in, bags and line-haul trips (issue 5, parts 3 and 4).
  const hubWork = createHubWorkService({ db, clock, transitions });
  const deliveryRuns = createDeliveryRunsService({ db, clock, storage, transitions });
  const tracking = createTrackingService({ db, rateLimiter, limits: config.rateLimits });
  // Bulk booking from a sheet (issue 4, part 6).
  const bulkParcels = createBulkParcelsService({ db, clock, parcels, pickups, flags, addressPrediction });
  // The parcel list's exports and preferences (issue 4, part 7).
  const parcelExports = createParcelExportsService({
    clock,
    repo: createParcelExportsRepository(db),
    parcels,
    storage,
    jobs,
    ttlHours: config.exportTtlHours,
    log: app.log,
  });
  jobs.register(exportParcelsJob({ exports: parcelExports }));
  jobs.register(expireParcelExportsJob({ exports: parcelExports }));
  jobs.register(pruneRateLimitHitsJob({ db, clock }));
  // Returns and call logs (issue 5, items 6 and 8).
  const returns = returnsModule({
    db,
    clock,
    jobs,
    guards,
    transitions,
    autoReturnHours: config.autoReturnHours,
    log: (error, message) => app.log.info({ err: error }, message),
  });
  const calls = callsModule({
    db,
    clock,
    storage,
    jobs,
    guards,
    telephony: config.telephony,
    retentionDays: config.recordingRetentionDays,
  });
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  const parcelListPreferences = createParcelListPreferencesService({ db, clock });
  // The public site's content and the enterprise leads (issue 6).
  const siteContent = createSiteContentService({ db, clock, storage });
  const enterpriseLeads = createEnterpriseLeadsService({ db, clock, rateLimiter, limits: config.rateLimits });

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ db }));
      await api.register(geoRoutes({ geo }));
      await api.register(authRoutes({ auth, guards }));
      await api.register(
        staffAuthRoutes({
          staffAuth,
          guards,
          repo,
          sessions,
          cookie: { secure: config.mode === 'production', maxAgeSeconds: config.staffSessionTtlHours * 3600 },
        }),
      );
      await api.register(shopsRoutes({ shops, guards }));
      await api.register(pickupLocationsRoutes({ pickups, guards }));
      await api.register(teamRoutes({ team, guards }));
      await api.register(paymentMethodsRoutes({ banks, paymentMethods, guards }));
      await api.register(nidRoutes({ nid, guards }));
      await api.register(termsRoutes({ terms, guards }));
      await api.register(flagsRoutes({ flags, guards }));
      await api.register(settingsRoutes({ settings, guards }));
      await api.register(profileRoutes({ profile, guards }));
      await api.register(opsRoutes({ ops, guards }));
      await api.register(pricingRoutes({ pricing, guards }));
      await api.register(addressPredictionRoutes({ addressPrediction }));
      await api.register(bulkParcelsRoutes({ bulk: bulkParcels, guards }));
      await api.register(parcelsRoutes({ parcels, guards }));
      await api.register(parcelEditsRoutes({ edits: parcelEdits, guards }));
      await api.register(customersRoutes({ customers, guards }));
      await api.register(labelsRoutes({ labels, guards, publicUrl: config.publicUrl }));
      await api.register(parcelExportsRoutes({ exports: parcelExports, guards }));
      await api.register(parcelListPreferencesRoutes({ preferences: parcelListPreferences, guards }));
      await api.register(siteContentRoutes({ content: siteContent, guards }));
      await api.register(enterpriseLeadsRoutes({ leads: enterpriseLeads, guards }));
      await api.register(parcelTransitions.routes);
      await api.register(hubsRoutes({ hubs, guards }));
      await api.register(hubWorkRoutes({ hubWork, guards }));
      await api.register(deliveryRunsRoutes({ runs: deliveryRuns, guards }));
      await api.register(returns.routes);
      await api.register(calls.routes);
      await api.register(trackingRoutes({ tracking, guards }));
      await api.register(coverageRoutes({ coverage }));
      if (config.mode !== 'production') {
        await api.register(devRoutes({ sms, jobs, clock: isMovable(clock) ? clock : undefined }));
      }
    },
    { prefix: '/api/v1' },
  );

  const webDist = config.webDist;
  const serveWeb = Boolean(webDist && existsSync(webDist));
  if (serveWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of scripts and styles: sent to browsers that take them.
      preCompressed: true,
      // Vite names built assets by content hash: they never change, so phones keep them.
      setHeaders: (reply, filePath) => {
        // index.html names the current assets, so it is checked every time.
        const policy = filePath.endsWith('index.html')
          ? 'no-cache'
          : filePath.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600';
        reply.header('cache-control', policy);
      },
    });
  }
  // The public site (issue 6): rendered here, hydrated by its own small bundle.
  await app.register(
    siteRoutes({
      loaders: createSiteLoaders({
        geo,
        pricing,
        coverage,
        api: async (url, ip) => {
          const res = await app.inject({ method: 'GET', url, remoteAddress: ip });
          return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : null };
        },
      }),
      renderer: createSiteRendererLoader(serveWeb ? webDist : undefined),
      publicUrl: config.publicUrl,
    }),
  );
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // The single-page app owns every other path: its router shows the page or its own 404.
    if (serveWeb && request.method === 'GET' && !path.startsWith('/api')) {
      return reply.sendFile('index.html');
    }
    return sendNotFound(reply, request.method, request.url);
  });

  return app;
}
