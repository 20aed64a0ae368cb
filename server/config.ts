import { existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import type { StorageConfig } from "./modules/storage";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/**
 * A number from the environment. An empty value is refused rather than read as 0, which would
 * quietly mean a random port (`PORT=`) or no draining (`DRAIN_SECONDS=`).
 */
const numberFromEnv = (schema: z.ZodNumber) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "must be a number")
    .transform(Number)
    .pipe(schema);

/**
 * TRUST_PROXY: `true` believes X-Forwarded-For and X-Forwarded-Proto from any peer (right when
 * only the proxy can reach the port: HOST=127.0.0.1, as deploy/'s units have it), or the
 * proxies' addresses (`10.0.0.5,10.0.0.6`, `10.0.0.0/24`) when the port is reachable from
 * elsewhere too: a client that reaches it directly then cannot forge its address.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, ctx): boolean | string[] => {
    const lower = value.toLowerCase();
    if (["true", "1", "yes"].includes(lower)) return true;
    if (["false", "0", "no"].includes(lower)) return false;
    const addresses = value.split(",").map((item) => item.trim());
    const valid = (item: string) => {
      const [address = "", prefix, ...rest] = item.split("/");
      const family = isIP(address);
      if (family === 0 || rest.length > 0) return false;
      if (prefix === undefined) return true;
      const bits = Number(prefix);
      return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
    };
    if (addresses.every(valid)) return addresses;
    ctx.addIssue({
      code: "custom",
      message: "must be true, false, or the proxies' addresses (e.g. 10.0.0.5,10.0.0.0/24)",
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: numberFromEnv(z.number().int().min(0).max(65535)).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("data"),
  BUILD_DIR: z.string().min(1).default("build"),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, "must start with postgres://, postgresql:// or sqlite:")
    .optional(),
  DEMO_DATA: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  HTML_CACHE_SECONDS: numberFromEnv(z.number().int().min(0).max(3600)).default(10),
  SHUTDOWN_TIMEOUT_SECONDS: numberFromEnv(z.number().int().min(1).max(3600)).default(30),
  DRAIN_SECONDS: numberFromEnv(z.number().min(0).max(300)).default(5),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  AUTH_SECRET_CHANGED: booleanFromEnv.default(false),
  STORAGE_DRIVER: z.enum(["disk", "s3"]).default("disk"),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  APP_INSTANCE: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, "letters, digits, dot, dash or underscore (at most 64)")
    .optional(),
  UPLOAD_EXPIRY_HOURS: numberFromEnv(z.number().positive().max(8760)).default(24),
  // VNPay (PRODUCT §5): all three or none; without them the method is not offered.
  VNPAY_TMN_CODE: z.string().min(1).max(20).optional(),
  VNPAY_HASH_SECRET: z.string().min(8).optional(),
  VNPAY_URL: z.url().optional(),
});

export type DatabaseConfig = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  /** PUBLIC_URL, or http://localhost:PORT when it is not set (see `publicUrlConfigured`). */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was given. Without it, links follow the address a request came to,
   * for loopback addresses and in development (server/public-url.ts).
   */
  publicUrlConfigured: boolean;
  dataDir: string;
  /** The React Router production build (`npm run build`): `server/` and `client/` inside. */
  buildDir: string;
  database: DatabaseConfig;
  demoData: boolean;
  logLevel: string;
  /** Whose X-Forwarded-* headers are believed: nobody's, any peer's, or these addresses'. */
  trustProxy: boolean | string[];
  htmlCacheSeconds: number;
  shutdownTimeoutMs: number;
  /**
   * On SIGTERM, how long the server keeps listening with `/readyz` at 503 (so a load
   * balancer stops sending traffic) before it stops accepting connections.
   */
  drainMs: number;
  /** Outgoing mail: SMTP when a URL is set, otherwise files in DATA_DIR/outbox. */
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  /** Signs session cookies and tokens; generated once into DATA_DIR when not given. */
  authSecret: string | null;
  /**
   * AUTH_SECRET_CHANGED: the secret was changed on purpose, so the start accepts one other than
   * the database's sessions and codes were made with (everyone signs in again; judges' codes
   * are issued again). Otherwise such a start is refused.
   */
  authSecretChanged: boolean;
  /** Where uploaded files live: DATA_DIR/files/objects, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Partial tus uploads that received no bytes for this long are deleted (DATA_DIR/uploads). */
  uploadExpiryHours: number;
  /** The VNPay merchant, or null when VNPay is not configured (the method is then hidden). */
  vnpay: VnpayConfig | null;
  /** APP_INSTANCE: this process's name among several, sent as `x-served-by`; null: no header. */
  instanceName: string | null;
}

export interface VnpayConfig {
  tmnCode: string;
  hashSecret: string;
  /** The gateway's payment page (`…/paymentv2/vpcpay.html`). */
  url: string;
}

export class ConfigError extends Error {}

/**
 * Whether visitors reach the site over HTTPS (its public URL): then, and only then, cookies
 * are `Secure` and responses carry HSTS — whatever NODE_ENV says.
 */
export function servesHttps(config: Pick<Config, "publicUrl">): boolean {
  return config.publicUrl.startsWith("https://");
}

/** Reads the environment once at start; a wrong value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const vnpaySet = [e.VNPAY_TMN_CODE, e.VNPAY_HASH_SECRET, e.VNPAY_URL].filter(Boolean).length;
  if (vnpaySet !== 0 && vnpaySet !== 3) {
    throw new ConfigError(
      "Invalid configuration:\n  VNPAY_TMN_CODE, VNPAY_HASH_SECRET, VNPAY_URL: set all three or none",
    );
  }
  if (e.NODE_ENV === "production" && e.TRUST_PROXY !== false && !e.PUBLIC_URL) {
    // Behind a proxy the Host a request carries is the proxy's business: the links in emails
    // and pages need the site's real address, given once.
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_URL: required in production when TRUST_PROXY is set " +
        "(the site's address as visitors type it, e.g. PUBLIC_URL=https://vanxuan-awards.example)",
    );
  }
  if (e.STORAGE_DRIVER === "s3" && !e.S3_BUCKET) {
    throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3");
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const database: DatabaseConfig =
    e.DATABASE_URL && !e.DATABASE_URL.startsWith("sqlite:")
      ? { kind: "postgres", url: e.DATABASE_URL }
      : {
          kind: "sqlite",
          file: e.DATABASE_URL
            ? path.resolve(e.DATABASE_URL.slice("sqlite:".length))
            : path.join(dataDir, "app.db"),
        };
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    dataDir,
    buildDir: path.resolve(e.BUILD_DIR),
    database,
    // Demo data by default only for the embedded database: a PostgreSQL install is a real one.
    demoData: e.DEMO_DATA ?? database.kind === "sqlite",
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    htmlCacheSeconds: e.HTML_CACHE_SECONDS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    drainMs: e.DRAIN_SECONDS * 1000,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      // A bare address: each email names the competition in its own language (mail/sender.ts).
      from: e.MAIL_FROM ?? "no-reply@vanxuan-awards.example",
      outboxDir: path.join(dataDir, "outbox"),
    },
    authSecret: e.AUTH_SECRET ?? null,
    authSecretChanged: e.AUTH_SECRET_CHANGED,
    storage:
      e.STORAGE_DRIVER === "s3"
        ? {
            driver: "s3",
            endpoint: e.S3_ENDPOINT ?? null,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET ?? "",
            accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { driver: "disk" },
    uploadExpiryHours: e.UPLOAD_EXPIRY_HOURS,
    vnpay:
      e.VNPAY_TMN_CODE && e.VNPAY_HASH_SECRET && e.VNPAY_URL
        ? { tmnCode: e.VNPAY_TMN_CODE, hashSecret: e.VNPAY_HASH_SECRET, url: e.VNPAY_URL }
        : null,
    instanceName: e.APP_INSTANCE ?? null,
  };
}

/** Loads `.env` when present (Node's own parser), without overriding the real environment. */
export function loadDotEnv(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
