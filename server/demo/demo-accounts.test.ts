import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createServices, type Services } from "../services";
import { testDatabases } from "../test-support/databases";
import { migrateToLatest, type Db } from "../db/database";
import {
  DEMO_ACCOUNTS,
  demoBannerLines,
  demoCredentialsPath,
  ensureDemoCredentials,
  readDemoCredentials,
  seedDemoAccounts,
} from "./demo-accounts";

/**
 * The demo accounts of a new install: passwords generated at first start, kept owner-only
 * under DATA_DIR, the same after a restart, different in every install, and nothing a
 * production start accepts that anyone else could know.
 */

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
    for (const account of [first.credentials.admin, first.credentials.entrant]) {
      expect(account.password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    }
    expect(first.credentials.admin.password).not.toBe(first.credentials.entrant.password);
    expect(first.credentials.admin.email).toBe(DEMO_ACCOUNTS.admin.email);
    expect(JSON.parse(readFileSync(first.file, "utf8"))).toEqual(first.credentials);
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
    expect(firstBanner).toContain(first.credentials.admin.password);
    expect(firstBanner).toContain(first.credentials.entrant.password);
    expect(firstBanner).toContain(first.file);

    const later = demoBannerLines(ensureDemoCredentials(dataDir), "http://localhost:3000");
    const laterBanner = later.join("\n");
    expect(laterBanner).not.toContain(first.credentials.admin.password);
    expect(laterBanner).not.toContain(first.credentials.entrant.password);
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
