import { randomUUID } from "node:crypto";
import path from "node:path";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import type { ServerBuild } from "react-router";
import { servesHttps, type Config } from "./config";
import type { Db } from "./db/database";
import { DOCUMENTS_PREFIX } from "../core/pdf-document-url";
import { HtmlCache } from "./html-cache";
import { upcomingPageMoments } from "./page-moments";
import { createContentChanges } from "./content-changes";
import { exclusiveJob, runExclusive } from "./db/advisory-lock";
import { documentRoutes, PDFJS_VERSION, pdfjsAssetRoutes } from "./modules/documents/routes";
import { moveLocalDocumentsToStorage } from "./modules/documents/local-files";
import { sendQueuedSoon } from "./modules/mail/send-queued";
import { mediaRoutes } from "./modules/media/routes";
import { startQueueWork, startVariantWork } from "./modules/media/variant-work";
import { judgingRoutes } from "./modules/judging/routes";
import { libraryRoutes } from "./modules/library/routes";
import { paymentRoutes } from "./modules/payments/routes";
import { signedLinkRoutes } from "./modules/storage/routes";
import { authRoutes } from "./plugins/auth-routes";
import { siteRoutes } from "./modules/site/routes";
import { touchIconRoutes } from "./modules/site/touch-icon";
import { socialImagesRoutes } from "./modules/social-images/routes";
import { csrfProtection } from "./plugins/csrf";
import { RATE_LIMIT_SWEEP_EVERY_MS } from "./modules/identity/rate-limit";
import { EXPIRED_SWEEP_EVERY_MS } from "./modules/identity/sweep-expired";
import { useApiSchemas } from "./plugins/api-schemas";
import { publicUrlPerRequest } from "./public-url";
import { healthRoutes } from "./plugins/health";
import { clientErrorRoutes } from "./plugins/client-errors";
import { securityHeaders } from "./plugins/security";
import { ssrRoutes } from "./plugins/ssr";
import { uploadRoutes } from "./modules/uploads/routes";
import { createUploadService, type UploadService } from "./modules/uploads/service";
import { openSharedUploads } from "./modules/uploads/shared";
import { sweepUnreferencedEntryImages } from "./modules/files/sweep-entry-images";
import { UNOWNED_FILE_SWEEP_INTERVAL_MS } from "./modules/files/storage";
import { createServices, type Services } from "./services";
import { replyWithError } from "./error-handler";
import { loggerOptions, urlForLogs } from "./log-hooks";

export interface AppOptions {
  config: Config;
  db: Db;
  /** The React Router server build; its client assets sit in `clientDir`. */
  build: ServerBuild;
  clientDir: string;
  clock?: () => Date;
}

export interface App {
  fastify: FastifyInstance;
  services: Services;
  htmlCache: HtmlCache;
  /** Resumable entry uploads (tus at /api/uploads) and their abandoned-upload cleanup. */
  uploads: UploadService;
  /** Marks the app as draining: `/readyz` answers 503 so a load balancer stops sending traffic. */
  startDraining(): void;
  /** Every route Fastify registered (method and URL pattern), in order: the route inventory. */
  routes: RegisteredRoute[];
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** How soon after start-up the mail job first runs (then every minute). */
const MAIL_AT_START_MS = 2_000;

/** The whole product as a Fastify instance that does not listen (tests call `inject`). */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options;
  const fastify = Fastify({
    logger: config.logLevel === "silent" ? false : loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // Keep a caller's id (a proxy's X-Request-Id) when it looks like one; otherwise mint one.
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // A URL the router cannot decode is a visitor's typo or a probe: send them home, in the
    // language of the URL's prefix.
    frameworkErrors: (error, request, reply) => {
      if (error.code === "FST_ERR_BAD_URL" || error.code === "FST_ERR_ASYNC_CONSTRAINT") {
        request.log.info({ url: urlForLogs(request.url) }, "malformed URL redirected to /");
        void reply.redirect(/^\/en(\/|$|\?)/.test(request.url) ? "/en" : "/", 302);
        return;
      }
      void (reply as FastifyReply).code(400).send({ error: "bad_request" });
    },
  });

  // Route schemas are the core/ zod schemas (see plugins/api-schemas.ts).
  useApiSchemas(fastify);

  const routes: RegisteredRoute[] = [];
  fastify.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  let draining = false;
  const clock = options.clock ?? (() => new Date());
  const htmlCache = new HtmlCache(config.htmlCacheSeconds * 1000, undefined, undefined, () =>
    clock().getTime(),
  );
  // A content change clears the anonymous pages (and the briefly cached site settings) of every
  // process sharing the database. `services` exists by the time the first change arrives.
  const contentChanges = createContentChanges(
    config.database,
    db,
    () => {
      htmlCache.clear();
      if (htmlCache.enabled) void refreshPageMoments();
      services.settings.invalidate();
      services.library.forgetKept();
      services.publicReads.clear();
    },
    fastify.log,
  );
  fastify.addHook("onClose", async () => contentChanges.close());
  // When pages change by time alone (a season's dates, scheduled articles): read again at
  // every content change, since an edit may have moved them.
  const refreshPageMoments = () =>
    upcomingPageMoments(db, clock()).then(
      (moments) => htmlCache.setMoments(moments),
      (error: unknown) => fastify.log.error({ err: error }, "page moments not read"),
    );
  const services = createServices(db, config, {
    onContentChange: () => contentChanges.changed(),
    logger: fastify.log,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  if (htmlCache.enabled) await refreshPageMoments();

  fastify.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // Which of several processes answered (APP_INSTANCE): for a load balancer's logs and tests.
    if (config.instanceName) reply.header("x-served-by", config.instanceName);
  });

  fastify.setErrorHandler(replyWithError);

  await fastify.register(securityHeaders, { hsts: servesHttps(config) });
  await fastify.register(publicUrlPerRequest, { config });
  await fastify.register(csrfProtection, { publicUrl: config.publicUrl });
  await fastify.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip", "deflate"],
  });
  await fastify.register(healthRoutes, { db, isDraining: () => draining });
  await fastify.register(clientErrorRoutes, { limiter: services.limiter });
  await fastify.register(authRoutes, {
    auth: services.auth,
    publicUrl: config.publicUrl,
    limiter: services.limiter,
  });

  // Fingerprinted assets never change: a year and immutable. Everything else in public/ briefly.
  await fastify.register(fastifyStatic, {
    root: path.resolve(options.clientDir),
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });

  // A missing fingerprinted asset (a stale tab after a deploy) is a plain 404, never a page.
  fastify.get("/assets/*", async (_request, reply) =>
    reply.code(404).header("cache-control", "no-store").type("text/plain").send("Not found"),
  );

  // Public documents (byte ranges for the PDF viewer) and pdf.js's own support files.
  // Documents an earlier version kept on the local disk move into storage first.
  await moveLocalDocumentsToStorage(config.dataDir, services.storage);
  await fastify.register(documentRoutes, {
    prefix: DOCUMENTS_PREFIX.slice(0, -1),
    storage: services.storage,
    titleOf: async (name) => (await services.documents.byStorageName(name))?.title ?? null,
  });
  await fastify.register(pdfjsAssetRoutes, { prefix: `/pdfjs/${PDFJS_VERSION}` });

  // Uploaded images (public variants at /media/…, staff uploads at POST /api/media) and
  // private files through short-lived signed links at /tep/<token>.
  await fastify.register(mediaRoutes, {
    media: services.media,
    storage: services.storage,
    identity: services.identity,
    audit: services.audit,
    tempDir: path.join(config.dataDir, "tmp"),
  });
  await fastify.register(signedLinkRoutes, { storage: services.storage });
  // Public files of published library entries (video, idea articles, slides), with ranges.
  await fastify.register(libraryRoutes, { library: services.library, storage: services.storage });

  // Entry pictures' remaining variants, made behind everything someone waits on; with several
  // processes, one at a time does it.
  const variantWork = startVariantWork(
    services.media,
    exclusiveJob(db, "image-variants"),
    fastify.log,
  );
  fastify.addHook("onClose", async () => variantWork.stop());
  // Judges' copies of entries' films and documents (their metadata removed), the same way:
  // after an upload, and for every such file still without one (files of entries made before
  // copies existed).
  const judgeCopyWork = startQueueWork(
    {
      pending: (limit) => services.judgeCopies.pending(limit),
      complete: (key) => services.judgeCopies.make(key),
    },
    exclusiveJob(db, "judge-copies"),
    fastify.log,
    {
      item: "judges' copy of a file failed",
      job: "judges' copies job failed",
      idName: "sourceKey",
    },
  );
  fastify.addHook("onClose", async () => judgeCopyWork.stop());

  // Resumable entry file uploads (tus): owner checks, limits, content check, then storage.
  const uploads = await createUploadService(
    {
      dir: path.join(config.dataDir, "uploads"),
      db,
      expiryMs: config.uploadExpiryHours * 3_600_000,
      publicUrl: config.publicUrl,
      entries: services.entries,
      media: {
        inspect: (filePath, inspectOptions) => services.media.inspect(filePath, inspectOptions),
        // Only the media id is kept with the entry file: its private links are signed on each
        // read (a link stored now would expire fifteen minutes after the upload).
        // The upload is acknowledged with the smallest variant made; the image-variants job
        // below makes the rest.
        imageVariants: async (filePath) => {
          const image = await services.media.storeImage(filePath, {
            purpose: "entry",
            variantsLater: true,
          });
          variantWork.kick();
          return { mediaId: image.id };
        },
        judgedFileStored: () => judgeCopyWork.kick(),
      },
      storage: services.storage,
      logger: fastify.log,
      ...(options.clock ? { clock: options.clock } : {}),
    },
    await openSharedUploads({
      storage: config.storage,
      database: config.database,
      tempDir: path.join(config.dataDir, "tmp"),
      logger: fastify.log,
    }),
  );
  fastify.addHook("onClose", async () => uploads.close());
  await fastify.register(uploadRoutes, {
    uploads,
    currentUserId: async (headers) => (await services.identity.currentUser(headers))?.id ?? null,
  });
  // Abandoned partial uploads: checked every hour (or sooner for a short expiry). Scheduled jobs
  // run in one process at a time and, given their period, once per period in all.
  const uploadExpiryMs = Math.min(
    3_600_000,
    Math.max(1_000, (config.uploadExpiryHours * 3_600_000) / 4),
  );
  const stopUploadCleanup = uploads.startCleanup(
    uploadExpiryMs,
    exclusiveJob(db, "upload-expiry", { everyMs: uploadExpiryMs }),
  );
  fastify.addHook("onClose", async () => stopUploadCleanup());
  // Stored files nobody owns (a registration that failed after its licence was stored) and
  // entry images no entry uses: removed once older than an hour, checked every 15 minutes.
  const stopFileSweep = services.files.startSweep({
    logger: fastify.log,
    exclusive: exclusiveJob(db, "file-sweep", { everyMs: UNOWNED_FILE_SWEEP_INTERVAL_MS }),
    also: async (cutoff) =>
      (await sweepUnreferencedEntryImages(db, services.media, cutoff)) +
      (await services.judgeCopies.sweep(cutoff)),
  });
  fastify.addHook("onClose", async () => stopFileSweep());

  // The judge portal's API: code sign-in, assigned entries, scores, conflicts.
  await fastify.register(judgingRoutes, {
    judging: services.judging,
  });

  // VNPay's IPN; pending payments past their time expire (checked every five minutes).
  await fastify.register(paymentRoutes, { payments: services.payments });
  // With several processes, one runs each of these jobs each period; the others skip their turn.
  const everyPeriod = (job: string, everyMs: number, work: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      runExclusive(db, job, work, { everyMs }).catch((err: unknown) => {
        fastify.log.error({ err, job }, "scheduled job failed");
      });
    }, everyMs);
    timer.unref();
    fastify.addHook("onClose", async () => clearInterval(timer));
  };
  everyPeriod("payment-expiry", 5 * 60_000, () => services.payments.expireDue());
  // Emails whose sending failed for a passing reason go again when due (modules/mail/retries.ts
  // has the waits).
  everyPeriod("mail-retry", 60_000, () => services.mail.retryDue());
  // Sign-in, reset and other attempt counters whose every window has ended.
  everyPeriod("rate-limit-sweep", RATE_LIMIT_SWEEP_EVERY_MS, () => services.limiter.sweep());
  // Accounts' and judges' sessions and emailed links expired a day ago or more: nothing reads
  // them again, and without this a session whose browser never came back stayed for good.
  everyPeriod("expired-sweep", EXPIRED_SWEEP_EVERY_MS, async () => {
    await services.identity.sweepExpired();
    await services.judging.sweepExpiredSessions();
  });
  // Messages a stopped process queued but had not sent yet (a restart, a crash right after a
  // commit) go once this process is up, not at the job's first minute.
  const mailAtStart = setTimeout(
    () => sendQueuedSoon({ db, mail: services.mail, logger: fastify.log }),
    MAIL_AT_START_MS,
  );
  mailAtStart.unref();
  // Closing: the run under way stops after the sends in progress; what is left stays queued
  // for the next process.
  fastify.addHook("onClose", async () => {
    clearTimeout(mailAtStart);
    services.mail.close();
    await services.mail.idle();
  });

  await fastify.register(siteRoutes, {
    content: services.content,
    library: services.library,
    publicUrl: config.publicUrl,
  });
  // The home-screen icon iOS asks for, drawn from the site's SVG icon.
  await fastify.register(touchIconRoutes, {
    svgFile: path.join(path.resolve(options.clientDir), "favicon.svg"),
  });
  // Link previews: 1200×630 JPEGs of news articles and published library entries.
  await fastify.register(socialImagesRoutes, {
    socialImages: services.socialImages,
    storage: services.storage,
  });

  await fastify.register(ssrRoutes, {
    build: options.build,
    services,
    publicUrl: config.publicUrl,
    htmlCache,
    secureCookies: servesHttps(config),
    mode: config.env,
  });

  return {
    fastify,
    services,
    htmlCache,
    uploads,
    startDraining: () => {
      draining = true;
    },
    routes,
  };
}
