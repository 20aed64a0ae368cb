import { randomBytes, randomInt } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { judgeCode } from "../../core/judge-code";
import type { StaffRole } from "../../core/roles";
import type { Services } from "../services";
import type { Db } from "../db/database";
import { DEMO_JUDGES, DEMO_JUDGING_YEAR } from "./judging";

/**
 * The demo install's sign-ins: a staff account for each back-office role, an entrant, and a
 * judge of the judged season. Their passwords (the judge's code) are not here: each install
 * generates its own at first start (`ensureDemoCredentials`), keeps them in
 * DATA_DIR/demo-credentials.json (readable by the owner only) and the start banner prints them
 * once.
 */
export const DEMO_STAFF_ACCOUNTS = {
  admin: { email: "admin@vanxuan-awards.example", name: "Quản trị viên Demo", role: "admin" },
  editor: { email: "bientap@vanxuan-awards.example", name: "Đỗ Thanh Biên", role: "editor" },
  finance: { email: "ketoan@vanxuan-awards.example", name: "Lê Minh Tâm", role: "finance" },
  juryManager: {
    email: "thuky@vanxuan-awards.example",
    name: "Nguyễn Thu Hà",
    role: "jury_manager",
  },
} as const satisfies Record<string, { email: string; name: string; role: StaffRole }>;

export const DEMO_ACCOUNTS = {
  ...DEMO_STAFF_ACCOUNTS,
  entrant: {
    email: "thisinh@vanxuan-awards.example",
    name: "Nguyễn Thị Demo",
  },
} as const;

export type DemoStaffAccount = keyof typeof DEMO_STAFF_ACCOUNTS;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/** The demo judge: the first of the judged season's judges, linked to their jury profile. */
export const DEMO_JUDGE = { ...DEMO_JUDGES[0]!, year: DEMO_JUDGING_YEAR };

interface Login {
  email: string;
  password: string;
}

export interface DemoCredentials {
  admin: Login;
  editor: Login;
  finance: Login;
  juryManager: Login;
  entrant: Login;
  judge: { name: string; email: string; code: string };
}

/** What the credentials file may hold: a file from before the other roles has two accounts. */
type StoredCredentials = Pick<DemoCredentials, "admin" | "entrant"> & Partial<DemoCredentials>;

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

const isLogin = (account: unknown): account is Login =>
  typeof account === "object" &&
  account !== null &&
  typeof (account as { email?: unknown }).email === "string" &&
  typeof (account as { password?: unknown }).password === "string" &&
  (account as { password: string }).password.length >= 10;

const isJudgeCode = (judge: unknown): judge is DemoCredentials["judge"] =>
  typeof judge === "object" &&
  judge !== null &&
  typeof (judge as { name?: unknown }).name === "string" &&
  typeof (judge as { email?: unknown }).email === "string" &&
  typeof (judge as { code?: unknown }).code === "string" &&
  (judge as { code: string }).code.length >= 20;

/** The keys of the credentials file, each with its check. */
const CREDENTIAL_CHECKS = {
  admin: isLogin,
  editor: isLogin,
  finance: isLogin,
  juryManager: isLogin,
  entrant: isLogin,
  judge: isJudgeCode,
} satisfies Record<keyof DemoCredentials, (value: unknown) => boolean>;

export type DemoCredential = keyof DemoCredentials;
const CREDENTIAL_KEYS = Object.keys(CREDENTIAL_CHECKS) as DemoCredential[];

/** The credentials a file holds: null unless it has at least the admin and the entrant. */
function readStored(dataDir: string): StoredCredentials | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(demoCredentialsPath(dataDir), "utf8"));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const stored: Partial<Record<DemoCredential, unknown>> = {};
  for (const key of CREDENTIAL_KEYS) {
    const value = (parsed as Record<string, unknown>)[key];
    if (CREDENTIAL_CHECKS[key](value)) stored[key] = value;
  }
  return stored.admin && stored.entrant ? (stored as StoredCredentials) : null;
}

const isComplete = (stored: StoredCredentials): stored is DemoCredentials =>
  CREDENTIAL_KEYS.every((key) => stored[key] !== undefined);

/** The install's demo credentials, or null when they were never generated (or are unreadable). */
export function readDemoCredentials(dataDir: string): DemoCredentials | null {
  const stored = readStored(dataDir);
  return stored && isComplete(stored) ? stored : null;
}

/** A new password (the judge's code) for one of the demo's sign-ins. */
function generate<K extends DemoCredential>(key: K): DemoCredentials[K] {
  if (key === "judge") {
    const { name, email } = DEMO_JUDGE;
    return { name, email, code: judgeCode(randomBytes(20)) } as DemoCredentials[K];
  }
  const email = DEMO_ACCOUNTS[key as DemoAccount].email;
  return { email, password: generateDemoPassword() } as DemoCredentials[K];
}

/**
 * The install's demo credentials: read from DATA_DIR/demo-credentials.json, or generated and
 * written there (mode 0600, created exclusively so two starts never write different ones).
 * A file from before some sign-ins existed keeps its passwords and gets the missing ones.
 * `created` tells whether this call generated the file, `issued` which sign-ins got new
 * passwords (the banner then prints them).
 */
export function ensureDemoCredentials(dataDir: string): {
  credentials: DemoCredentials;
  file: string;
  created: boolean;
  issued: DemoCredential[];
} {
  const file = demoCredentialsPath(dataDir);
  const existing = readStored(dataDir);
  if (existing) {
    // Tighten a copy restored with looser permissions (a backup, a `cp`).
    chmodSync(file, 0o600);
    if (isComplete(existing)) return { credentials: existing, file, created: false, issued: [] };
    const issued = CREDENTIAL_KEYS.filter((key) => existing[key] === undefined);
    const credentials = { ...existing } as DemoCredentials;
    for (const key of issued) Object.assign(credentials, { [key]: generate(key) });
    // Written beside it and renamed over it: a reader never sees half a file.
    const next = `${file}.${process.pid}.tmp`;
    writeFileSync(next, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    chmodSync(next, 0o600);
    renameSync(next, file);
    return { credentials, file, created: false, issued };
  }
  const credentials = Object.fromEntries(
    CREDENTIAL_KEYS.map((key) => [key, generate(key)]),
  ) as unknown as DemoCredentials;
  mkdirSync(path.dirname(file), { recursive: true });
  const text = `${JSON.stringify(credentials, null, 2)}\n`;
  try {
    writeFileSync(file, text, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Another start wrote it first, or it is there but unreadable as credentials: an unreadable
    // file is replaced (the accounts' passwords follow the new one, see `seedDemoAccounts`).
    const raced = readDemoCredentials(dataDir);
    if (raced) return { credentials: raced, file, created: false, issued: [] };
    writeFileSync(file, text, { mode: 0o600 });
  }
  // The mode given at creation is masked by the umask; a umask never adds bits, but an
  // overwritten file keeps its old mode: set it explicitly.
  chmodSync(file, 0o600);
  return { credentials, file, created: true, issued: [...CREDENTIAL_KEYS] };
}

export interface SeededDemoAccounts {
  credentials: DemoCredentials;
  /** Where the credentials are kept (DATA_DIR/demo-credentials.json). */
  file: string;
  /** Whether this start generated the passwords (print them) or read them (point to the file). */
  created: boolean;
  /** The sign-ins whose passwords this start generated (printed once). */
  issued: DemoCredential[];
}

/** site_settings key written once some process has generated the demo passwords. */
const ISSUED_MARKER = "demoCredentialsIssued";

/**
 * Whether another process (with a DATA_DIR of its own, sharing this PostgreSQL database) made
 * the demo accounts: this process then has no credentials file and must not make new passwords,
 * which would replace the ones that process printed and kept.
 */
export async function demoAccountsIssuedElsewhere(db: Db, dataDir: string): Promise<boolean> {
  if (readStored(dataDir)) return false;
  const marker = await db.kysely
    .selectFrom("site_settings")
    .select("key")
    .where("key", "=", ISSUED_MARKER)
    .executeTakeFirst();
  return Boolean(marker);
}

/**
 * Creates the demo staff accounts (one per role) and the demo entrant once, with this install's
 * generated passwords. When a password was just generated but its account already exists (an
 * install from before passwords were generated, whose passwords were public), the password is
 * replaced and the account's sessions ended; otherwise an existing account is left as its owner
 * changed it.
 */
export async function seedDemoAccounts(
  db: Db,
  services: Pick<Services, "identity" | "auth">,
  dataDir: string,
): Promise<SeededDemoAccounts> {
  const { credentials, file, created, issued } = ensureDemoCredentials(dataDir);
  const existing = async (email: string) =>
    await db.kysely.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  const resetPassword = async (userId: string, password: string) => {
    const context = await services.auth.$context;
    await context.internalAdapter.updatePassword(userId, await context.password.hash(password));
    await context.internalAdapter.deleteSessions(userId);
  };

  for (const key of Object.keys(DEMO_STAFF_ACCOUNTS) as DemoStaffAccount[]) {
    const account = DEMO_STAFF_ACCOUNTS[key];
    const user = await existing(account.email);
    if (!user) {
      await services.identity.createStaff({ ...account, password: credentials[key].password });
    } else if (issued.includes(key)) {
      await resetPassword(user.id, credentials[key].password);
    }
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
  } else if (issued.includes("entrant")) {
    await resetPassword(entrant.id, credentials.entrant.password);
  }
  const stamp = new Date().toISOString();
  await db.kysely
    .insertInto("site_settings")
    .values({ key: ISSUED_MARKER, value: JSON.stringify(stamp), updated_at: stamp })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return { credentials, file, created, issued };
}

/**
 * Gives the demo judge (a judge of the judged season, made by the demo judging) this install's
 * code, as a jury manager issuing one would: when the code was just generated, or when the
 * judge never had one. A code a manager revoked or issued since is left alone. False while the
 * judge does not exist.
 */
export async function seedDemoJudge(
  db: Db,
  judging: Pick<Services["judging"], "setCode">,
  seeded: SeededDemoAccounts,
): Promise<boolean> {
  const judge = await db.kysely
    .selectFrom("judges as j")
    .innerJoin("seasons as s", "s.id", "j.season_id")
    .select(["j.id", "j.code_hash", "j.code_issued_at", "j.code_revoked_at"])
    .where("j.email", "=", seeded.credentials.judge.email)
    .where("s.year", "=", DEMO_JUDGE.year)
    .executeTakeFirst();
  if (!judge) return false;
  const neverHadCode =
    judge.code_hash === null && judge.code_issued_at === null && judge.code_revoked_at === null;
  if (neverHadCode || seeded.issued.includes("judge")) {
    await judging.setCode(judge.id, seeded.credentials.judge.code);
  }
  return true;
}

/** The start banner's lines for each sign-in: who, where, and the password when it is new. */
const BANNER = [
  ["admin", "Demo admin", "/quan-tri/dang-nhap"],
  ["editor", "Demo editor", "/quan-tri/dang-nhap"],
  ["finance", "Demo finance", "/quan-tri/dang-nhap"],
  ["juryManager", "Demo jury manager", "/quan-tri/dang-nhap"],
  ["entrant", "Demo entrant", "/dang-nhap"],
  ["judge", "Demo judge", "/giam-khao"],
] as const satisfies readonly (readonly [DemoCredential, string, string])[];

/**
 * The start banner's demo lines: each generated password (the judge's code) the first time,
 * afterwards where they are kept (they are printed once; the file stays readable by the owner
 * only).
 */
export function demoBannerLines(seeded: SeededDemoAccounts, publicUrl: string): string[] {
  const { credentials, file, issued } = seeded;
  const width = Math.max(...BANNER.map(([, label]) => label.length)) + 2;
  const lines = BANNER.map(([key, label, page]) => {
    const entry = credentials[key];
    const who = "password" in entry ? entry.email : `${entry.name} <${entry.email}>`;
    const secret = "password" in entry ? entry.password : entry.code;
    const shown = issued.includes(key) ? `${who} / ${secret}` : who;
    return `  ${`${label}:`.padEnd(width)}${shown}  (${publicUrl}${page})`;
  });
  if (issued.length > 0) {
    return [
      ...lines,
      `  These passwords were generated for this install and are shown once; they are kept in`,
      `  ${file} (readable by you only).`,
    ];
  }
  return [...lines, `  Their passwords: ${file}`];
}
