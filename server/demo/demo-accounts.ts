import { randomInt } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Services } from "../services";
import type { Db } from "../db/database";

/**
 * The demo install's two accounts. Their passwords are not here: each install generates its
 * own at first start (`ensureDemoCredentials`), keeps them in DATA_DIR/demo-credentials.json
 * (readable by the owner only) and the start banner prints them once.
 */
export const DEMO_ACCOUNTS = {
  admin: {
    email: "admin@vanxuan-awards.example",
    name: "Quản trị viên Demo",
  },
  entrant: {
    email: "thisinh@vanxuan-awards.example",
    name: "Nguyễn Thị Demo",
  },
} as const;

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

export interface DemoCredentials {
  admin: { email: string; password: string };
  entrant: { email: string; password: string };
}

export const DEMO_CREDENTIALS_FILE = "demo-credentials.json";

export function demoCredentialsPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), DEMO_CREDENTIALS_FILE);
}

/** Letters and digits a person reads back without confusing them (no 0/o, 1/l/i). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/**
 * A password to read off a terminal and type: four groups of five characters
 * ("k7mq2-xh4tp-9wzfn-r3bvd"), 20 characters from a 31-letter alphabet ≈ 99 bits.
 */
export function generateDemoPassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = "";
    for (let i = 0; i < 5; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

function isCredentials(value: unknown): value is DemoCredentials {
  const ok = (account: unknown) =>
    typeof account === "object" &&
    account !== null &&
    typeof (account as { email?: unknown }).email === "string" &&
    typeof (account as { password?: unknown }).password === "string" &&
    (account as { password: string }).password.length >= 10;
  return (
    typeof value === "object" &&
    value !== null &&
    ok((value as { admin?: unknown }).admin) &&
    ok((value as { entrant?: unknown }).entrant)
  );
}

/** The install's demo credentials, or null when they were never generated (or are unreadable). */
export function readDemoCredentials(dataDir: string): DemoCredentials | null {
  let text: string;
  try {
    text = readFileSync(demoCredentialsPath(dataDir), "utf8");
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    return isCredentials(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The install's demo credentials: read from DATA_DIR/demo-credentials.json, or generated and
 * written there (mode 0600, created exclusively so two starts never write different ones).
 * `created` tells whether this call generated them (the banner then prints the passwords).
 */
export function ensureDemoCredentials(dataDir: string): {
  credentials: DemoCredentials;
  file: string;
  created: boolean;
} {
  const file = demoCredentialsPath(dataDir);
  const existing = readDemoCredentials(dataDir);
  if (existing) {
    // Tighten a copy restored with looser permissions (a backup, a `cp`).
    chmodSync(file, 0o600);
    return { credentials: existing, file, created: false };
  }
  const credentials: DemoCredentials = {
    admin: { email: DEMO_ACCOUNTS.admin.email, password: generateDemoPassword() },
    entrant: { email: DEMO_ACCOUNTS.entrant.email, password: generateDemoPassword() },
  };
  mkdirSync(path.dirname(file), { recursive: true });
  const text = `${JSON.stringify(credentials, null, 2)}\n`;
  try {
    writeFileSync(file, text, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Another start wrote it first, or it is there but unreadable as credentials: an unreadable
    // file is replaced (the accounts' passwords follow the new one, see `seedDemoAccounts`).
    const raced = readDemoCredentials(dataDir);
    if (raced) return { credentials: raced, file, created: false };
    writeFileSync(file, text, { mode: 0o600 });
  }
  // The mode given at creation is masked by the umask; a umask never adds bits, but an
  // overwritten file keeps its old mode: set it explicitly.
  chmodSync(file, 0o600);
  return { credentials, file, created: true };
}

export interface SeededDemoAccounts {
  credentials: DemoCredentials;
  /** Where the credentials are kept (DATA_DIR/demo-credentials.json). */
  file: string;
  /** Whether this start generated the passwords (print them) or read them (point to the file). */
  created: boolean;
}

/** site_settings key written once some process has generated the demo passwords. */
const ISSUED_MARKER = "demoCredentialsIssued";

/**
 * Whether another process (with a DATA_DIR of its own, sharing this PostgreSQL database) made
 * the demo accounts: this process then has no credentials file and must not make new passwords,
 * which would replace the ones that process printed and kept.
 */
export async function demoAccountsIssuedElsewhere(db: Db, dataDir: string): Promise<boolean> {
  if (readDemoCredentials(dataDir)) return false;
  const marker = await db.kysely
    .selectFrom("site_settings")
    .select("key")
    .where("key", "=", ISSUED_MARKER)
    .executeTakeFirst();
  return Boolean(marker);
}

/**
 * Creates the demo admin and demo entrant once, with this install's generated passwords.
 * When the passwords were just generated but the accounts already exist (an install from
 * before passwords were generated, whose passwords were public), their passwords are replaced
 * and their sessions ended; otherwise an existing account is left as its owner changed it.
 */
export async function seedDemoAccounts(
  db: Db,
  services: Pick<Services, "identity" | "auth">,
  dataDir: string,
): Promise<SeededDemoAccounts> {
  const { credentials, file, created } = ensureDemoCredentials(dataDir);
  const existing = async (email: string) =>
    await db.kysely.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  const resetPassword = async (userId: string, password: string) => {
    const context = await services.auth.$context;
    await context.internalAdapter.updatePassword(userId, await context.password.hash(password));
    await context.internalAdapter.deleteSessions(userId);
  };

  const admin = await existing(DEMO_ACCOUNTS.admin.email);
  if (!admin) {
    await services.identity.createStaff({
      ...DEMO_ACCOUNTS.admin,
      password: credentials.admin.password,
      role: "admin",
    });
  } else if (created) {
    await resetPassword(admin.id, credentials.admin.password);
  }

  const entrant = await existing(DEMO_ACCOUNTS.entrant.email);
  if (!entrant) {
    const id = await services.identity.createEntrant({
      email: DEMO_ACCOUNTS.entrant.email,
      password: credentials.entrant.password,
      profile: {
        type: "individual",
        fullName: DEMO_ACCOUNTS.entrant.name,
        phone: "+84912345678",
        address: "12 Lê Thánh Tôn, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh",
        personalId: null,
        companyName: null,
        businessRegistrationNumber: null,
        taxCode: null,
        licenceFileId: null,
      },
    });
    await services.identity.markEmailVerified(id);
  } else if (created) {
    await resetPassword(entrant.id, credentials.entrant.password);
  }
  const stamp = new Date().toISOString();
  await db.kysely
    .insertInto("site_settings")
    .values({ key: ISSUED_MARKER, value: JSON.stringify(stamp), updated_at: stamp })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return { credentials, file, created };
}

/**
 * The start banner's demo lines: the generated passwords the first time, afterwards where
 * they are kept (they are printed once; the file stays readable by the owner only).
 */
export function demoBannerLines(seeded: SeededDemoAccounts, publicUrl: string): string[] {
  const { credentials, file, created } = seeded;
  const adminUrl = `${publicUrl}/quan-tri/dang-nhap`;
  const entrantUrl = `${publicUrl}/dang-nhap`;
  if (created) {
    return [
      `  Demo admin:   ${credentials.admin.email} / ${credentials.admin.password}  (${adminUrl})`,
      `  Demo entrant: ${credentials.entrant.email} / ${credentials.entrant.password}  (${entrantUrl})`,
      `  These passwords were generated for this install and are shown once; they are kept in`,
      `  ${file} (readable by you only).`,
    ];
  }
  return [
    `  Demo admin:   ${credentials.admin.email}  (${adminUrl})`,
    `  Demo entrant: ${credentials.entrant.email}  (${entrantUrl})`,
    `  Their passwords: ${file}`,
  ];
}
