import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatVnd } from "../core/dates";
import { catalogText } from "../core/i18n/lookup";
import { DEFAULT_STATEMENT_MAPPING, STATEMENT_MAX_BYTES } from "../core/statement";
import { signedInApp } from "./test-support/signed-in-app";
import { TEST_ORIGIN, type Who } from "./test-support/sign-in";
import { insertSubmittedEntries } from "./test-support/demo-catalogue";
import { text } from "./test-support/text";

// Finance's payment pages over HTTP against the production build: the list's date filter and
// pages, a payment matched from a bank statement or paid short, the statement import's
// refusals, and the pages' main buttons styled as such.
const ENTRANT = "payadmin-entrant@example.vn";
const FINANCE = "payadmin-finance@vanxuan-awards.example";
const office = signedInApp({
  staffEmail: (role) => `payadmin-${role.replace("_", "-")}@vanxuan-awards.example`,
  entrant: { email: ENTRANT, fullName: "Thí Sinh Đối Soát" },
});

const get = (url: string, who: Who = "finance") =>
  office.request("GET", url, { cookie: office.cookies.get(who) });

/** The next entry code of this file's entries: one each, never drawn twice. */
let nextCode = 8000;

/** A submitted entry of the signed-in entrant in the demo 2026 TVC category, paid for by a transfer. */
async function pendingTransfer() {
  const db = office.db.kysely;
  const [id] = await insertSubmittedEntries(db, ENTRANT, [
    {
      code: `VX26-TVC-${nextCode++}`,
      brandName: "Trà Xanh",
      campaignName: "Tết sum vầy",
    },
  ]);
  const user = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", ENTRANT)
    .executeTakeFirstOrThrow();
  const created = await office.app.services.payments.create(
    user.id,
    { entryIds: [id!], method: "vietqr" },
    { ip: "127.0.0.1", lang: "vi" },
  );
  if (!created.ok) throw new Error(`create refused: ${JSON.stringify(created)}`);
  return created.payment;
}

async function financeActor() {
  const user = await office.db.kysely
    .selectFrom("user")
    .select(["id", "name", "email"])
    .where("email", "=", FINANCE)
    .executeTakeFirstOrThrow();
  return { id: user.id, email: user.email, name: user.name, role: "finance" as const };
}

/** A CSV of these rows, every cell quoted. */
const csvRows = (rows: string[][]) =>
  Buffer.from(rows.map((row) => row.map((cell) => `"${cell}"`).join(",")).join("\n"));

/** A statement in the layout of the default mapping (debit and credit amounts apart). */
const csvOf = (lines: string[][]) =>
  csvRows([
    ["Ngày giao dịch", "Số tiền ghi nợ", "Số tiền ghi có", "Nội dung", "Số tham chiếu"],
    ...lines,
  ]);

/** The statements page in `lang`. */
const statementsPath = (lang: "vi" | "en") =>
  lang === "en" ? "/en/quan-tri/thanh-toan/sao-ke" : "/quan-tri/thanh-toan/sao-ke";

/** The statements page's import form, sent as a browser sends it (multipart). */
function postStatement(
  file: { name: string; bytes: Buffer },
  url = "/quan-tri/thanh-toan/sao-ke",
  mapping: Partial<typeof DEFAULT_STATEMENT_MAPPING> = {},
) {
  const boundary = `----vx${randomUUID().replaceAll("-", "")}`;
  const fields: [string, string][] = [
    ["intent", "import"],
    ...Object.entries({ ...DEFAULT_STATEMENT_MAPPING, ...mapping }),
  ];
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return office.app.fastify.inject({
    method: "POST",
    url,
    headers: {
      host: "localhost:3000",
      origin: TEST_ORIGIN,
      cookie: office.cookies.get("finance")!,
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

describe("finance's payment pages over HTTP", () => {
  it("names the date the list filters by, refuses a range ending before it starts, and stays within its pages", async () => {
    const list = await get("/quan-tri/thanh-toan");
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain("Ngày tạo từ");
    expect(list.body).toContain("Ngày tạo đến");
    expect(list.body).toMatch(/<button type="submit" class="button button--primary">Lọc<\/button>/);
    expect(list.body).toMatch(/class="button button--primary button--small"[^>]*>Nhập sao kê/);

    const reversed = await get("/quan-tri/thanh-toan?from=20/11/2026&to=01/11/2026");
    expect(reversed.statusCode).toBe(200);
    expect(reversed.body).toContain("Ngày kết thúc phải bằng hoặc sau ngày bắt đầu.");
    const reversedEn = await get("/en/quan-tri/thanh-toan?from=20/11/2026&to=01/11/2026");
    expect(reversedEn.body).toContain("Created from");
    expect(reversedEn.body).toContain("The end date must be on or after the start date.");

    const beyond = await get("/quan-tri/thanh-toan?page=99");
    const [, page, pageCount] = /Trang (\d+)\/(\d+)/.exec(beyond.body) ?? [];
    expect(page).toBeDefined();
    expect(page).toBe(pageCount);
    expect(beyond.body).not.toContain("Trang 99/");
  });

  it("offers the seasons that exist in its season filter, the current one chosen", async () => {
    const db = office.db.kysely;
    const years = (
      await db.selectFrom("seasons").select("year").orderBy("year", "desc").execute()
    ).map((row) => Number(row.year));
    const { currentSeasonYear } = await office.app.services.settings.get();
    const optionsOf = (html: string) => {
      const select = /<select[^>]*name="season"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
      return [...select.matchAll(/<option value="(\d+)"( selected="")?>/g)].map((m) => ({
        year: Number(m[1]),
        selected: m[2] !== undefined,
      }));
    };
    const list = await get("/quan-tri/thanh-toan");
    expect(list.body).not.toContain('type="number" name="season"');
    expect(optionsOf(list.body)).toEqual(
      years.map((year) => ({ year, selected: year === currentSeasonYear })),
    );
    // Another season chosen stays chosen; a year the schema cannot read lists the current one.
    const other = years.find((year) => year !== currentSeasonYear);
    if (other !== undefined) {
      const chosen = await get(`/quan-tri/thanh-toan?season=${other}`);
      expect(optionsOf(chosen.body).find((o) => o.selected)?.year).toBe(other);
    }
    const unread = await get("/quan-tri/thanh-toan?season=20x6");
    expect(optionsOf(unread.body).find((o) => o.selected)?.year).toBe(currentSeasonYear);
    // A season that does not exist is named as such, not shown as an empty list.
    const missing = await get("/quan-tri/thanh-toan?season=2099");
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain("Không có mùa giải 2099.");
    expect(missing.body).not.toContain("Không có khoản thanh toán nào khớp bộ lọc.");
  });

  it("shows a statement's match as the bank statement's, with its day as DD/MM/YYYY", async () => {
    const payment = await pendingTransfer();
    const pending = await get(`/quan-tri/thanh-toan/${payment.id}`);
    expect(pending.body).toMatch(/class="button button--primary"[^>]*>Xác nhận đã nhận tiền/);

    const actor = await financeActor();
    const imported = await office.app.services.payments.importStatement(actor, {
      fileName: "stmt1.csv",
      bytes: csvOf([
        ["29/08/2026", "", payment.amountVnd.toLocaleString("vi-VN"), payment.memo, "FT1"],
      ]),
      mapping: DEFAULT_STATEMENT_MAPPING,
    });
    expect(imported).toMatchObject({ ok: true, summary: { matched: 1 } });
    const page = await get(`/quan-tri/thanh-toan/${payment.id}`);
    expect(page.body).toContain(`Sao kê ngân hàng (nhập bởi ${actor.name})`);
    expect(page.body).toContain("stmt1.csv · 29/08/2026");
    expect(page.body).not.toContain("2026-08-29");
    const en = await get(`/en/quan-tri/thanh-toan/${payment.id}`);
    expect(en.body).toContain(`Bank statement (imported by ${actor.name})`);
  });

  it("shows staff what came in for a transfer paid short, and what is missing", async () => {
    const payment = await pendingTransfer();
    const actor = await financeActor();
    const short = payment.amountVnd - 300_000;
    await office.app.services.payments.importStatement(actor, {
      fileName: "stmt2.csv",
      bytes: csvOf([["28/08/2026", "", short.toLocaleString("vi-VN"), payment.memo, "FT2"]]),
      mapping: DEFAULT_STATEMENT_MAPPING,
    });
    const line = (await office.app.services.payments.openStatementLines()).find(
      (l) => l.paymentReference === payment.reference,
    )!;
    const resolved = await office.app.services.payments.resolveStatementLine(actor, line.id, {
      action: "pay",
      reference: payment.reference,
      note: "Khách chuyển thiếu",
    });
    expect(resolved).toMatchObject({ ok: true });
    const page = await get(`/quan-tri/thanh-toan/${payment.id}`);
    expect(page.body).toContain("Số tiền đã nhận");
    expect(page.body).toMatch(
      /data-testid="payment-received">2\.700\.000|data-testid="payment-received">[\d.]+/,
    );
    expect(page.body).toContain("Còn thiếu");
    expect(page.body).toMatch(/data-testid="payment-shortfall">300\.000/);
  });

  it("shows a refunded entry as refunded on its staff page, as the entries table does", async () => {
    const payment = await pendingTransfer();
    const actor = await financeActor();
    const paid = await office.app.services.payments.confirm(actor, payment.id, {
      stateVersion: payment.stateVersion,
    });
    if (!paid.ok) throw new Error("confirm refused");
    await office.app.services.payments.refund(actor, payment.id, {
      stateVersion: paid.payment.stateVersion,
      reason: "Nộp trùng",
    });
    const entryPage = await get(`/quan-tri/bai-du-thi/${payment.entries[0]!.entryId}`);
    expect(entryPage.statusCode).toBe(200);
    expect(entryPage.body).toMatch(/<dt>Thanh toán<\/dt><dd>Đã hoàn tiền<\/dd>/);
  });

  it("shows the entrant of a transfer paid short what came in and what is still owed", async () => {
    const payment = await pendingTransfer();
    const actor = await financeActor();
    const short = payment.amountVnd - 300_000;
    await office.app.services.payments.importStatement(actor, {
      fileName: "stmt3.csv",
      bytes: csvOf([["27/08/2026", "", short.toLocaleString("vi-VN"), payment.memo, "FT3"]]),
      mapping: DEFAULT_STATEMENT_MAPPING,
    });
    const line = (await office.app.services.payments.openStatementLines()).find(
      (l) => l.paymentReference === payment.reference,
    )!;
    await office.app.services.payments.resolveStatementLine(actor, line.id, {
      action: "pay",
      reference: payment.reference,
      note: "Khách chuyển thiếu",
    });
    const vi = await get(`/nop-bai-du-thi/thanh-toan/${payment.reference}`, "entrant");
    expect(vi.statusCode).toBe(200);
    expect(vi.body).toContain("Số tiền đã nhận");
    expect(vi.body).toMatch(
      new RegExp(`data-testid="payment-received">${short.toLocaleString("vi-VN")}`),
    );
    expect(vi.body).toContain("Còn thiếu");
    expect(vi.body).toMatch(/data-testid="payment-shortfall">300\.000/);
    const en = await get(`/en/nop-bai-du-thi/thanh-toan/${payment.reference}`, "entrant");
    expect(en.body).toContain("Amount received");
    expect(en.body).toContain("Still owed");
    expect(en.body).toMatch(/data-testid="payment-shortfall">[^<]*300,000/);
  });

  it("warns before refunding a payment whose VAT invoice was issued, and the VAT list shows it refunded", async () => {
    const payment = await pendingTransfer();
    const actor = await financeActor();
    const paid = await office.app.services.payments.confirm(actor, payment.id, {
      stateVersion: payment.stateVersion,
    });
    if (!paid.ok) throw new Error("confirm refused");
    const at = "2026-09-01T03:00:00.000Z";
    const vat = await office.db.kysely
      .insertInto("vat_requests")
      .values({
        payment_id: payment.id,
        company_name: "Công ty Trà Xanh",
        tax_code: "0101234567",
        address: "1 Tràng Tiền, Hà Nội",
        email: "ketoan@traxanh.example",
        state: "requested",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const issued = await office.app.services.payments.issueVat(actor, Number(vat.id), {
      invoiceNumber: "HD-0042",
    });
    expect(issued).toMatchObject({ ok: true });

    const page = await get(`/quan-tri/thanh-toan/${payment.id}`);
    expect(page.body).toMatch(/data-testid="refund-vat-warning"[^>]*>[^<]*HD-0042/);
    // Its entry waits to be screened: a refund hands it back, nothing to warn about.
    expect(page.body).not.toContain('data-testid="refund-entries-warning"');
    expect(page.body).toContain("hóa đơn điều chỉnh hoặc huỷ hóa đơn");
    const en = await get(`/en/quan-tri/thanh-toan/${payment.id}`);
    expect(en.body).toContain("an adjusting or cancelling invoice");

    await office.app.services.payments.refund(actor, payment.id, {
      stateVersion: paid.payment.stateVersion,
      reason: "Nộp trùng",
    });
    const list = await get(`/quan-tri/thanh-toan/hoa-don-vat?q=${payment.reference}`);
    expect(list.body).toContain("Thanh toán");
    expect(list.body).toMatch(
      new RegExp(
        `${payment.reference}[\\s\\S]*data-testid="vat-payment-state"><span[^>]*>Đã hoàn tiền`,
      ),
    );
    const listEn = await get(`/en/quan-tri/thanh-toan/hoa-don-vat?q=${payment.reference}`);
    expect(listEn.body).toMatch(/data-testid="vat-payment-state"><span[^>]*>Refunded/);
    expect(listEn.body).toContain("an adjusting or cancelling invoice is needed");
  });

  it("warns before refunding a payment whose entry was screened in: it stays in the competition", async () => {
    const payment = await pendingTransfer();
    const actor = await financeActor();
    const paid = await office.app.services.payments.confirm(actor, payment.id, {
      stateVersion: payment.stateVersion,
    });
    if (!paid.ok) throw new Error("confirm refused");
    const entry = paid.payment.entries[0]!;
    await office.db.kysely
      .updateTable("entries")
      .set({ status: "accepted" })
      .where("id", "=", entry.entryId)
      .execute();
    const warning = (body: string) =>
      /data-testid="refund-entries-warning"[^>]*>([^<]*)</.exec(body)?.[1];
    const vi = await get(`/quan-tri/thanh-toan/${payment.id}`);
    expect(warning(vi.body)).toBe(
      `Hoàn tiền không rút bài khỏi cuộc thi: ${entry.code} đã qua vòng xét duyệt (hoặc đang chờ sửa) và vẫn được chấm. Nếu bài không còn dự thi, hãy chuyển bài sang “Đã rút” trên trang bài dự thi.`,
    );
    // The entries table says where each entry stands.
    expect(vi.body).toMatch(
      new RegExp(
        `${entry.code}</a></th>(<td>[^<]*</td>){2}<td>${catalogText("vi", "entry.status.accepted")}</td>`,
      ),
    );
    const en = await get(`/en/quan-tri/thanh-toan/${payment.id}`);
    expect(warning(en.body)).toContain(`${entry.code} has been screened in`);
    expect(warning(en.body)).toContain("withdraw it on its entry page");

    // Refunded, the entry keeps its status: it is still judged, as the warning said.
    const refunded = await office.app.services.payments.refund(actor, payment.id, {
      stateVersion: paid.payment.stateVersion,
      reason: "Ban Tổ chức miễn phí",
    });
    expect(refunded).toMatchObject({ ok: true });
    const after = await office.db.kysely
      .selectFrom("entries")
      .select("status")
      .where("id", "=", entry.entryId)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("accepted");
  });

  it("offers no invoice form for a refunded payment's waiting request", async () => {
    const payment = await pendingTransfer();
    const actor = await financeActor();
    const paid = await office.app.services.payments.confirm(actor, payment.id, {
      stateVersion: payment.stateVersion,
    });
    if (!paid.ok) throw new Error("confirm refused");
    const at = "2026-09-02T03:00:00.000Z";
    await office.db.kysely
      .insertInto("vat_requests")
      .values({
        payment_id: payment.id,
        company_name: "Công ty Cà Phê Sữa",
        tax_code: "0100233488",
        address: "2 Lý Thái Tổ, Hà Nội",
        email: "ketoan@caphe.example",
        state: "requested",
        created_at: at,
        updated_at: at,
      })
      .execute();
    const before = await get(`/quan-tri/thanh-toan/hoa-don-vat?q=${payment.reference}`);
    expect(before.body).toContain('name="invoiceNumber"');
    await office.app.services.payments.refund(actor, payment.id, {
      stateVersion: paid.payment.stateVersion,
      reason: "Nộp trùng",
    });
    const after = await get(`/quan-tri/thanh-toan/hoa-don-vat?q=${payment.reference}`);
    expect(after.body).toContain("không xuất hóa đơn cho yêu cầu này");
    expect(after.body).not.toContain('name="invoiceNumber"');
  });

  it("says a transfer came for a payment already cancelled, and offers the next step", async () => {
    const payment = await pendingTransfer();
    const entrant = await office.db.kysely
      .selectFrom("user")
      .select(["id", "name"])
      .where("email", "=", ENTRANT)
      .executeTakeFirstOrThrow();
    const cancelled = await office.app.services.payments.cancelForEntrant(
      entrant,
      payment.reference,
    );
    expect(cancelled).toMatchObject({ ok: true });
    const imported = await postStatement({
      name: "saoke-huy.csv",
      bytes: csvOf([
        ["26/08/2026", "", payment.amountVnd.toLocaleString("vi-VN"), payment.memo, "FT6"],
      ]),
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.body).toMatch(/data-testid="statement-lapsed-summary"[^>]*>[^<]*1 dòng/);
    expect(imported.body).toContain("đã bị huỷ trước khi tiền về");
    expect(imported.body).toContain(`href="/quan-tri/thanh-toan/${payment.id}"`);
    expect(imported.body).toContain(`href="/quan-tri/thanh-toan?q=${encodeURIComponent(ENTRANT)}"`);
    const en = await get("/en/quan-tri/thanh-toan/sao-ke");
    expect(en.body).toContain("was cancelled before the money came");

    const actor = await financeActor();
    const line = (await office.app.services.payments.openStatementLines()).find(
      (l) => l.paymentReference === payment.reference,
    )!;
    const paid = await office.app.services.payments.resolveStatementLine(actor, line.id, {
      action: "pay",
      reference: payment.reference,
      note: "",
    });
    expect(paid).toMatchObject({
      ok: false,
      fieldErrors: { reference: "paymentCore.statement.paymentLapsed" },
    });
  });

  it("tells a PDF from a statement and lists the columns of a file whose headers differ", async () => {
    const statements = await get("/quan-tri/thanh-toan/sao-ke");
    expect(statements.body).toMatch(/class="button button--primary"[^>]*>Nhập và đối soát/);

    const pdf = await postStatement({
      name: "saoke.pdf",
      bytes: Buffer.concat([Buffer.from("%PDF-1.7\n%"), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3])]),
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.body).toContain("Tệp này không phải CSV hoặc XLSX");
    expect(pdf.body).not.toContain("UTF-8");

    const wrong = await postStatement({
      name: "saoke.csv",
      bytes: Buffer.from('"Ngày","Có","Diễn giải","Mã GD"\n"29/08/2026","1.000.000","ck","FT9"\n'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("Các cột có trong tệp: Ngày, Có, Diễn giải, Mã GD.");
  });

  it("refuses a statement dated after today and names the date under the date column", async () => {
    // Month first: 09/12 read day first is 9 December, after the test clock's 01/09/2026.
    const file = csvOf([["09/12/2026", "", "1.000.000", "VXP26QQQQQQ ck", "FT-MDY"]]);
    const refused = await postStatement({ name: "saoke-mdy.csv", bytes: file });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(
      /<p id="map-dateColumn-error" class="field__error">Tệp có dòng mang ngày 09\/12\/2026, sau hôm nay/,
    );
    const english = await postStatement(
      { name: "saoke-mdy.csv", bytes: file },
      "/en/quan-tri/thanh-toan/sao-ke",
    );
    expect(english.body).toContain("The file has a line dated 09/12/2026, after today");
  });

  it("lists the credit rows it could not date, row by row, and says which dates it reads", async () => {
    for (const lang of ["vi", "en"] as const) {
      const page = await get(statementsPath(lang));
      expect(page.body).toContain(text(lang, "paymentAdmin.statements.dateColumnHint"));
    }
    // Row 1 is the header: the lines are rows 2 to 6.
    const file = csvOf([
      ["31/02/2026", "", "2.500.000", "CK NGAY SAI", "FT-ND-1"],
      ["2026-08-05", "", "2.600.000", "CK NGAY ISO", "FT-ND-2"],
      ["12/5/2026", "", "2.700.000", "CK NGAY NGAN", "FT-ND-3"],
      ["", "", "2.800.000", "CK KHONG NGAY", "FT-ND-4"],
      ["", "30.000", "", "phi", "FT-ND-5"],
    ]);
    for (const lang of ["vi", "en"] as const) {
      const imported = await postStatement(
        { name: "saoke-ngay.csv", bytes: file },
        statementsPath(lang),
      );
      expect(imported.statusCode).toBe(200);
      const listed = /data-testid="statement-not-imported"[\s\S]*?<\/section>/.exec(
        imported.body,
      )?.[0];
      expect(listed, lang).toBeDefined();
      expect(listed).toContain(
        text(lang, "paymentAdmin.statements.notImported.title_other", { count: 2 }),
      );
      const cells = [
        ...listed!.matchAll(
          /<tr><td>(\d+)<\/td><td>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g,
        ),
      ].map((m) => m.slice(1));
      expect(cells).toEqual([
        [
          "2",
          "31/02/2026",
          formatVnd(2_500_000, lang),
          "CK NGAY SAI",
          text(lang, "paymentAdmin.statements.notImported.reasons.dateUnreadable"),
        ],
        [
          "5",
          "—",
          formatVnd(2_800_000, lang),
          "CK KHONG NGAY",
          text(lang, "paymentAdmin.statements.notImported.reasons.dateMissing"),
        ],
      ]);
    }

    // No readable date at all: nothing imported, the rows listed, the date column named.
    const undated = await postStatement({
      name: "saoke-khong-ngay.csv",
      bytes: csvOf([["", "", "2.900.000", "CK CHUA CO NGAY", "FT-ND-6"]]),
    });
    expect(undated.statusCode).toBe(400);
    expect(undated.body).toContain(
      `<p id="map-dateColumn-error" class="field__error">${text("vi", "paymentCore.statement.noReadableDates")}`,
    );
    expect(undated.body).toMatch(/data-testid="statement-not-imported"[\s\S]*CK CHUA CO NGAY/);
  });

  it("reads a direction column: a debit naming a payment pays nothing, an unread direction is listed", async () => {
    for (const lang of ["vi", "en"] as const) {
      const page = await get(statementsPath(lang));
      expect(page.body).toContain(text(lang, "paymentAdmin.statements.directionColumn"));
      expect(page.body).toContain(text(lang, "paymentAdmin.statements.directionColumnHint"));
      expect(page.body).toMatch(
        /<input id="map-directionColumn"[^>]*aria-describedby="map-directionColumn-hint"/,
      );
    }
    const payment = await pendingTransfer();
    const file = csvRows([
      ["Ngày giao dịch", "Số tiền", "Nợ/Có", "Nội dung", "Số tham chiếu"],
      ["01/09/2026", String(payment.amountVnd), "DR", payment.memo, "FT-DR-1"],
      ["01/09/2026", "1.200.000", "?", "CK CHIEU LA", "FT-DR-2"],
    ]);
    const mapping = { amountColumn: "Số tiền", directionColumn: "Nợ/Có" };
    for (const lang of ["vi", "en"] as const) {
      const imported = await postStatement(
        { name: "saoke-no-co.csv", bytes: file },
        statementsPath(lang),
        mapping,
      );
      expect(imported.statusCode).toBe(400);
      const listed = /data-testid="statement-not-imported"[\s\S]*?<\/section>/.exec(
        imported.body,
      )?.[0];
      expect(listed, lang).toContain(
        text(lang, "paymentAdmin.statements.notImported.titleAny_one", { count: 1 }),
      );
      expect(listed).toContain("CK CHIEU LA");
      expect(listed).toContain(
        text(lang, "paymentAdmin.statements.notImported.reasons.directionUnreadable", {
          value: "?",
        }),
      );
      expect(listed).not.toContain(payment.reference);
      // The column named is kept in the form, its field told what to check.
      expect(imported.body).toMatch(/<input id="map-directionColumn"[^>]*value="Nợ\/Có"/);
      expect(imported.body).toContain('<p id="map-directionColumn-error" class="field__error">');
    }
    const state = await office.db.kysely
      .selectFrom("payments")
      .select("state")
      .where("id", "=", payment.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe("pending");
    const missing = await postStatement({ name: "saoke-no-co.csv", bytes: file }, undefined, {
      ...mapping,
      directionColumn: "Loại GD",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(
      `<p id="map-directionColumn-error" class="field__error">${text("vi", "paymentCore.statement.columnNotFound")}`,
    );
    expect(missing.body).toMatch(/<input id="map-directionColumn"[^>]*value="Loại GD"/);
  });

  it("refuses a file with a Nợ/Có column left unnamed, names the column under its field and keeps what was typed", async () => {
    const payment = await pendingTransfer();
    // A refund going out with the payment's reference and amount, in one shared amount column.
    const file = csvRows([
      ["Ngày giao dịch", "Số tiền", "Nợ/Có", "Nội dung", "Số tham chiếu"],
      ["01/09/2026", String(payment.amountVnd), "Nợ", payment.memo, "FT-UNM-HTTP-1"],
      ["01/09/2026", "1.300.000", "Có", "CK KHAC", "FT-UNM-HTTP-2"],
    ]);
    const mapping = { amountColumn: "Số tiền", directionColumn: "" };
    for (const lang of ["vi", "en"] as const) {
      const refused = await postStatement(
        { name: "saoke-chung.csv", bytes: file },
        statementsPath(lang),
        mapping,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(
        `<p id="map-directionColumn-error" class="field__error">${text(lang, "paymentCore.statement.directionColumnUnmapped", { column: "Nợ/Có" })}`,
      );
      expect(refused.body).toMatch(/<input id="map-directionColumn"[^>]*aria-invalid="true"/);
      expect(refused.body).toMatch(/<input id="map-amountColumn"[^>]*value="Số tiền"/);
      expect(refused.body).not.toContain('data-testid="statement-summary"');
    }
    expect(
      text("vi", "paymentCore.statement.directionColumnUnmapped", { column: "Nợ/Có" }),
    ).toContain("Tệp có cột “Nợ/Có”");
    expect(
      text("en", "paymentCore.statement.directionColumnUnmapped", { column: "Nợ/Có" }),
    ).toContain("The file has a column “Nợ/Có”");
    const state = await office.db.kysely
      .selectFrom("payments")
      .select("state")
      .where("id", "=", payment.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe("pending");
    const lines = await office.db.kysely
      .selectFrom("statement_lines")
      .select("id")
      .where("bank_ref", "like", "FT-UNM-HTTP-%")
      .execute();
    expect(lines).toEqual([]);
  });

  it("answers a statement over the size limit sent without JavaScript with the page, its field told and the columns kept", async () => {
    const mapping = { amountColumn: "Số tiền vào", directionColumn: "Loại GD" };
    // Just over the limit, and well over it (a whole year's export, say).
    for (const size of [STATEMENT_MAX_BYTES + 1, 3 * STATEMENT_MAX_BYTES]) {
      for (const lang of ["vi", "en"] as const) {
        const refused = await postStatement(
          { name: "saoke-ca-nam.csv", bytes: Buffer.alloc(size, 0x41) },
          statementsPath(lang),
          mapping,
        );
        expect(refused.statusCode, `${size} ${lang}`).toBe(413);
        expect(refused.headers["content-type"]).toMatch(/^text\/html/);
        expect(refused.body).toContain(
          `<p id="statement-file-error" class="field__error">${text(lang, "paymentCore.statement.fileTooLarge")}</p>`,
        );
        expect(refused.body).toMatch(/<input id="map-amountColumn"[^>]*value="Số tiền vào"/);
        expect(refused.body).toMatch(/<input id="map-directionColumn"[^>]*value="Loại GD"/);
        expect(refused.body).toMatch(/<input id="map-memoColumn"[^>]*value="Nội dung"/);
      }
    }
  });
});
