import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type Db } from "../../db/database";
import { DEMO_SETTINGS, seedDemoData } from "../../demo/demo-data";
import { createSettingsService } from "../settings/service";
import { startS3Emulator, type S3Emulator } from "../../test-support/s3-emulator";
import { createS3Storage } from "../storage/s3";
import { createMailer } from "./mailer";
import { listOutbox, readOutboxMessage } from "./outbox";
import { outboxFolder, outboxInStorage } from "./outbox-files";
import { createMailService, type MailService } from "./service";

const FROM = "Giải thưởng Vạn Xuân <no-reply@vanxuan-awards.example>";
const URL = "https://vanxuan-awards.example/tai-khoan/xac-nhan?token=tok_outbox_1&lang=vi";

describe("the outbox (no SMTP_URL)", () => {
  let dir: string;
  let outboxDir: string;
  let db: Db;
  let mail: MailService;
  const sent: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "vx-mail-outbox-"));
    outboxDir = path.join(dir, "outbox");
    db = openDatabase({ kind: "sqlite", file: path.join(dir, "app.db") });
    await migrateToLatest(db);
    await seedDemoData(db);
    mail = createMailService(
      { publicUrl: "http://localhost:3000", mail: { smtpUrl: null, from: FROM, outboxDir } },
      createSettingsService(db, () => {}),
    );
    // Five messages in quick succession: the outbox must keep their order.
    sent.push(
      await mail.sendVerification("nhung@example.vn", "vi", {
        name: "Nguyễn Thị Hồng Nhung",
        url: URL,
        expiresInHours: 24,
      }),
      await mail.sendWelcome("nhung@example.vn", "vi", {
        name: "Nguyễn Thị Hồng Nhung",
        url: "http://localhost:3000/tai-khoan",
      }),
      await mail.sendPasswordReset("jane@example.org", "en", {
        name: "Jane <b>Doe</b>",
        url: "http://localhost:3000/en/reset?token=tok_outbox_3",
        expiresAt: "2026-12-05T08:35:00.000Z",
      }),
      await mail.sendEmailChange("jane.new@example.org", "en", {
        name: "Jane Doe",
        url: "http://localhost:3000/en/confirm-email?token=tok_outbox_4",
        newEmail: "jane.new@example.org",
      }),
      await mail.sendVerification("last@example.org", "en", {
        name: "Last",
        url: "http://localhost:3000/en/verify?token=tok_outbox_5",
        expiresInHours: 1,
      }),
    );
  });
  afterAll(async () => {
    // Defensive: a failed setup must still remove its temp folder.
    mail?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is the transport when SMTP_URL is not set", () => {
    expect(mail.mode).toBe("outbox");
  });

  it("writes one .eml and one .json per message, readable by the app's user only, no temp files", () => {
    const names = readdirSync(outboxDir).sort();
    expect(names).toEqual(sent.flatMap((id) => [`${id}.eml`, `${id}.json`]).sort());
    for (const id of sent)
      expect(id).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{12}$/);
    for (const name of names) expect(statSync(path.join(outboxDir, name)).mode & 0o777).toBe(0o600);
  });

  it("keeps the complete message in the .eml: a mail client reads it as sent", async () => {
    const parsed = await simpleParser(await readFile(path.join(outboxDir, `${sent[0]}.eml`)));
    expect(parsed.subject).toBe("Xác nhận địa chỉ email của bạn – Giải thưởng Vạn Xuân");
    expect(parsed.messageId).toBe(`<${sent[0]}@vanxuan-awards.example>`);
    expect(parsed.html || "").toContain('<html lang="vi"');
    expect(parsed.html || "").toContain(`href="${URL.replace(/&/g, "&amp;")}"`);
    expect(parsed.text).toContain(URL);
    expect(parsed.text).toContain("Xin chào Nguyễn Thị Hồng Nhung,");
  });

  it("lists newest first, a page at a time, with the total", async () => {
    const newestFirst = [...sent].reverse();
    const first = await mail.listOutbox({ page: 1, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 2));
    expect((await mail.listOutbox({ page: 2, pageSize: 2 })).items.map((i) => i.id)).toEqual(
      newestFirst.slice(2, 4),
    );
    const last = await mail.listOutbox({ page: 3, pageSize: 2 });
    expect(last.items.map((i) => i.id)).toEqual(newestFirst.slice(4));
    expect((await mail.listOutbox({ page: 4, pageSize: 2 })).items).toEqual([]);

    expect(first.items[0]).toEqual({
      id: sent[4],
      messageId: `<${sent[4]}@vanxuan-awards.example>`,
      to: "last@example.org",
      from: FROM,
      subject: "Confirm your email address – Van Xuan Awards",
      template: "verification",
      lang: "en",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      sizes: { eml: expect.any(Number), html: expect.any(Number), text: expect.any(Number) },
    });
    const [newer, older] = first.items;
    expect(Date.parse(newer!.createdAt)).toBeGreaterThan(Date.parse(older!.createdAt));
  });

  it("clamps page and page size rather than failing", async () => {
    const all = await mail.listOutbox({ page: 0, pageSize: 1000 });
    expect(all).toMatchObject({ page: 1, pageSize: 100, total: 5 });
    expect(all.items).toHaveLength(5);
    expect(await mail.listOutbox({ page: Number.NaN, pageSize: -3 })).toMatchObject({
      page: 1,
      pageSize: 1,
    });
    expect((await mail.listOutbox()).items).toHaveLength(5);
  });

  it("opens one message with its decoded text and HTML, the same a mail parser reads", async () => {
    for (const id of sent) {
      const message = await mail.readOutboxMessage(id);
      const parsed = await simpleParser(await readFile(path.join(outboxDir, `${id}.eml`)));
      expect(message).not.toBeNull();
      expect(message!.id).toBe(id);
      expect(message!.subject).toBe(parsed.subject);
      expect(message!.html).toBe(parsed.html);
      expect(message!.text.trimEnd()).toBe(parsed.text?.trimEnd());
    }
    const reset = await mail.readOutboxMessage(sent[2]!);
    expect(reset!.text).toContain("http://localhost:3000/en/reset?token=tok_outbox_3");
    expect(reset!.html).toContain("Hello Jane &lt;b&gt;Doe&lt;/b&gt;,");
    expect(reset!.html).toContain(DEMO_SETTINGS.contactPhone);
    expect(reset!.sizes.eml).toBe(statSync(path.join(outboxDir, `${sent[2]}.eml`)).size);
    const welcome = await mail.readOutboxMessage(sent[1]!);
    expect(welcome!.text).toContain("Tại trang tài khoản, bạn có thể cập nhật hồ sơ");
  });

  it.each([
    "../outbox/x",
    "..",
    "../../etc/passwd",
    "/etc/passwd",
    "%2e%2e%2fapp.db",
    "",
    "2026-01-01T00-00-00.000Z-000000000000/../../app",
    "2026-01-01T00-00-00.000Z-000000000000",
  ])(
    "answers null for an id that is malformed, escapes the folder or does not exist: %j",
    async (id) => {
      expect(await mail.readOutboxMessage(id)).toBeNull();
    },
  );

  it("skips metadata it cannot read and files that are not messages", async () => {
    const other = mkdtempSync(path.join(dir, "other-"));
    const mailer = createMailer({ smtpUrl: null, from: FROM, outboxDir: other });
    const id = await mailer.send({
      to: "a@example.org",
      subject: "S",
      html: "<p>H</p>",
      text: "T",
    });
    writeFileSync(path.join(other, "2020-01-01T00-00-00.000Z-aaaaaaaaaaaa.json"), "{not json");
    writeFileSync(path.join(other, "notes.json"), "{}");
    writeFileSync(path.join(other, `.${id}.json.1234.tmp`), "{}");
    const page = await listOutbox(outboxFolder(other), {});
    expect(page.items.map((item) => item.id)).toEqual([id]);
    expect(page.items[0]).toMatchObject({ template: null, lang: null, subject: "S" });
    expect(await readOutboxMessage(outboxFolder(other), id)).toMatchObject({
      text: "T",
      html: "<p>H</p>",
    });
    mailer.close();
  });

  it("names the sender in each email's language when the configured sender is a bare address", async () => {
    const other = mkdtempSync(path.join(dir, "sender-"));
    const bare = createMailer({
      smtpUrl: null,
      from: "no-reply@vanxuan-awards.example",
      outboxDir: other,
    });
    const message = { subject: "S", html: "<p>H</p>", text: "T" };
    const viId = await bare.send({ ...message, to: "a@example.org", lang: "vi" });
    const enId = await bare.send({ ...message, to: "b@example.org", lang: "en" });
    const fromOf = async (id: string) =>
      (await simpleParser(await readFile(path.join(other, `${id}.eml`)))).from?.value[0];
    expect(await fromOf(viId)).toEqual({
      name: "Giải thưởng Vạn Xuân",
      address: "no-reply@vanxuan-awards.example",
    });
    expect(await fromOf(enId)).toEqual({
      name: "Van Xuan Awards",
      address: "no-reply@vanxuan-awards.example",
    });
    bare.close();
    // A sender the operator named keeps its name in every language.
    const named = createMailer({ smtpUrl: null, from: FROM, outboxDir: other });
    const namedId = await named.send({ ...message, to: "c@example.org", lang: "en" });
    expect((await fromOf(namedId))?.name).toBe("Giải thưởng Vạn Xuân");
    named.close();
  });

  it("refuses anything but one plain recipient address, writing nothing", async () => {
    const other = mkdtempSync(path.join(dir, "refused-"));
    const mailer = createMailer({ smtpUrl: null, from: FROM, outboxDir: other });
    for (const to of [
      "a@example.org, b@example.org",
      "Name <a@example.org>",
      "a@example.org\nBcc: b@x",
      "",
    ])
      await expect(mailer.send({ to, subject: "S", html: "H", text: "T" })).rejects.toThrow(
        /one plain email address/,
      );
    expect(readdirSync(other)).toEqual([]);
    expect(
      await mailer.send({ to: "nguyễn@ví-dụ.vn", subject: "S", html: "H", text: "T" }),
    ).toMatch(/Z-[0-9a-f]{12}$/);
  });

  it("lists nothing before the first message (no folder yet)", async () => {
    expect(
      await listOutbox(outboxFolder(path.join(dir, "missing")), { page: 1, pageSize: 20 }),
    ).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
    expect(await readOutboxMessage(outboxFolder(path.join(dir, "missing")), sent[0]!)).toBeNull();
  });
});

describe("the outbox in the shared storage (STORAGE_DRIVER=s3, several processes)", () => {
  let emulator: S3Emulator;
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    emulator = await startS3Emulator();
    dir = mkdtempSync(path.join(tmpdir(), "vx-mail-outbox-s3-"));
    db = openDatabase({ kind: "sqlite", file: path.join(dir, "app.db") });
    await migrateToLatest(db);
    await seedDemoData(db);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await emulator?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists and opens on one process what another filed, newest first, nothing on disk", async () => {
    // Two processes: each its own storage client and its own (unused) outbox folder.
    const processes = ["a", "b"].map((name) =>
      createMailService(
        {
          publicUrl: "http://localhost:3000",
          mail: { smtpUrl: null, from: FROM, outboxDir: path.join(dir, name, "outbox") },
        },
        createSettingsService(db, () => {}),
        undefined,
        outboxInStorage(createS3Storage(emulator.options)),
      ),
    );
    const [a, b] = processes as [MailService, MailService];
    expect(await b.listOutbox()).toMatchObject({ items: [], total: 0 });
    const first = await a.sendVerification("nhung@example.vn", "vi", {
      name: "Nguyễn Thị Hồng Nhung",
      url: URL,
      expiresInHours: 24,
    });
    const second = await b.sendWelcome("jane@example.org", "en", {
      name: "Jane",
      url: "http://localhost:3000/en/account",
    });
    for (const reader of [a, b]) {
      const page = await reader.listOutbox({ page: 1, pageSize: 20 });
      expect(page.items.map((item) => item.id)).toEqual([second, first]);
      expect(page.total).toBe(2);
      const message = await reader.readOutboxMessage(first);
      expect(message).toMatchObject({ to: "nhung@example.vn", template: "verification" });
      expect(message!.text).toContain(URL);
    }
    // An id that differs from the first message's in its last character only.
    const unknown = first.slice(0, -1) + (first.endsWith("0") ? "1" : "0");
    expect(await a.readOutboxMessage(unknown)).toBeNull();
    // The bucket holds both files of each message; the processes' folders were never made.
    const keys = await createS3Storage(emulator.options).list("outbox");
    expect(keys.sort()).toEqual(
      [first, second]
        .flatMap((id) => [
          `outbox/${id.replace(".", "_")}.eml`,
          `outbox/${id.replace(".", "_")}.json`,
        ])
        .sort(),
    );
    expect(existsSync(path.join(dir, "a"))).toBe(false);
    expect(existsSync(path.join(dir, "b"))).toBe(false);
    for (const mail of processes) mail.close();
  });
});
