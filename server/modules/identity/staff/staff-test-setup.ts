import { afterAll, beforeAll } from "vitest";
import { migrateToLatest, type Db } from "../../../db/database";
import { createServices, type Services } from "../../../services";
import { testConfig } from "../../../test-support/config";
import type { TestDatabase } from "../../../test-support/databases";

export const PASSWORD = "mua-thu-ha-noi-2026";

/**
 * An empty database with one admin (`adminId`) for one suite, shared by its tests. Call
 * inside `describe.skipIf(!target.available)`.
 */
export function staffFixture(target: TestDatabase) {
  const fixture = {
    db: undefined as unknown as Db,
    services: undefined as unknown as Services,
    adminId: "",
    /** A staff sign-in, as the page makes it. */
    signIn(email: string, password = PASSWORD) {
      return fixture.services.identity.signIn(
        { email, password },
        { headers: new Headers(), ip: "127.0.0.1", lang: "vi" },
        "staff",
      );
    },
    /** The admin as the operations record them in the audit log. */
    actor() {
      return { id: fixture.adminId, email: "admin@vanxuan.example", ip: "203.0.113.7" };
    },
  };
  beforeAll(async () => {
    fixture.db = await target.open();
    await migrateToLatest(fixture.db);
    fixture.services = createServices(fixture.db, testConfig(), { onContentChange: () => {} });
    fixture.adminId = await fixture.services.identity.createStaff({
      email: "admin@vanxuan.example",
      name: "Quản Trị",
      password: PASSWORD,
      role: "admin",
    });
  });
  afterAll(() => target.cleanup());
  return fixture;
}
