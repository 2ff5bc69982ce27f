import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import { openDatabase, type Database, type Db } from "./db/client";
import { registerClient } from "./plugins/client";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerSecurity } from "./plugins/security";
import { registerSession } from "./plugins/session";
import { createUsersRepository } from "./modules/auth/auth.repository";
import { authRoutes } from "./modules/auth/auth.routes";
import { createAuthService } from "./modules/auth/auth.service";
import { publicConfigRoutes } from "./modules/public-config/public-config.routes";
import { OutboxSender, type OutboxOptions } from "./jobs/outbox";
import { createAvailabilityRepository } from "./modules/availability/availability.repository";
import { availabilityRoutes } from "./modules/availability/availability.routes";
import { createAvailabilityService, type Clock } from "./modules/availability/availability.service";
import { createBookingsRepository } from "./modules/bookings/bookings.repository";
import { bookingsRoutes } from "./modules/bookings/bookings.routes";
import { createBookingsService } from "./modules/bookings/bookings.service";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    outbox: OutboxSender;
  }
}

export type BuildOptions = {
  /** An already opened and migrated database; otherwise one is opened from the config. */
  database?: Database;
  /** The clock booking rules read "today" from; tests fix it. */
  now?: Clock;
  /** Outbox retry timing; tests shorten it. */
  outbox?: Partial<OutboxOptions>;
};

/** Builds the whole application without listening; used by main and by tests through `inject`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase(config));
  const app = Fastify({
    logger: config.logLevel === false ? false : { level: config.logLevel, redact: ["req.headers.cookie", "req.headers.authorization"] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  if (!options.database) app.addHook("onClose", () => database.close());

  registerErrorHandler(app);
  await app.register(compress, { threshold: 1024 });
  await registerSecurity(app, { production: config.production });
  await registerSession(app, { db: database.db, secret: config.sessionSecret, production: config.production });

  const users = createUsersRepository(database.db);
  const auth = createAuthService(users);
  await app.register(authRoutes, { auth, db: database.db });
  await app.register(publicConfigRoutes);

  const outbox = new OutboxSender(database, { smtpUrl: config.smtpUrl, from: config.mailFrom, ...options.outbox }, app.log);
  app.decorate("outbox", outbox);
  if (config.startWorkers) {
    app.addHook("onReady", () => outbox.start());
    app.addHook("onClose", () => outbox.stop());
  }
  const availability = createAvailabilityService(createAvailabilityRepository(database.db), options.now ?? (() => new Date()), config.timeZone);
  const bookings = createBookingsService({
    db: database.db,
    repo: createBookingsRepository(database.db),
    availability,
    outbox,
    publicUrl: config.publicUrl,
    timeZone: config.timeZone,
  });
  await app.register(availabilityRoutes, { availability });
  await app.register(bookingsRoutes, { bookings });

  await registerClient(app, config.clientDir);
  return app;
}
