import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createServices, type Services } from "../services";
import { testDatabases } from "../test-support/databases";
import { migrateToLatest, type Db } from "../db/database";
import { seedDemoData } from "./demo-data";
import {
  DEMO_ACCOUNTS,
  DEMO_JUDGE,
  DEMO_STAFF_ACCOUNTS,
  demoBannerLines,
  demoCredentialsPath,
  ensureDemoCredentials,
  readDemoCredentials,
  seedDemoAccounts,
  seedDemoJudge,
} from "./demo-accounts";

/**
 * The demo accounts of a new install — a staff account for each back-office role, an entrant
 * and a judge: passwords (the judge's code) generated at first start, kept owner-only under
 * DATA_DIR, the same after a restart, different in every install, and nothing a production
 * start accepts that anyone else could know.
 */

const STAFF = Object.keys(DEMO_STAFF_ACCOUNTS) as (keyof typeof DEMO_STAFF_ACCOUNTS)[];

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "vx-demo-accounts-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("demo credentials file", () => {
  it("is created owner-only (0600) with generated, readable passwords", () => {
    const dataDir = newDataDir();
    const first = ensureDemoCredentials(dataDir);
    expect(first.created).toBe(true);
    expect(first.file).toBe(demoCredentialsPath(dataDir));
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    const { judge, ...accounts } = first.credentials;
    expect(Object.keys(accounts).sort()).toEqual([...STAFF, "entrant"].sort());
    for (const [key, account] of Object.entries(accounts)) {
      expect(account.email).toBe(DEMO_ACCOUNTS[key as keyof typeof DEMO_ACCOUNTS].email);
      expect(account.password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    }
    // The judge's is a judge code, as a jury manager issues them.
    expect(judge).toEqual({ name: DEMO_JUDGE.name, email: DEMO_JUDGE.email, code: judge.code });
    expect(judge.code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){4}[0-9A-HJKMNP-TV-Z]{4}$/);
    const secrets = [...Object.values(accounts).map((a) => a.password), judge.code];
    expect(new Set(secrets).size).toBe(secrets.length);
    expect(first.issued.sort()).toEqual([...STAFF, "entrant", "judge"].sort());
    expect(JSON.parse(readFileSync(first.file, "utf8"))).toEqual(first.credentials);
  });

  it("keeps the passwords of a file from before the other roles and adds theirs", () => {
    const dataDir = newDataDir();
    const old = {
      admin: { email: DEMO_ACCOUNTS.admin.email, password: "abcde-fghjk-mnpqr-stuvw" },
      entrant: { email: DEMO_ACCOUNTS.entrant.email, password: "23456-789ab-cdefg-hjkmn" },
    };
    writeFileSync(demoCredentialsPath(dataDir), JSON.stringify(old), { mode: 0o644 });
    expect(readDemoCredentials(dataDir)).toBeNull();

    const upgraded = ensureDemoCredentials(dataDir);
    expect(upgraded.created).toBe(false);
    expect(upgraded.issued.sort()).toEqual(["editor", "finance", "judge", "juryManager"]);
    expect(upgraded.credentials.admin).toEqual(old.admin);
    expect(upgraded.credentials.entrant).toEqual(old.entrant);
    expect(readDemoCredentials(dataDir)).toEqual(upgraded.credentials);
    expect(statSync(upgraded.file).mode & 0o777).toBe(0o600);
    // Only the new passwords are printed.
    const banner = demoBannerLines(upgraded, "http://localhost:3000").join("\n");
    expect(banner).not.toContain(old.admin.password);
    expect(banner).toContain(upgraded.credentials.editor.password);
    expect(banner).toContain(upgraded.credentials.judge.code);

    const again = ensureDemoCredentials(dataDir);
    expect(again.issued).toEqual([]);
    expect(again.credentials).toEqual(upgraded.credentials);
  });

  it("gives two installs different passwords and keeps an install's across restarts", () => {
    const one = newDataDir();
    const two = newDataDir();
    const a = ensureDemoCredentials(one).credentials;
    const b = ensureDemoCredentials(two).credentials;
    expect(a.admin.password).not.toBe(b.admin.password);
    expect(a.entrant.password).not.toBe(b.entrant.password);

    const again = ensureDemoCredentials(one);
    expect(again.created).toBe(false);
    expect(again.credentials).toEqual(a);
    expect(readDemoCredentials(one)).toEqual(a);
  });

  it("tightens a copy restored with looser permissions back to 0600", () => {
    const dataDir = newDataDir();
    const { file } = ensureDemoCredentials(dataDir);
    chmodSync(file, 0o644);
    ensureDemoCredentials(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("prints the passwords at the first start only, then where they are kept", () => {
    const dataDir = newDataDir();
    const first = ensureDemoCredentials(dataDir);
    const firstBanner = demoBannerLines(first, "http://localhost:3000").join("\n");
    for (const key of [...STAFF, "entrant"] as const) {
      expect(firstBanner).toContain(
        `${first.credentials[key].email} / ${first.credentials[key].password}`,
      );
    }
    expect(firstBanner).toContain(first.credentials.judge.code);
    expect(firstBanner).toContain("http://localhost:3000/giam-khao");
    expect(firstBanner).toContain(first.file);

    const later = demoBannerLines(ensureDemoCredentials(dataDir), "http://localhost:3000");
    const laterBanner = later.join("\n");
    for (const key of [...STAFF, "entrant"] as const) {
      expect(laterBanner).not.toContain(first.credentials[key].password);
    }
    expect(laterBanner).not.toContain(first.credentials.judge.code);
    expect(laterBanner).toContain(first.file);
    expect(laterBanner).toContain(DEMO_ACCOUNTS.admin.email);
  });
});

describe.each(testDatabases())("demo accounts on $name", (target) => {
  describe.skipIf(!target.available)("a production start", () => {
    afterAll(() => target.cleanup());

    async function install(): Promise<{ db: Db; services: Services; dataDir: string }> {
      const dataDir = newDataDir();
      const db = await target.open();
      await migrateToLatest(db);
      const config = loadConfig({
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        PUBLIC_URL: "http://127.0.0.1:1",
      });
      const services = createServices(db, config, { onContentChange: () => {} });
      return { db, services, dataDir };
    }

    let ip = 0;
    const signsIn = async (
      services: Services,
      audience: "staff" | "entrant",
      email: string,
      password: string,
    ) =>
      (
        await services.identity.signIn(
          { email, password },
          // A fresh address each time: the per-IP limit is not what is tested here.
          { headers: new Headers(), ip: `10.0.0.${++ip}`, lang: "vi" },
          audience,
        )
      ).ok;

    it("signs in with the generated passwords (also after a restart) and nothing else", async () => {
      const { services, db, dataDir } = await install();
      const seeded = await seedDemoAccounts(db, services, dataDir);
      expect(seeded.created).toBe(true);
      const { admin, entrant } = seeded.credentials;
      expect(await signsIn(services, "staff", admin.email, admin.password)).toBe(true);
      expect(await signsIn(services, "entrant", entrant.email, entrant.password)).toBe(true);
      // The entrant's password is not the admin's, and the other install's do not work here.
      expect(await signsIn(services, "staff", admin.email, entrant.password)).toBe(false);
      const other = ensureDemoCredentials(newDataDir()).credentials;
      expect(await signsIn(services, "staff", admin.email, other.admin.password)).toBe(false);

      // A restart reads the same file and changes nothing.
      const restarted = await seedDemoAccounts(db, services, dataDir);
      expect(restarted.created).toBe(false);
      expect(restarted.credentials).toEqual(seeded.credentials);
      expect(await signsIn(services, "staff", admin.email, admin.password)).toBe(true);
    });

    it("makes an account of each staff role, with its role, that signs in to the back office", async () => {
      const { services, db, dataDir } = await install();
      const { credentials } = await seedDemoAccounts(db, services, dataDir);
      for (const key of STAFF) {
        const { email, password } = credentials[key];
        const user = await db.kysely
          .selectFrom("user")
          .select(["role", "name"])
          .where("email", "=", email)
          .executeTakeFirstOrThrow();
        expect(user.role, key).toBe(DEMO_STAFF_ACCOUNTS[key].role);
        expect(user.name).toBe(DEMO_STAFF_ACCOUNTS[key].name);
        expect(await signsIn(services, "staff", email, password), key).toBe(true);
        // Not with another role's password.
        const other = key === "admin" ? credentials.editor : credentials.admin;
        expect(await signsIn(services, "staff", email, other.password), key).toBe(false);
      }
      expect(new Set(STAFF.map((k) => DEMO_STAFF_ACCOUNTS[k].role))).toEqual(
        new Set(["admin", "editor", "finance", "jury_manager"]),
      );
    });

    it("gives the judged season's demo judge this install's code, which signs in to the judge portal", async () => {
      const { services, db, dataDir } = await install();
      await seedDemoData(db);
      const seeded = await seedDemoAccounts(db, services, dataDir);
      // Before the demo judging made the judge, there is nobody to give the code to.
      expect(await seedDemoJudge(db, services.judging, seeded)).toBe(false);
      const season = await db.kysely
        .selectFrom("seasons")
        .select("id")
        .where("year", "=", DEMO_JUDGE.year)
        .executeTakeFirstOrThrow();
      const admin = await db.kysely
        .selectFrom("user")
        .select("id")
        .where("email", "=", seeded.credentials.admin.email)
        .executeTakeFirstOrThrow();
      const made = await services.judging.createJudge(
        { id: admin.id, email: seeded.credentials.admin.email, ip: "127.0.0.1" },
        Number(season.id),
        { name: DEMO_JUDGE.name, email: DEMO_JUDGE.email, lang: DEMO_JUDGE.lang },
      );
      if (!made.ok) throw new Error(JSON.stringify(made));

      expect(await seedDemoJudge(db, services.judging, seeded)).toBe(true);
      const signIn = (code: string) =>
        services.judging.signIn({ code }, `10.0.1.${++ip}`).then((r) => r.ok && r.judgeId);
      expect(await signIn(seeded.credentials.judge.code)).toBe(made.id);
      expect(await signIn(ensureDemoCredentials(newDataDir()).credentials.judge.code)).toBe(false);

      // A restart leaves the code as it is; a code the manager revoked stays revoked.
      const restarted = await seedDemoAccounts(db, services, dataDir);
      await seedDemoJudge(db, services.judging, restarted);
      expect(await signIn(seeded.credentials.judge.code)).toBe(made.id);
      await services.judging.revokeCode(
        { id: admin.id, email: seeded.credentials.admin.email, ip: "127.0.0.1" },
        made.id,
      );
      await seedDemoJudge(db, services.judging, restarted);
      expect(await signIn(seeded.credentials.judge.code)).toBe(false);
    });

    it("replaces the publicly known passwords of demo accounts made before passwords were generated", async () => {
      const { services, db, dataDir } = await install();
      // An install from before: the demo accounts exist with passwords anyone could read.
      const known = "a-password-from-the-old-readme";
      await services.identity.createStaff({
        ...DEMO_ACCOUNTS.admin,
        password: known,
        role: "admin",
      });
      const entrantId = await services.identity.createEntrant({
        email: DEMO_ACCOUNTS.entrant.email,
        password: known,
        profile: {
          type: "individual",
          fullName: DEMO_ACCOUNTS.entrant.name,
          phone: "+84912345678",
          address: "12 Lê Thánh Tôn, Quận 1, TP. Hồ Chí Minh",
          personalId: null,
          companyName: null,
          businessRegistrationNumber: null,
          taxCode: null,
          licenceFileId: null,
        },
      });
      await services.identity.markEmailVerified(entrantId);
      expect(await signsIn(services, "staff", DEMO_ACCOUNTS.admin.email, known)).toBe(true);

      const seeded = await seedDemoAccounts(db, services, dataDir);
      expect(seeded.created).toBe(true);
      expect(await signsIn(services, "staff", DEMO_ACCOUNTS.admin.email, known)).toBe(false);
      expect(await signsIn(services, "entrant", DEMO_ACCOUNTS.entrant.email, known)).toBe(false);
      const { admin, entrant } = seeded.credentials;
      expect(await signsIn(services, "staff", admin.email, admin.password)).toBe(true);
      expect(await signsIn(services, "entrant", entrant.email, entrant.password)).toBe(true);
    });
  });
});
