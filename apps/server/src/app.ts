import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { ApiKeyScope } from '@dak/domain/api-keys';
import type { Permission } from '@dak/domain/permissions';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database } from './db/database';
import { deliverWebhookJob } from './jobs/deliver-webhook.job';
import { expireParcelExportsJob } from './jobs/expire-parcel-exports.job';
import { exportParcelsJob } from './jobs/export-parcels.job';
import { createJobs, type Jobs } from './jobs/jobs';
import { pruneRateLimitHitsJob } from './jobs/prune-rate-limit-hits.job';
import { retryWebhooksJob } from './jobs/retry-webhooks.job';
import { sendNotificationSmsJob } from './jobs/send-notification-sms.job';
import { type Clock, shiftedClock, systemClock } from './lib/clock';
import { createLocalStorage } from './lib/storage';
import { addressPredictionModule } from './modules/address-prediction/address-prediction.module';
import { apiKeysModule } from './modules/api-keys/api-keys.module';
import { authModule } from './modules/auth/auth.module';
import { bannersModule } from './modules/banners/banners.module';
import { bulkParcelsModule } from './modules/bulk-parcels/bulk-parcels.module';
import { callsModule } from './modules/calls/calls.module';
import { cashModule } from './modules/cash/cash.module';
import { compatPathaoModule } from './modules/compat-pathao/compat-pathao.module';
import { compatRedxModule } from './modules/compat-redx/compat-redx.module';
import { compatSteadfastModule } from './modules/compat-steadfast/compat-steadfast.module';
import { coverageModule } from './modules/coverage/coverage.module';
import { customersModule } from './modules/customers/customers.module';
import { dashboardModule } from './modules/dashboard/dashboard.module';
import { deliveryRunsModule } from './modules/delivery-runs/delivery-runs.module';
import { devModule } from './modules/dev/dev.module';
import { enterpriseLeadsModule } from './modules/enterprise-leads/enterprise-leads.module';
import { flagsModule } from './modules/flags/flags.module';
import { geoModule } from './modules/geo/geo.module';
import { healthModule } from './modules/health/health.module';
import { hubWorkModule } from './modules/hub-work/hub-work.module';
import { hubsModule } from './modules/hubs/hubs.module';
import { invoicesModule } from './modules/invoices/invoices.module';
import { labelsModule } from './modules/labels/labels.module';
import { ledgerModule } from './modules/ledger/ledger.module';
import { nidModule } from './modules/nid/nid.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { opsModule } from './modules/ops/ops.module';
import { opsOverviewModule } from './modules/ops-overview/ops-overview.module';
import { parcelExportsModule } from './modules/parcel-exports/parcel-exports.module';
import { parcelListPreferencesModule } from './modules/parcel-list-preferences/parcel-list-preferences.module';
import { parcelSmsModule } from './modules/parcel-sms/parcel-sms.module';
import { parcelTransitionsModule } from './modules/parcel-transitions/parcel-transitions.module';
import { parcelsModule } from './modules/parcels/parcels.module';
import { paymentMethodsModule } from './modules/payment-methods/payment-methods.module';
import { payoutsModule } from './modules/payouts/payouts.module';
import { pickupLocationsModule } from './modules/pickup-locations/pickup-locations.module';
import { pricingModule } from './modules/pricing/pricing.module';
import { profileModule } from './modules/profile/profile.module';
import { returnsModule } from './modules/returns/returns.module';
import { settingsModule } from './modules/settings/settings.module';
import { shopsModule } from './modules/shops/shops.module';
import { siteModule } from './modules/site/site.module';
import { siteContentModule } from './modules/site-content/site-content.module';
import { smsModule } from './modules/sms/sms.module';
import type { SmsMessage } from './modules/sms/sms.types';
import { teamModule } from './modules/team/team.module';
import { termsModule } from './modules/terms/terms.module';
import { trackingModule } from './modules/tracking/tracking.module';
import type { Resolver } from './modules/webhooks/webhook-address';
import type { SendLimits } from './modules/webhooks/webhook-sender';
import { webhooksModule } from './modules/webhooks/webhooks.module';
import { frameworkErrors, registerErrorHandler, sendNotFound } from './plugins/error-handler';
import { registerJsonBodyParser } from './plugins/json-body';
import { registerOpenApi } from './plugins/openapi';
import { createRateLimiter } from './plugins/rate-limit';
import { createLeasedRateLimiter } from './plugins/rate-limit-leased';
import { hotReadLogLevel, lazyRequestLogger, requestLogSerializers } from './plugins/request-log';
import { registerResponseHeaders } from './plugins/security-headers';

export type AppDeps = {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Sees each SMS as the phone gets it: how tests read codes, which no route shows outside development. */
  onSmsSent?: (message: SmsMessage) => void;
  /** Where the default logger writes (stdout when absent); tests read the log through it. */
  logStream?: DestinationStream;
  /** Webhooks' name resolution and limits (issue 15): tests point names at private addresses, cut the timeout. */
  webhooks?: { resolve?: Resolver; limits?: Partial<SendLimits> };
};

/** A route as the route-table tests walk it; `bodyLimit` only where the route sets its own. */
export type RouteInfo = {
  method: string;
  url: string;
  shopPermission?: Permission;
  /** The API-key scope the route accepts (issue 15); absent: keys are refused. */
  apiKeyScope?: ApiKeyScope;
  bodyLimit?: number;
};

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
          // API keys (issue 15): the create answer and any body or header that carries one.
          '*.secret',
          '*.token',
          'req.headers["api-key"]',
          'req.headers["secret-key"]',
          'req.headers["api-access-token"]',
          // The Pathao-compatible token grant's secrets (issue 15).
          '*.client_secret',
          '*.refresh_token',
          '*.access_token',
        ],
        censor: '[redacted]',
      },
    },
    // The proxies in front, by hop count; never `true`: with it Fastify takes the first
    // X-Forwarded-For entry, which the client writes, so any per-address limit could be dodged.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: config.bodyLimit,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A path with broken %-escapes: 400 in our error shape, not Fastify's.
    frameworkErrors,
    // Each request's logger is made only when something is logged (issue 16, hot reads).
    childLoggerFactory: lazyRequestLogger,
  });
  // A connection lost under a request (backend terminated) fails that request and is logged here.
  deps.database.logConnectionErrors((error, message) => app.log.warn({ err: error }, message));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', null);
  app.decorateRequest('shopAccess', null);

  // The hot public reads log their request lines at warn (plugins/request-log.ts), except when
  // the operator is debugging: then like every other route.
  if (config.logLevel === 'debug' || config.logLevel === 'trace') {
    const level = config.logLevel;
    app.addHook('onRoute', (route) => {
      if (route.logLevel === hotReadLogLevel) route.logLevel = level;
    });
  }

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
          apiKeyScope: route.config?.apiKeyScope,
          bodyLimit: route.bodyLimit,
        });
      }
    }
  });
  // Request id, no-store on /api answers that set no cache-control, security headers: one hook.
  registerResponseHeaders(app, { production: config.mode === 'production' });
  registerErrorHandler(app);
  // JSON bodies nested past any route's need are refused before they are parsed.
  registerJsonBodyParser(app);
  await registerOpenApi(app);

  const smsOf = smsModule({
    db,
    config,
    onRecorded: (message) =>
      app.log.info({ to: message.to, sms: message.body }, 'SMS recorded in the outbox'),
    onSent: deps.onSmsSent,
  });
  const sms = smsOf.service;
  const rateLimiter = createRateLimiter({ db, clock });
  const limited = { rateLimiter, limits: config.rateLimits };
  // The hot routes' limits (tracking, charges, coverage search, API keys): the same limits, with
  // hits taken in small leases instead of a transaction per request (issue 16). A lease is at most
  // a quarter of what is left of the window, so at the real per-IP limits (60–600 a minute) it
  // is 1–150 hits; the cap of 1 000 only matters to a limit raised far above them (a load test,
  // a partner's key), where leases of 100 meant a transaction for every 100 requests.
  const hotRateLimiter = createLeasedRateLimiter({ db, clock, exact: rateLimiter, maxLease: 1_000 });
  const hotLimited = { rateLimiter: hotRateLimiter, limits: config.rateLimits };
  // A shop's API keys (issue 15): the guards check `dak_…` tokens with its service.
  const apiKeys = apiKeysModule({
    db,
    clock,
    rateLimiter: hotRateLimiter,
    hashKeys: config.dataKeys,
    requestsPerMinute: config.rateLimits.apiKeyPerMinute,
  });
  // Shop routes' sessions and roles kept in memory, dropped by NOTIFY when they change (issue 16).
  const auth = authModule({
    db,
    clock,
    config,
    rateLimiter,
    sms,
    apiKeys: apiKeys.service,
    connection: deps.database.pool.options,
    log: app.log,
  });
  const sessionListener = auth.listener;
  if (sessionListener) {
    app.addHook('onReady', () => sessionListener.start());
    app.addHook('onClose', () => sessionListener.stop());
  }
  const { guards, otp } = auth;
  const core = { db, clock, guards };
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
  // The merchant's notifications (issue 14): written by the causes with `notify`, streamed live
  // through this process's LISTEN connection.
  const notifications = notificationsModule({
    ...core,
    connection: deps.database.pool.options,
    sessionOpen: async (token) => (await auth.sessions.find(token)) !== null,
    heartbeatSeconds: config.eventsHeartbeatSeconds,
    log: app.log,
  });
  jobs.register(
    sendNotificationSmsJob({
      notifications: notifications.service,
      sms,
      expireInSeconds: config.smsJobExpireSeconds,
    }),
  );
  // A shop's webhooks (issue 15): the events are announced by the modules where they happen.
  const webhooks = webhooksModule({
    ...core,
    jobs,
    dataKeys: config.dataKeys,
    production: config.mode === 'production',
    ...deps.webhooks,
  });
  jobs.register(deliverWebhookJob({ webhooks: webhooks.service }));
  jobs.register(retryWebhooksJob({ webhooks: webhooks.service }));
  app.addHook('onReady', () => notifications.hub.start());
  app.addHook('onClose', () => notifications.hub.stop());
  // Reference geography; its area search runs from memory, refreshed on every change (issue 16).
  const geo = geoModule({ db, connection: deps.database.pool.options, log: app.log });
  app.addHook('onReady', () => geo.listener.start());
  app.addHook('onClose', () => geo.listener.stop());
  const pickupLocations = pickupLocationsModule(core);
  const pickups = pickupLocations.service;
  const shops = shopsModule({ ...core, otp, pickups });
  const team = teamModule({ ...core, accounts: auth.accounts, otp, jobs });
  // Payments, NID, terms, flags, settings and the console (issue 3).
  const storage = createLocalStorage(config.filesDir);
  const paymentMethods = paymentMethodsModule({ ...core, otp, dataKeys: config.dataKeys });
  const nid = nidModule({ ...core, storage, jobs });
  const terms = termsModule(core);
  const flagsOf = flagsModule(core);
  const flags = flagsOf.service;
  const settings = settingsModule(core);
  const profile = profileModule({
    guards,
    pickups,
    paymentMethods: paymentMethods.service,
    nid: nid.service,
    terms: terms.service,
  });
  const ops = opsModule({
    guards,
    db,
    paymentMethods: paymentMethods.service,
    pickups,
    nid: nid.service,
    terms: terms.service,
    sms,
  });
  // Pricing (issue 4) and the public site's coverage lookup (issue 6).
  const pricingModuleOf = pricingModule({ ...core, ...hotLimited, geo: geo.service });
  const pricing = pricingModuleOf.service;
  const coverage = coverageModule({ db, ...hotLimited, geo: geo.service, pricing });
  // Parcels (issue 4, part 2).
  // The shop's address book and customer flags (issue 4, parts 4 and 8); booking fills the book.
  const customersOf = customersModule({ ...core, geo: geo.service });
  const customers = customersOf.service;
  // Money (issue 13): the ledger; postings come from the moves and the payouts that cause them.
  const ledger = ledgerModule(core);
  // Rider and hub cash; a booking asks it whether the shop is held for prepayment (issue 13).
  const cash = cashModule({
    ...core,
    ledger: ledger.service,
    negativeBalanceLimitTaka: config.negativeBalanceLimitTaka,
  });
  // With parcel edits, notes and the audit log (issue 4, parts 3 and 8).
  const parcels = parcelsModule({
    db,
    pool: deps.database.pool,
    clock,
    guards,
    pickups,
    pricing,
    customers,
    prepaymentHold: cash.service.isOnPrepaymentHold,
    jobs,
  });
  // Parcel labels as PDF (issue 4, part 9).
  const labels = labelsModule({ db, guards, publicUrl: config.publicUrl });
  // Reading addresses into areas (issue 4, part 5).
  const addressPredictionOf = addressPredictionModule({ db, clock, ...limited });
  const addressPrediction = addressPredictionOf.service;
  // Parcel moves (issue 5); each move queues its follow-ups (SMS) in its own transaction.
  const parcelTransitions = parcelTransitionsModule({
    db,
    clock,
    jobs,
    guards,
    autoReturnHours: config.autoReturnHours,
  });
  const transitions = parcelTransitions.service;
  parcelSmsModule({
    db,
    clock,
    jobs,
    sms,
    publicUrl: config.publicUrl,
    expireInSeconds: config.smsJobExpireSeconds,
  });
  const hubs = hubsModule({ db, clock, guards });
  // Pickups, scan-in, bags and line-haul trips (issue 5, parts 3 and 4).
  const hubWork = hubWorkModule({ db, clock, transitions, guards, jobs });
  const deliveryRuns = deliveryRunsModule({ db, clock, storage, transitions, guards });
  // Public tracking answers kept in memory, dropped by NOTIFY when a parcel changes (issue 16).
  const tracking = trackingModule({
    ...core,
    ...hotLimited,
    pool: deps.database.pool,
    connection: deps.database.pool.options,
    cacheMs: config.trackingCacheMs,
    log: app.log,
  });
  const trackingListener = tracking.listener;
  if (trackingListener) {
    app.addHook('onReady', () => trackingListener.start());
    app.addHook('onClose', () => trackingListener.stop());
  }
  // Bulk booking from a sheet (issue 4, part 6).
  const bulkParcels = bulkParcelsModule({
    db,
    clock,
    guards,
    parcels: parcels.service,
    flags,
    addressPrediction,
  });
  // The parcel list's exports and preferences (issue 4, part 7).
  const parcelExports = parcelExportsModule({
    db,
    clock,
    guards,
    parcels: parcels.service,
    storage,
    jobs,
    ttlHours: config.exportTtlHours,
    log: app.log,
  });
  jobs.register(exportParcelsJob({ exports: parcelExports.service }));
  jobs.register(expireParcelExportsJob({ exports: parcelExports.service }));
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
  const parcelListPreferences = parcelListPreferencesModule(core);
  // The merchant's Payments and finance's invoices (issue 13).
  const invoices = invoicesModule({
    ...core,
    jobs,
    ledger: ledger.service,
    paymentMethods: paymentMethods.service,
    payouts: config.payouts,
  });
  // The merchant's dashboard (issue 14): counters the moves keep, folded by a job.
  const dashboard = dashboardModule({ ...core, jobs, returns: returns.service, payments: invoices.service });
  // Payout runs: finance's button and the daily job (issue 13).
  const payouts = payoutsModule({
    ...core,
    jobs,
    paymentMethods: paymentMethods.service,
    payouts: config.payouts,
  });
  // The console's home: each hub's waiting work and its riders' cash (issue 14).
  const opsOverview = opsOverviewModule({ ...core, cash: cash.service });
  // The public site's content and the enterprise leads (issue 6).
  const siteContent = siteContentModule({ ...core, storage });
  const enterpriseLeads = enterpriseLeadsModule({ ...core, ...limited });
  // Campaign banners and what's new in the merchant panel (issue 14).
  const banners = bannersModule({ ...core, storage });

  await app.register(
    async (api) => {
      // Every module's routes, in the order their paths were first registered.
      const modules = [
        healthModule({ db }),
        geo,
        auth,
        shops,
        pickupLocations,
        team,
        paymentMethods,
        nid,
        terms,
        flagsOf,
        settings,
        profile,
        ops,
        pricingModuleOf,
        addressPredictionOf,
        bulkParcels,
        parcels,
        customersOf,
        labels,
        parcelExports,
        parcelListPreferences,
        siteContent,
        enterpriseLeads,
        parcelTransitions,
        hubs,
        hubWork,
        deliveryRuns,
        returns,
        calls,
        tracking,
        coverage,
        ledger,
        cash,
        invoices,
        payouts,
        dashboard,
        notifications,
        opsOverview,
        banners,
        { routes: apiKeys.routes(guards) },
        webhooks,
      ];
      for (const module of modules) await api.register(module.routes);
      if (config.mode !== 'production') {
        await api.register(devModule({ sms, jobs, clock }).routes);
      }
    },
    { prefix: '/api/v1' },
  );

  // The RedX-compatible API (issue 15, item 4) at its own base path, as RedX clients call it.
  await app.register(
    compatRedxModule({ db, apiKeys: apiKeys.service, parcels: parcels.service, pickups, pricing }).routes,
  );
  // Steadfast's merchant API spoken natively (issue 15, item 4), at its own base path.
  const steadfast = compatSteadfastModule({
    db,
    apiKeys: apiKeys.service,
    parcels: parcels.service,
    pickups,
    addressPrediction,
    ledger: ledger.service,
    payments: invoices.service,
    returns: returns.service,
    geo: geo.service,
  });
  await app.register(steadfast.routes, { prefix: steadfast.prefix });
  // The Pathao-compatible API (issue 15, item 4) at its own base URL, in Pathao's envelope.
  const compatPathao = compatPathaoModule({
    db,
    clock,
    dataKeys: config.dataKeys,
    publicUrl: config.publicUrl,
    apiKeys: apiKeys.service,
    auth: auth.service,
    accounts: auth.accounts,
    parcels: parcels.service,
    batch: bulkParcels.batch,
    pickups,
    geo: geo.service,
    pricing,
    addressPrediction,
  });
  await app.register(compatPathao.routes, { prefix: compatPathao.prefix });

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
        // index.html (or its .br/.gz copy) names the current assets, so it is checked every time.
        const policy = /index\.html(\.br|\.gz)?$/.test(filePath)
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
    siteModule({
      geo: geo.service,
      pricing,
      coverage: coverage.service,
      api: async (url, ip) => {
        const res = await app.inject({ method: 'GET', url, remoteAddress: ip });
        return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : null };
      },
      webDist: serveWeb ? webDist : undefined,
      publicUrl: config.publicUrl,
    }).routes,
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
