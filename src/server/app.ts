import compress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from "fastify";
import type { AppConfig } from "./config";
import { openDatabase, type Database, type Db } from "./db/client";
import { registerAccessGuard } from "./plugins/auth-guards";
import { registerClient } from "./plugins/client";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerSecurity } from "./plugins/security";
import { registerSession } from "./plugins/session";
import { registerValidation } from "./plugins/validation";
import { createRateLimiter, type RateLimiter } from "./lib/rate-limiter";
import { serverText } from "./lib/text";
import { loggingOptions, registerRequestContext } from "./plugins/request-context";
import { createUsersRepository } from "./modules/auth/auth.repository";
import { authRoutes } from "./modules/auth/auth.routes";
import { createAuthService } from "./modules/auth/auth.service";
import { createLoginThrottle } from "./modules/auth/login-throttle";
import { usersRoutes } from "./modules/users/users.routes";
import { createUsersService } from "./modules/users/users.service";
import { publicConfigRoutes } from "./modules/public-config/public-config.routes";
import { OutboxSender, type OutboxOptions } from "./jobs/outbox";
import { Scheduler, type ScheduledJob } from "./jobs/scheduler";
import { createAvailabilityRepository } from "./modules/availability/availability.repository";
import { availabilityRoutes } from "./modules/availability/availability.routes";
import { createAvailabilityService, type Clock } from "./modules/availability/availability.service";
import { createBookingsRepository, type BookingRow } from "./modules/bookings/bookings.repository";
import { bookingsRoutes } from "./modules/bookings/bookings.routes";
import { createVisitReminders } from "./modules/bookings/visit-reminders";
import { adminBookingsRoutes } from "./modules/admin-bookings/admin-bookings.routes";
import { createAdminBookingsService } from "./modules/admin-bookings/admin-bookings.service";
import { chatbotRoutes } from "./modules/chatbot/chatbot.routes";
import { createChatbotService } from "./modules/chatbot/chatbot.service";
import { settingsRoutes } from "./modules/settings/settings.routes";
import { createSettingsService, type SettingsService } from "./modules/settings/settings.service";
import { createSettingsRepository } from "./modules/settings/settings.repository";
import { createProtocolsRepository } from "./modules/protocols/protocols.repository";
import { protocolsRoutes } from "./modules/protocols/protocols.routes";
import { createProtocolsService } from "./modules/protocols/protocols.service";
import { technicianVisitsRoutes } from "./modules/technician-visits/technician-visits.routes";
import { technicianCalendarsRoutes } from "./modules/technician-calendars/technician-calendars.routes";
import { createTechnicianCalendarsRepository } from "./modules/technician-calendars/technician-calendars.repository";
import { createTechnicianCalendarsService } from "./modules/technician-calendars/technician-calendars.service";
import { createTechnicianVisitsService } from "./modules/technician-visits/technician-visits.service";
import { createBlockedTimesRepository } from "./modules/blocked-times/blocked-times.repository";
import { blockedTimesRoutes } from "./modules/blocked-times/blocked-times.routes";
import { createBlockedTimesService } from "./modules/blocked-times/blocked-times.service";
import { bookingImagesRoutes } from "./modules/booking-images/booking-images.routes";
import { createBookingImagesService } from "./modules/booking-images/booking-images.service";
import { bookingLinksRoutes } from "./modules/booking-links/booking-links.routes";
import { createBookingLinksService } from "./modules/booking-links/booking-links.service";
import { bookingCalendarFile } from "./lib/calendar-file";
import { createBookingsService } from "./modules/bookings/bookings.service";
import { createCalendarFeedsRepository } from "./modules/calendar-feeds/calendar-feeds.repository";
import { calendarFeedsRoutes } from "./modules/calendar-feeds/calendar-feeds.routes";
import { createCalendarFeedsService } from "./modules/calendar-feeds/calendar-feeds.service";
import { createGoogleCalendar } from "./modules/integrations/google-calendar";
import { createCustomersRepository } from "./modules/customers/customers.repository";
import { customersRoutes } from "./modules/customers/customers.routes";
import { productsRoutes } from "./modules/products/products.routes";
import { createProductsRepository } from "./modules/products/products.repository";
import { createProductsService } from "./modules/products/products.service";
import { serviceReminderLinkRoutes, serviceRemindersRoutes } from "./modules/service-reminders/service-reminders.routes";
import { createPlanningRepository } from "./modules/planning/planning.repository";
import { planningRoutes } from "./modules/planning/planning.routes";
import { createPlanningService } from "./modules/planning/planning.service";
import { createStatisticsRepository } from "./modules/statistics/statistics.repository";
import { statisticsRoutes } from "./modules/statistics/statistics.routes";
import { createStatisticsService } from "./modules/statistics/statistics.service";
import { createServiceRemindersRepository } from "./modules/service-reminders/service-reminders.repository";
import { createServiceReminders } from "./modules/service-reminders/service-reminders.service";
import { createCustomersService } from "./modules/customers/customers.service";
import { integrationsRoutes } from "./modules/integrations/integrations.routes";
import { createOutboxView } from "./modules/integrations/outbox-view";
import { createIntegrationsRepository } from "./modules/integrations/integrations.repository";
import { createOperationalAlerts } from "./modules/operations/alerts";
import { createMetrics, NO_METRICS, registerRequestMetrics } from "./modules/operations/metrics";
import { createOperationsRepository } from "./modules/operations/operations.repository";
import { operationsRoutes } from "./modules/operations/operations.routes";
import { createReadiness, type ReadinessService } from "./modules/operations/readiness";
import { createBackupsRepository } from "./modules/backups/backups.repository";
import { backupsRoutes } from "./modules/backups/backups.routes";
import { invoicesRoutes } from "./modules/invoices/invoices.routes";
import { createRefrigerantRepository } from "./modules/refrigerant/refrigerant.repository";
import { refrigerantRoutes } from "./modules/refrigerant/refrigerant.routes";
import { createRefrigerantService } from "./modules/refrigerant/refrigerant.service";
import { createLeakCheckVisitsRepository } from "./modules/refrigerant/leak-check-visits.repository";
import { createLeakCheckVisitsService } from "./modules/refrigerant/leak-check-visits.service";
import { createInvoicesService } from "./modules/invoices/invoices.service";
import { createInvoicesRepository } from "./modules/invoices/invoices.repository";
import { agreementsRoutes } from "./modules/agreements/agreements.routes";
import { createAgreementsService } from "./modules/agreements/agreements.service";
import { createAgreementsRepository } from "./modules/agreements/agreements.repository";
import { createAgreementVisitsRepository } from "./modules/agreements/agreement-visits.repository";
import { createAgreementVisitsService } from "./modules/agreements/agreement-visits.service";
import { createVisitProposals } from "./modules/bookings/visit-proposals";
import { createBackups, latestBackupFailure, type Backups } from "./modules/backups/backups.service";
import { startControlSocket, stopControlSocket } from "./modules/backups/control-socket";
import type { CompanyProfile } from "@/common/company";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    outbox: OutboxSender;
    limiter: RateLimiter;
    /** The recurring jobs, by name; the scheduler runs them, tests may call them directly. */
    jobs: Record<string, ScheduledJob>;
    /** Backups, the nightly one's last failure (latestFailure) and the e-mails held after a restore. */
    backups: Backups;
    /** The system settings (rules D11), shared by every module and the served pages. */
    settings: SettingsService;
    /** Every route the app registered (the route-table guardrail test walks it). */
    routeTable: readonly RegisteredRoute[];
    /** GET /api/health/ready's checks; main.ts begins the drain on SIGTERM. */
    readiness: ReadinessService;
  }
}

export type BuildOptions = {
  /** An already opened and migrated database; otherwise one is opened from the config. */
  database?: Database;
  /** The clock booking rules read "today" from; tests fix it. */
  now?: Clock;
  /** The clock the abuse limits' windows follow (the database's by default); tests move it instead of waiting. */
  limiterClock?: Clock;
  /** Outbox retry timing; tests shorten it. */
  outbox?: Partial<OutboxOptions>;
  /** How long settings are trusted (2 s); tests set 0 so every use reads the database. */
  settingsCacheMs?: number;
  /** Where log lines go instead of standard output (tests read what would be logged). */
  logStream?: { write(line: string): void };
};

export type RegisteredRoute = { method: string; url: string; schema?: RouteOptions["schema"] };

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole application without listening; used by main and by tests through `inject`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase(config));
  const app = Fastify({
    // URLs are logged with their secrets (link tokens, feed tokens, OAuth codes) cut out, errors
    // without personal data, and every line of a request with its id.
    ...loggingOptions(config.logLevel, options.logStream),
    // A hop count trusts exactly that many proxies in front (Fastify's numeric form, spelled out for its types).
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Errors Fastify raises before routing (a malformed URL such as "/%") get the same Swedish
    // answer as everything else and never repeat the URL.
    frameworkErrors: (_error, request, reply) =>
      void (reply as unknown as FastifyReply).header("x-request-id", request.id).status(400).send({ message: serverText.badRequest }),
  });
  const routeTable: RegisteredRoute[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, schema: route.schema });
  });
  registerRequestContext(app);
  registerValidation(app);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  if (!options.database) app.addHook("onClose", () => database.close());

  registerErrorHandler(app);
  await app.register(compress, { threshold: 1024 });
  await registerSecurity(app, { production: config.production, publicOrigin: config.publicOrigin });
  await registerSession(app, { db: database.db, production: config.production });
  registerAccessGuard(app);

  // Health and metrics before the other routes: the request metrics' hook must see every one (issue 24).
  const operations = createOperationsRepository(database.db);
  const readiness = createReadiness({ repo: operations, migrationsFolder: config.migrationsDir, log: app.log });
  app.decorate("readiness", readiness);
  const metrics = config.metricsToken
    ? createMetrics({ outbox: operations, pool: database.kind === "postgres" ? () => database.poolStats() : null })
    : NO_METRICS;
  if (metrics.registry) registerRequestMetrics(app, metrics.registry);
  await app.register(operationsRoutes, { readiness, metrics, metricsToken: config.metricsToken });

  const limiter = createRateLimiter(database.db, options.limiterClock);
  app.decorate("limiter", limiter);
  const settings = createSettingsService(
    createSettingsRepository(database.db),
    options.settingsCacheMs === undefined ? {} : { cacheMs: options.settingsCacheMs },
  );
  // A password must not be made of the company's name either (zxcvbn's user inputs).
  const companyName = async () => (await settings.get()).companyName;
  const users = createUsersRepository(database.db);
  const auth = createAuthService(users, createLoginThrottle(limiter, config.limits), { companyName });
  await app.register(authRoutes, { auth });
  await app.register(usersRoutes, { users: createUsersService(users, { companyName }) });
  await app.register(publicConfigRoutes);

  const outbox = new OutboxSender(
    database.db,
    { smtpUrl: config.smtpUrl, from: config.mailFrom, messageIdDomain: new URL(config.publicUrl).hostname, ...options.outbox },
    app.log,
  );
  app.decorate("outbox", outbox);
  const now = options.now ?? (() => new Date());
  app.decorate("settings", settings);
  await app.register(settingsRoutes, { settings });
  const availability = createAvailabilityService(createAvailabilityRepository(database.db), now, config.timeZone, {
    cacheMs: config.availabilityCacheMs,
    maxPerDay: async () => (await settings.get()).maxBookingsPerDay,
    workdayEnd: async () => (await settings.get()).workdayEnd,
  });
  // A changed day limit changes which days have room; a changed working day how long installations hold.
  settings.onChange(() => availability.invalidate());
  // Every booking write clears the shared availability answers at once (one repository writes bookings).
  const bookingsRepo = createBookingsRepository(database.db, {
    onChange: () => availability.invalidate(),
    onCreated: (source) => metrics.bookingCreated(source),
    movedEmailDelaySeconds: config.movedEmailDelaySeconds,
  });
  const blockedTimesRepo = createBlockedTimesRepository(database.db);
  const calendarFor = (booking: BookingRow, company: CompanyProfile) => bookingCalendarFile(booking, config.publicUrl, config.timeZone, company);
  const serviceReminders = createServiceReminders({
    repo: createServiceRemindersRepository(database.db),
    outbox,
    settings,
    now,
    timeZone: config.timeZone,
    publicUrl: config.publicUrl,
  });
  const bookings = createBookingsService({
    settings,
    reminderOffers: serviceReminders,
    repo: bookingsRepo,
    availability,
    outbox,
    limiter,
    limits: config.limits,
    log: app.log,
    publicUrl: config.publicUrl,
    calendarFor,
  });
  const agreements = createAgreementsService({
    repo: createAgreementsRepository(database.db),
    settings,
    today: availability.today,
    publicUrl: config.publicUrl,
    outbox,
  });
  // The visits the system proposes by itself (issue 26): agreements' visits and due leak checks.
  const visitProposals = createVisitProposals({
    bookings: bookingsRepo,
    availability,
    blockedTimes: blockedTimesRepo,
    settings,
    outbox,
    today: availability.today,
    publicUrl: config.publicUrl,
    calendarFor,
  });
  const agreementVisits = createAgreementVisitsService({
    repo: createAgreementVisitsRepository(database.db),
    proposals: visitProposals,
    today: availability.today,
    log: app.log,
    createFeeDraft: (fee) => invoices.createFeeDraft(fee),
  });
  const leakCheckVisits = createLeakCheckVisitsService({
    repo: createLeakCheckVisitsRepository(database.db),
    proposals: visitProposals,
    dutyUnits: async () => (await refrigerant.register("all")).entries,
    today: availability.today,
    log: app.log,
  });
  const invoices = createInvoicesService({
    repo: createInvoicesRepository(database.db, database.sql.prepared),
    settings,
    today: availability.today,
    publicUrl: config.publicUrl,
    outbox,
    agreementDiscount: agreements.repairDiscountOn,
  });
  const refrigerant = createRefrigerantService({
    repo: createRefrigerantRepository(database.db),
    today: availability.today,
    timeZone: config.timeZone,
    settings,
  });
  const links = createBookingLinksService({
    repo: bookingsRepo,
    availability,
    blockedTimes: blockedTimesRepo,
    outbox,
    now,
    timeZone: config.timeZone,
    publicUrl: config.publicUrl,
    calendarFor,
    settings,
    limiter,
    limits: config.limits,
    invoicesOf: (bookingId) => invoices.forBooking(bookingId),
    proposalOf: async (bookingId) => {
      const [agreement, leakCheck] = await Promise.all([agreementVisits.ofBooking(bookingId), leakCheckVisits.ofBooking(bookingId)]);
      if (agreement) return { kind: "agreement", month: agreement.month };
      return leakCheck ? { kind: "leak-check", latest: leakCheck.latestDate, followUp: leakCheck.followUp } : null;
    },
    refrigerantReports: { years: (customerId) => refrigerant.reportYears(customerId), pdf: (customerId, year) => refrigerant.offeredReport(customerId, year) },
  });
  await app.register(availabilityRoutes, { availability });
  await app.register(bookingsRoutes, { bookings });
  await app.register(bookingLinksRoutes, { links });
  await app.register(bookingImagesRoutes, { images: createBookingImagesService({ repo: bookingsRepo, links }) });
  await app.register(adminBookingsRoutes, {
    adminBookings: createAdminBookingsService({
      repo: bookingsRepo,
      blockedTimes: blockedTimesRepo,
      outbox,
      now,
      today: availability.today,
      timeZone: config.timeZone,
      publicUrl: config.publicUrl,
      calendarFor,
      settings,
      overdueInvoices: () => invoices.overdue(),
      alerts: createOperationalAlerts({
        repo: operations,
        backupStatus: async () => {
          const failure = await latestBackupFailure(database.db, config);
          return failure ? { failedAt: failure.at, message: failure.message || null } : null;
        },
      }),
    }),
  });
  await app.register(blockedTimesRoutes, {
    blockedTimes: createBlockedTimesService({
      repo: blockedTimesRepo,
      bookings: bookingsRepo,
      today: availability.today,
      onChange: () => availability.invalidate(),
    }),
  });
  await app.register(chatbotRoutes, {
    chatbot: createChatbotService({
      limiter,
      limit: { questionsPerAddress: config.limits.chatbotQuestionsPerAddressPerHour, windowSeconds: 3600 },
      llm: config.llm,
      log: app.log,
      company: () => settings.company(),
      availability,
    }),
  });
  const protocols = createProtocolsService({ repo: createProtocolsRepository(database.db), outbox, publicUrl: config.publicUrl, settings });
  await app.register(protocolsRoutes, { protocols });
  // A signed protocol's PDF is made when its e-mail is sent (protocol-email.ts).
  await app.register(calendarFeedsRoutes, {
    feeds: createCalendarFeedsService({
      repo: createCalendarFeedsRepository(database.db),
      publicUrl: config.publicUrl,
      timeZone: config.timeZone,
      today: availability.today,
    }),
  });
  const integrationsRepo = createIntegrationsRepository(database.db);
  await app.register(integrationsRoutes, {
    google: createGoogleCalendar({ repo: integrationsRepo, config: config.google, publicUrl: config.publicUrl, log: app.log }),
    outboxView: createOutboxView(integrationsRepo),
    outbox,
    mail: { configured: Boolean(config.smtpUrl), from: config.mailFrom },
  });
  await app.register(customersRoutes, {
    customers: createCustomersService(createCustomersRepository(database.db, database.sql, { searchesAtOnce: config.customerSearchesAtOnce }), {
      today: availability.today,
      onBookingsChanged: () => availability.invalidate(),
    }),
  });
  await app.register(productsRoutes, { products: createProductsService(createProductsRepository(database.db)) });
  await app.register(serviceRemindersRoutes, { reminders: serviceReminders });
  await app.register(serviceReminderLinkRoutes, { reminders: serviceReminders, settings });
  await app.register(planningRoutes, {
    planning: createPlanningService({ planning: createPlanningRepository(database.db), bookings: bookingsRepo, today: availability.today }),
  });
  await app.register(statisticsRoutes, {
    statistics: createStatisticsService({
      repo: createStatisticsRepository(database.db),
      today: availability.today,
      sharing: config.statisticsSharing,
      companyDay: async () => {
        const current = await settings.get();
        return { start: current.workdayStart, end: current.workdayEnd };
      },
    }),
  });
  await app.register(refrigerantRoutes, { refrigerant });
  await app.register(technicianVisitsRoutes, {
    visits: createTechnicianVisitsService({ repo: bookingsRepo, now, today: availability.today, timeZone: config.timeZone, settings, outbox, refrigerant }),
  });
  await app.register(technicianCalendarsRoutes, {
    calendars: createTechnicianCalendarsService(createTechnicianCalendarsRepository(database.db), {
      today: availability.today,
      onChange: () => availability.invalidate(),
    }),
  });
  await app.register(invoicesRoutes, { invoices });
  await app.register(agreementsRoutes, { agreements, visits: agreementVisits });
  // Files made when an e-mail is sent: a signed protocol's PDF, an invoice's PDF.
  outbox.makeFilesWith((source) => (source.kind === "protocol-pdf" ? protocols.pdfForEmail(source.protocolId) : invoices.pdfForEmail(source.invoiceId)));
  const backups = createBackups({ database, repo: createBackupsRepository(database.db), config, log: app.log, outbox });
  app.decorate("backups", backups);
  await app.register(backupsRoutes, { backups });
  // The embedded database belongs to this process: `npm run backup` asks it through DATA_DIR's control socket.
  if (database.kind === "pglite" && config.dataDir) {
    const dataDir = config.dataDir;
    let control: Awaited<ReturnType<typeof startControlSocket>> = null;
    app.addHook("onReady", async () => {
      control = await startControlSocket(dataDir, (file) => backups.backupTo(file, "manual"), app.log);
    });
    app.addHook("onClose", () => stopControlSocket(control, dataDir));
  }
  const visitReminders = createVisitReminders({ repo: bookingsRepo, outbox, now, timeZone: config.timeZone, publicUrl: config.publicUrl, settings });

  const scheduledJobs: ScheduledJob[] = [
    // A message whose notify was missed (a crash, an outage) is sent within a minute.
    { name: "outbox-sweep", cron: "* * * * *", run: () => outbox.sweep() },
    {
      name: "purge-expired",
      cron: "*/15 * * * *",
      run: () => Promise.all([app.sessions.store.purgeExpired(), limiter.purge()]),
    },
    // rules D14: two days before a visit; each run sends what is due, exactly once per booking.
    { name: "visit-reminders", cron: "*/15 * * * *", run: () => visitReminders.run() },
    // rules §9: every morning, reminders for products that reached 24 months; those made 7 days ago are sent.
    { name: "service-reminders", cron: "0 7 * * *", run: () => serviceReminders.runDaily() },
    // docs/decisions/0010-backups.md: at night, when BACKUP_DIR is set (otherwise the run does nothing).
    // issue 25: every morning, one payment reminder per overdue invoice, the days after due the settings say.
    { name: "invoice-reminders", cron: "0 8 * * *", run: () => invoices.sendReminders() },
    // issue 26: every morning, unanswered agreement visits settled, then due ones proposed; then the
    // same for due leak checks, after the agreement visits so one proposed today takes the check along.
    {
      name: "agreement-visits",
      cron: "0 6 * * *",
      run: async () => {
        await agreementVisits.runDaily();
        await leakCheckVisits.runDaily();
      },
    },
    { name: "nightly-backup", cron: "30 2 * * *", run: () => backups.runNightly() },
  ];
  // Their runs and failures are counted, whoever runs them (the scheduler, a test).
  const jobs = scheduledJobs.map((job) => metrics.counted(job));
  app.decorate("jobs", Object.fromEntries(jobs.map((job) => [job.name, job])));
  if (config.startWorkers) {
    const scheduler = new Scheduler(database, app.log);
    app.addHook("onReady", async () => {
      outbox.start();
      await scheduler.start(jobs);
    });
    app.addHook("onClose", async () => {
      await scheduler.stop();
      outbox.stop();
    });
  }

  await registerClient(app, config.clientDir);
  return app;
}
