import { mkdtempSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/database";
import { listOutbox } from "../mail/outbox";
import { outboxFolder } from "../mail/outbox-files";
import { buildProductionBundle, type ProductionBundle } from "../../test-support/build";
import { dataDirEnv, spawnServer, type SpawnedServer } from "../../test-support/production-server";
import { ipnQuery, TEST_VNPAY } from "./testbed";

/**
 * The real server (its own process, a SQLite file) is killed with SIGKILL in the middle of a
 * VNPay IPN — once before the payment is settled, once after the commit but before the answer
 * — and started again; VNPay retries the IPN (it does until it gets an answer). The payment
 * ends paid exactly once: one paid event, each entry moved to paid once.
 */
describe("a VNPay IPN survives SIGKILL of the server", () => {
  let bundle: ProductionBundle;
  let dataDir: string;
  let env: Record<string, string>;
  let server: SpawnedServer | null = null;
  let db: Db | null = null;

  const start = (crash?: string) =>
    spawnServer({
      ...env,
      DEMO_DATA: "true",
      HTML_CACHE_SECONDS: "0",
      VNPAY_TMN_CODE: TEST_VNPAY.tmnCode,
      VNPAY_HASH_SECRET: TEST_VNPAY.hashSecret,
      VNPAY_URL: TEST_VNPAY.url,
      ...(crash ? { VX_TEST_CRASH_IN_IPN: crash } : {}),
    });

  const ipn = (query: Record<string, string>) =>
    fetch(`${server!.baseUrl}/api/payments/vnpay/ipn?${new URLSearchParams(query)}`).then(
      async (r) => (await r.json()) as { RspCode: string },
      () => null,
    );

  beforeAll(async () => {
    bundle = await buildProductionBundle();
    dataDir = mkdtempSync(path.join(tmpdir(), "vx-ipn-kill-"));
    env = dataDirEnv(dataDir, bundle);
  }, 240_000);

  afterAll(async () => {
    if (server) await server.kill();
    await db?.close();
    bundle?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The confirmation emails filed in the server's outbox (no SMTP) for a payment reference. */
  const confirmations = async (reference: string) =>
    (await listOutbox(outboxFolder(path.join(dataDir, "outbox")), { pageSize: 200 })).items.filter(
      (m) => m.template === "paymentConfirmed" && m.subject.includes(reference),
    ).length;

  it("pays once whether the process dies before settling or between commit and answer", async () => {
    server = await start("before-settle");
    db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "app.db") });
    // A pending VNPay payment of two submitted demo entries of one entrant.
    const owner = await db.kysely
      .selectFrom("entries")
      .select("owner_user_id")
      .where("status", "=", "submitted")
      .groupBy("owner_user_id")
      .having((eb) => eb.fn.countAll(), ">=", 2)
      .executeTakeFirstOrThrow();
    const entries = await db.kysely
      .selectFrom("entries as e")
      .select(["e.id", "e.season_id"])
      .where("e.owner_user_id", "=", owner.owner_user_id)
      .where("e.status", "=", "submitted")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("payment_entries as pe")
              .select("pe.entry_id")
              .whereRef("pe.entry_id", "=", "e.id")
              .where("pe.live", "=", 1),
          ),
        ),
      )
      .limit(2)
      .execute();
    expect(entries).toHaveLength(2);
    const id = randomUUID();
    const reference = "VXP26CRASH1".slice(0, 11);
    const at = new Date().toISOString();
    await db.kysely
      .insertInto("payments")
      .values({
        id,
        reference,
        season_id: Number(entries[0]!.season_id),
        owner_user_id: owner.owner_user_id,
        method: "vnpay",
        state: "pending",
        amount_vnd: 6_000_000,
        memo: reference,
        gateway_ref: reference,
        gateway_transaction: null,
        created_at: at,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        paid_at: null,
        updated_at: at,
      })
      .execute();
    await db.kysely
      .insertInto("payment_entries")
      .values(
        entries.map((e) => ({
          payment_id: id,
          entry_id: e.id,
          tier: "standard",
          fee_vnd: 3_000_000,
        })),
      )
      .execute();
    const query = ipnQuery(reference, 6_000_000);

    // Dies before settling: no answer, nothing changed.
    expect(await ipn(query)).toBeNull();
    expect(await server.exited).toBe("SIGKILL");
    const state = async () =>
      (
        await db!.kysely
          .selectFrom("payments")
          .select("state")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).state;
    expect(await state()).toBe("pending");

    // Dies after the commit, before answering: VNPay saw no answer, but the payment is paid.
    server = await start("after-settle");
    expect(await ipn(query)).toBeNull();
    expect(await server.exited).toBe("SIGKILL");
    expect(await state()).toBe("paid");
    expect(await confirmations(reference)).toBe(0);

    // The retry, on a healthy process: "already confirmed", nothing paid twice. The
    // confirmation email the dead process queued with the payment goes from this one.
    server = await start();
    expect(await ipn(query)).toEqual({ RspCode: "02", Message: "Order already confirmed" });
    const paidEvents = await db.kysely
      .selectFrom("payment_events")
      .select("id")
      .where("payment_id", "=", id)
      .where("to_state", "=", "paid")
      .execute();
    expect(paidEvents).toHaveLength(1);
    for (const entry of entries) {
      const moves = await db.kysely
        .selectFrom("entry_status_history")
        .select("id")
        .where("entry_id", "=", entry.id)
        .where("to_status", "=", "paid")
        .execute();
      expect(moves).toHaveLength(1);
    }
    await expect.poll(() => confirmations(reference), { timeout: 20_000 }).toBe(1);
    const waiting = await db.kysely.selectFrom("mail_retries").select("id").execute();
    expect(waiting).toEqual([]);
  }, 240_000);
});
