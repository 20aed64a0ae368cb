import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Lang } from "../../../core/languages";
import type { Config } from "../../config";
import { migrateToLatest, openDatabase, type Db } from "../../db/database";
import { DEMO_SETTINGS, seedDemoData } from "../../demo/demo-data";
import { createSettingsService } from "../settings/service";
import type { MailLogger } from "./mailer";
import { createMailService, type MailService } from "./service";
import type { EmailTemplate } from "./templates";
import { SUBJECTS } from "../../test-support/email-subjects";

// The mailer accepts the app's own logger (pino, through Fastify).
const fastifyLoggerFits: FastifyBaseLogger extends MailLogger ? true : false = true;

const FROM = "Giải thưởng Vạn Xuân <no-reply@vanxuan-awards.example>";
const TOKEN = "tok_9f8e7d6c5b4a39281706";
const NAME = "Nguyễn Thị Hồng Nhung";

/** A real SMTP server on loopback that keeps every message it accepts. */
async function startReceiver() {
  const received: { rcptTo: string[]; raw: Buffer }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("refused@"))
        callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function recordingLogger() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const logger: MailLogger = {
    info: (obj, msg) => lines.push({ level: "info", obj, msg }),
    warn: (obj, msg) => lines.push({ level: "warn", obj, msg }),
    error: (obj, msg) => lines.push({ level: "error", obj, msg }),
  };
  return { lines, logger };
}

function address(value: AddressObject | AddressObject[] | undefined) {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.value[0];
}

/** Sends one template through the service's own method, as the identity module will. */
function sendWith(
  mail: MailService,
  template: EmailTemplate,
  to: string,
  lang: Lang,
  name: string,
) {
  const prefix = lang === "en" ? "/en" : "";
  const url = `https://vanxuan-awards.example${prefix}/tai-khoan/xac-nhan?token=${TOKEN}&lang=${lang}`;
  switch (template) {
    case "verification":
      return { url, sent: mail.sendVerification(to, lang, { name, url, expiresInHours: 24 }) };
    case "passwordReset":
      return {
        url,
        sent: mail.sendPasswordReset(to, lang, { name, url, expiresAt: new Date().toISOString() }),
      };
    case "emailChange":
      return { url, sent: mail.sendEmailChange(to, lang, { name, url, newEmail: to }) };
    case "emailChanged":
      return {
        url,
        sent: mail.sendEmailChanged(to, lang, { name, url, newEmail: "nhung.moi@example.vn" }),
      };
    case "welcome":
      return { url, sent: mail.sendWelcome(to, lang, { name, url }) };
    case "entryReceipt":
      return {
        url,
        sent: mail.sendEntryReceipt(to, lang, {
          name,
          url,
          code: "VX26-TVC-0042",
          title: "Tết sum vầy",
          category: "Chiến dịch",
          submittedAt: "01/09/2026",
          deadline: "31/12/2026",
        }),
      };
    case "entryStatusChanged":
      return {
        url,
        sent: mail.sendEntryStatusChanged(to, lang, {
          name,
          url,
          code: "VX26-TVC-0042",
          title: "Tết sum vầy",
          status: "needs_changes",
          reason: "Bổ sung bản cam kết bản quyền có chữ ký.",
          editableUntil: { at: "2026-12-20T16:59:59.000Z", by: "changesDue" },
        }),
      };
    case "staffInvitation":
      return {
        url,
        sent: mail.sendStaffInvitation(to, lang, { name, url, role: "editor", expiresInHours: 72 }),
      };
    case "registrationAttempt":
      return {
        url,
        sent: mail.send("registrationAttempt", to, lang, {
          name,
          url,
          resetUrl: `https://vanxuan-awards.example${prefix}/quen-mat-khau`,
        }),
      };
    case "paymentConfirmed":
      return {
        url,
        sent: mail.send("paymentConfirmed", to, lang, {
          name,
          url,
          reference: "VXP26K7M3QZ",
          amount: lang === "en" ? "VND 6,000,000" : "6.000.000 ₫",
          entryCodes: "VX26-TVC-0042, VX26-TVC-0043",
          paidAt: "02/09/2026",
        }),
      };
    case "paymentRefunded":
      return {
        url,
        sent: mail.send("paymentRefunded", to, lang, {
          name,
          url,
          reference: "VXP26K7M3QZ",
          amount: lang === "en" ? "VND 6,000,000" : "6.000.000 ₫",
          refundedAt: "05/09/2026",
          reason: "Chuyển khoản trùng hai lần.",
          entries: [{ code: "VX26-TVC-0042", title: "Tết sum vầy", status: "Đã nộp" }],
        }),
      };
    case "judgeCode":
      return {
        url,
        sent: mail.send("judgeCode", to, lang, {
          name,
          url,
          judgeCode: "K7M3-QZ9P-4XWB-2HTR-8NDC",
          season: "2026",
        }),
      };
    case "entryFileNotJudgeable":
      return {
        url,
        sent: mail.send("entryFileNotJudgeable", to, lang, {
          name,
          url,
          code: "VX26-TVC-0042",
          title: "Tết sum vầy",
          field:
            lang === "en" ? "Idea article (Vietnamese)" : "Bài giới thiệu ý tưởng (tiếng Việt)",
          fileName: "y-tuong.pdf",
          problem: "encrypted",
        }),
      };
  }
}

describe("mail over SMTP", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let dir: string;
  let db: Db;
  let mail: MailService;
  let log: ReturnType<typeof recordingLogger>;
  let mailConfig: Config["mail"];

  beforeAll(async () => {
    receiver = await startReceiver();
    dir = mkdtempSync(path.join(tmpdir(), "vx-mail-smtp-"));
    db = openDatabase({ kind: "sqlite", file: path.join(dir, "app.db") });
    await migrateToLatest(db);
    await seedDemoData(db);
    mailConfig = { smtpUrl: receiver.url, from: FROM, outboxDir: path.join(dir, "outbox") };
  });
  beforeEach(() => {
    receiver.received.length = 0;
    log = recordingLogger();
    mail = createMailService(
      { publicUrl: "https://vanxuan-awards.example", mail: mailConfig },
      createSettingsService(db, () => {}),
      log.logger,
    );
  });
  afterAll(async () => {
    // Defensive: a failed setup must still remove its temp folder.
    mail?.close();
    await receiver?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is the transport when SMTP_URL is set", () => {
    expect(fastifyLoggerFits).toBe(true);
    expect(mail.mode).toBe("smtp");
  });

  describe.each(["vi", "en"] as const)("in %s", (lang) => {
    it.each(Object.keys(SUBJECTS) as EmailTemplate[])(
      "delivers %s with its link, language and footer intact",
      async (template) => {
        const to = `nhung.${template.toLowerCase()}@example.vn`;
        const { url, sent } = sendWith(mail, template, to, lang, NAME);
        const id = await sent;

        expect(receiver.received).toHaveLength(1);
        const delivered = receiver.received[0]!;
        expect(delivered.rcptTo).toEqual([to]);
        const parsed: ParsedMail = await simpleParser(delivered.raw);

        expect(parsed.subject).toBe(SUBJECTS[template][lang]);
        expect(address(parsed.from)).toEqual({
          address: "no-reply@vanxuan-awards.example",
          name: "Giải thưởng Vạn Xuân",
        });
        expect(address(parsed.to)?.address).toBe(to);
        expect(address(parsed.replyTo)?.address).toBe(DEMO_SETTINGS.contactEmail);
        expect(parsed.messageId).toBe(`<${id}@vanxuan-awards.example>`);
        expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");

        const html = parsed.html || "";
        const text = parsed.text ?? "";
        expect(html).toMatch(new RegExp(`<html lang="${lang}"`));
        expect(html).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
        expect(text).toContain(url);
        // UTF-8 end to end: Vietnamese diacritics survive the encoding and the wire.
        expect(text).toContain(`${lang === "vi" ? "Xin chào" : "Hello"} ${NAME},`);
        expect(html).toContain(NAME);
        // The footer from the site settings, with the site in the recipient's language.
        const website = `https://vanxuan-awards.example${lang === "en" ? "/en" : "/"}`;
        for (const body of [text, html]) {
          expect(body).toContain(DEMO_SETTINGS.contactEmail);
          expect(body).toContain(DEMO_SETTINGS.contactPhone);
          expect(body).toContain(website);
        }
        if (lang === "vi")
          expect(text).toContain("Ban Tổ chức Giải thưởng Sáng tạo Quảng cáo Vạn Xuân");

        // Logged: who and what; never the body, which carries the token.
        expect(log.lines).toEqual([
          {
            level: "info",
            msg: "mail sent",
            obj: expect.objectContaining({ mailId: id, to, template, lang, transport: "smtp" }),
          },
        ]);
        expect(JSON.stringify(log.lines)).not.toContain(TOKEN);
      },
    );

    it("escapes a hostile name in the HTML part", async () => {
      const hostile = "<script>alert(1)</script>";
      await sendWith(mail, "verification", "hostile@example.vn", lang, hostile).sent;
      const parsed = await simpleParser(receiver.received[0]!.raw);
      const html = parsed.html || "";
      expect(html).not.toContain("<script");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(parsed.text).toContain(hostile);
    });
  });

  it("rejects when the server refuses the recipient, and logs that without the body", async () => {
    await expect(
      sendWith(mail, "passwordReset", "refused@example.vn", "vi", NAME).sent,
    ).rejects.toThrow(/550|mailbox unavailable/);
    expect(receiver.received).toHaveLength(0);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ level: "error", msg: "mail not sent" });
    expect(log.lines[0]!.obj).toMatchObject({
      to: "refused@example.vn",
      template: "passwordReset",
    });
    expect(JSON.stringify(log.lines)).not.toContain(TOKEN);
  });

  it("writes nothing to the outbox", () => {
    expect(existsSync(mailConfig.outboxDir)).toBe(false);
  });
});
