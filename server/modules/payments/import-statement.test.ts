import ExcelJS from "exceljs";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { dayInVietnam, formatDay, formatVnd } from "../../../core/dates";
import { DEFAULT_STATEMENT_MAPPING } from "../../../core/statement";
import { testDatabases } from "../../test-support/databases";
import { created, finance, paymentsTestbed, statuses, submittedEntries } from "./testbed";

const csvOf = (lines: string[][]) =>
  Buffer.from(
    "\uFEFFSAO KÊ TÀI KHOẢN,,,,\n" +
      [
        ["Ngày giao dịch", "Số tiền ghi nợ", "Số tiền ghi có", "Nội dung", "Số tham chiếu"],
        ...lines,
      ]
        .map((row) => row.map((cell) => `"${cell}"`).join(","))
        .join("\n"),
  );

describe.each(testDatabases())("bank statements on $name", (target) => {
  describe.skipIf(!target.available)("importing a statement", () => {
    const t = paymentsTestbed(target);

    it("pays exact matches once, lists the rest, and changes nothing when imported again", async () => {
      const [a, b] = await submittedEntries(t, 2);
      const { payment } = await created(t, [a!.id, b!.id]);
      const [c] = await submittedEntries(t, 1, t.bob);
      const other = await created(t, [c!.id], "vietqr", t.bob);
      const amount = payment.amountVnd.toLocaleString("vi-VN");
      const file = csvOf([
        ["01/09/2026", "", amount, `MBVCB.8812.${payment.memo}.CT tu 0011`, "FT2609021"],
        ["01/09/2026", "", "1.000.000", `${other.payment.reference} thieu tien`, "FT2609022"],
        ["01/09/2026", "", "500.000", "chuyen tien hoc phi", "FT2609023"],
        ["01/09/2026", "200.000", "", "phi ngan hang", "FT2609024"],
      ]);
      const first = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: file,
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(first).toMatchObject({
        ok: true,
        summary: { total: 3, alreadyImported: 0, matched: 1, partial: 1, unknown: 1 },
      });
      expect(await statuses(t, [a!.id, b!.id, c!.id])).toEqual(["paid", "paid", "submitted"]);
      const view = await t.services.payments.getForEntrant(t.alice, payment.reference);
      // The file and the day the bank booked it, as people write days here.
      expect(view?.events.at(-1)).toMatchObject({
        to: "paid",
        actorRole: "statement",
        reason: "saoke.csv · 01/09/2026",
      });

      const again = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: file,
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(again).toMatchObject({
        ok: true,
        summary: { total: 3, alreadyImported: 3, matched: 0 },
      });
      const paidEvents = view!.events.filter((e) => e.to === "paid");
      expect(paidEvents).toHaveLength(1);

      const open = await t.services.payments.openStatementLines();
      const partial = open.find((l) => l.paymentReference === other.payment.reference)!;
      expect(partial.outcome).toBe("partial");
      expect(await t.services.payments.statementMapping()).toEqual(DEFAULT_STATEMENT_MAPPING);

      const refusedNote = await t.services.payments.resolveStatementLine(finance(t), partial.id, {
        action: "ignore",
        note: "",
      });
      expect(refusedNote).toMatchObject({
        ok: false,
        fieldErrors: { note: "paymentCore.statement.noteRequired" },
      });
      const resolved = await t.services.payments.resolveStatementLine(finance(t), partial.id, {
        action: "pay",
        reference: other.payment.reference.toLowerCase(),
        note: "Khách chuyển thiếu, đã bù bằng tiền mặt",
      });
      expect(resolved).toMatchObject({ ok: true, outcome: "resolved" });
      expect(await statuses(t, [c!.id])).toEqual(["paid"]);
    });

    it("reads an XLSX export and says which columns it could not find", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Sao kê");
      sheet.addRow(["Ngày", "Có", "Diễn giải", "Mã GD"]);
      sheet.addRow([
        new Date("2026-08-31T03:00:00Z"),
        payment.amountVnd,
        `IBFT ${payment.reference}`,
        "FT99",
      ]);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const wrong = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.xlsx",
        bytes,
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(wrong).toMatchObject({
        ok: false,
        formError: "paymentCore.statement.columnsAre",
        fieldErrors: { dateColumn: "paymentCore.statement.columnNotFound" },
        // The columns the file has, so the person can type the right names.
        foundColumns: ["Ngày", "Có", "Diễn giải", "Mã GD"],
      });
      const mapping = {
        dateColumn: "Ngày",
        amountColumn: "Có",
        memoColumn: "Diễn giải",
        bankRefColumn: "Mã GD",
      };
      const done = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.xlsx",
        bytes,
        mapping,
      });
      expect(done).toMatchObject({ ok: true, summary: { total: 1, matched: 1 } });
      // No direction column named: remembered as none.
      expect(await t.services.payments.statementMapping()).toEqual({
        ...mapping,
        directionColumn: "",
      });
      const unreadable = await t.services.payments.importStatement(finance(t), {
        fileName: "x.pdf",
        bytes: Buffer.from("%PDF-1.7"),
        mapping,
      });
      expect(unreadable).toMatchObject({
        ok: false,
        fieldErrors: { file: "paymentCore.statement.fileType" },
      });
      // A real PDF and an Excel 97–2003 workbook are binary: not an encoding problem, the
      // wrong kind of file.
      for (const [fileName, head] of [
        [
          "saoke.pdf",
          [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x25, 0xe2, 0xe3, 0xcf, 0xd3],
        ],
        [
          "saoke.xls",
          [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00, 0x3e, 0x00, 0x03],
        ],
      ] as const) {
        const refused = await t.services.payments.importStatement(finance(t), {
          fileName,
          bytes: Buffer.concat([Buffer.from(head), Buffer.alloc(64, 0xff)]),
          mapping,
        });
        expect(refused, fileName).toMatchObject({
          ok: false,
          fieldErrors: { file: "paymentCore.statement.fileType" },
        });
      }
    });

    it("reads an XLSX laid out as banks do: a merged title, rich-text and decomposed headers, a totals row", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Sao kê");
      sheet.addRow(["NGÂN HÀNG TMCP NGOẠI THƯƠNG VIỆT NAM"]);
      sheet.mergeCells("A1:E1");
      sheet.addRow(["SAO KÊ TÀI KHOẢN / ACCOUNT STATEMENT"]);
      sheet.mergeCells("A2:E2");
      sheet.addRow([]);
      sheet.addRow([
        // A Mac or some banks write "à" as "a" and a combining mark; a header broken over two lines.
        "Ngày giao dịch".normalize("NFD"),
        "Số tiền ghi nợ",
        { richText: [{ text: "Số tiền " }, { font: { bold: true }, text: "ghi\ncó" }] },
        "Nội dung".normalize("NFD"),
        "Số tham chiếu",
      ]);
      sheet.addRow([
        new Date("2026-08-31T00:00:00Z"),
        null,
        payment.amountVnd,
        `IBFT ${payment.reference} chuyển tiền`.normalize("NFD"),
        "5213.001",
      ]);
      sheet.addRow([null, null, { formula: "SUM(C5:C5)", result: payment.amountVnd }, "Tổng cộng"]);
      const imported = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke-vcb.xlsx",
        bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      // The totals row is no transfer: neither a line nor a row "not imported".
      expect(imported).toMatchObject({
        ok: true,
        summary: { total: 1, matched: 1, unknown: 0, notImported: [] },
      });
      expect(await statuses(t, [a!.id])).toEqual(["paid"]);
    });

    it("pays a line's payment on the next import when the database failed while paying it", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      const file = csvOf([
        ["01/09/2026", "", String(payment.amountVnd), `IBFT ${payment.reference}`, "FT-FAIL-1"],
      ]);
      const mapping = DEFAULT_STATEMENT_MAPPING;
      // The database refuses the payment's event (a full disk, say) in the middle of the import.
      const postgres = t.db.kind === "postgres";
      const setUp = postgres
        ? [
            "CREATE FUNCTION refuse_event() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql",
            "CREATE TRIGGER refuse_event BEFORE INSERT ON payment_events FOR EACH ROW EXECUTE FUNCTION refuse_event()",
          ]
        : [
            "CREATE TRIGGER refuse_event BEFORE INSERT ON payment_events BEGIN SELECT RAISE(ABORT, 'disk full'); END",
          ];
      for (const statement of setUp) await sql.raw(statement).execute(t.db.kysely);
      await expect(
        t.services.payments.importStatement(finance(t), {
          fileName: "a.csv",
          bytes: file,
          mapping,
        }),
      ).rejects.toThrow(/disk full/);
      await sql
        .raw(postgres ? "DROP TRIGGER refuse_event ON payment_events" : "DROP TRIGGER refuse_event")
        .execute(t.db.kysely);
      expect(await statuses(t, [a!.id])).toEqual(["submitted"]);
      // The same file again: the line was not kept half-done, so it pays the payment now.
      const again = await t.services.payments.importStatement(finance(t), {
        fileName: "a.csv",
        bytes: file,
        mapping,
      });
      expect(again).toMatchObject({ ok: true, summary: { matched: 1, alreadyImported: 0 } });
      expect(await statuses(t, [a!.id])).toEqual(["paid"]);
    });

    it("keeps two identical lines of one file as two transfers, the second for a person", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      const amount = payment.amountVnd.toLocaleString("vi-VN");
      const twice = [
        ["30/08/2026", "", amount, `${payment.reference} VX26CCP0038`, ""],
        ["30/08/2026", "", amount, `${payment.reference} VX26CCP0038`, ""],
        ["30/08/2026", "", "500.000", "Chuyen khoan khong ma", ""],
        ["30/08/2026", "", "500.000", "Chuyen khoan khong ma", ""],
      ];
      const importFile = (lines: string[][]) =>
        t.services.payments.importStatement(finance(t), {
          fileName: "saoke.csv",
          bytes: csvOf(lines),
          mapping: DEFAULT_STATEMENT_MAPPING,
        });
      expect(await importFile(twice)).toMatchObject({
        ok: true,
        summary: { total: 4, alreadyImported: 0, matched: 1, partial: 1, unknown: 2 },
      });
      const open = await t.services.payments.openStatementLines();
      expect(open.filter((l) => l.memo === "Chuyen khoan khong ma")).toMatchObject([
        { outcome: "unknown" },
        { outcome: "unknown" },
      ]);
      // The second transfer names a payment already paid: it waits, said so, for a person.
      expect(open.filter((l) => l.paymentReference === payment.reference)).toMatchObject([
        { outcome: "partial", paymentState: "paid", paymentAmountVnd: payment.amountVnd },
      ]);
      expect(await importFile(twice)).toMatchObject({
        ok: true,
        summary: { total: 4, alreadyImported: 4, matched: 0, partial: 0, unknown: 0 },
      });
      // A later statement holding a third identical transfer brings that one only.
      expect(await importFile([...twice, twice[0]!])).toMatchObject({
        ok: true,
        summary: { total: 5, alreadyImported: 4, partial: 1 },
      });
      const view = await t.services.payments.getForEntrant(t.alice, payment.reference);
      expect(view!.events.filter((e) => e.to === "paid")).toHaveLength(1);
    });

    it("pays a short line only with a note, and records both amounts", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      const short = payment.amountVnd - 500_000;
      await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: csvOf([["30/08/2026", "", String(short), `${payment.reference} thieu`, "FT7"]]),
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      const line = (await t.services.payments.openStatementLines()).find(
        (l) => l.paymentReference === payment.reference,
      )!;
      expect(line).toMatchObject({ outcome: "partial", paymentAmountVnd: payment.amountVnd });
      const noNote = await t.services.payments.resolveStatementLine(finance(t), line.id, {
        action: "pay",
        reference: payment.reference,
        note: "  ",
      });
      expect(noNote).toMatchObject({
        ok: false,
        fieldErrors: { note: "paymentCore.statement.noteRequiredForDifference" },
      });
      expect(await statuses(t, [a!.id])).toEqual(["submitted"]);
      const note = "Khách chuyển thiếu 500.000 ₫, đã nộp bù tiền mặt";
      const paid = await t.services.payments.resolveStatementLine(finance(t), line.id, {
        action: "pay",
        reference: payment.reference,
        note,
      });
      expect(paid).toMatchObject({ ok: true, outcome: "resolved" });
      const view = await t.services.payments.getForEntrant(t.alice, payment.reference);
      expect(view!.events.at(-1)).toMatchObject({ to: "paid", reason: note });
      const audit = await t.db.kysely
        .selectFrom("audit_log")
        .select(["action", "summary"])
        .where("target_id", "=", payment.id)
        .execute();
      expect(audit.map((r) => [r.action, JSON.parse(r.summary)])).toEqual([
        [
          "payment.confirm",
          {
            reference: payment.reference,
            lineId: line.id,
            lineAmountVnd: short,
            paymentAmountVnd: payment.amountVnd,
          },
        ],
      ]);
    });

    it("says where a payment confirmed without a note came from, in the page's language", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      // Two references in the memo: matching leaves the exact amount to a person.
      await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: csvOf([
          ["30/08/2026", "", String(payment.amountVnd), `${payment.reference} VXP26AAAAAA`, "F8"],
        ]),
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      const line = (await t.services.payments.openStatementLines()).find(
        (l) => l.paymentReference === payment.reference,
      )!;
      const paid = await t.services.payments.resolveStatementLine(finance(t), line.id, {
        action: "pay",
        reference: payment.reference,
        note: "",
        lang: "en",
      });
      expect(paid).toMatchObject({ ok: true });
      const view = await t.services.payments.getForEntrant(t.alice, payment.reference);
      expect(view!.events.at(-1)!.reason).toBe(
        `Confirmed from the bank statement line of 30/08/2026, amount ${formatVnd(payment.amountVnd, "en")}.`,
      );
    });

    it("reads a semicolon table under a title line, and amounts with .00 or ,00", async () => {
      const [a, b] = await submittedEntries(t, 2);
      const first = await created(t, [a!.id]);
      const second = await created(t, [b!.id]);
      const grouped = (n: number, lang: "vi" | "en") =>
        `${n.toLocaleString(lang === "vi" ? "vi-VN" : "en-US")}${lang === "vi" ? ",00" : ".00"}`;
      const text =
        "SAO KÊ TÀI KHOẢN\n" +
        "Ngày giao dịch;Số tiền ghi có;Nội dung;Số tham chiếu\n" +
        `30/08/2026;${grouped(first.payment.amountVnd, "vi")};${first.payment.reference} ck;FT101\n` +
        `30/08/2026;"${grouped(second.payment.amountVnd, "en")}";${second.payment.reference};FT102\n`;
      const done = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: Buffer.from(text),
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(done).toMatchObject({ ok: true, summary: { total: 2, matched: 2 } });
      expect(await statuses(t, [a!.id, b!.id])).toEqual(["paid", "paid"]);
    });

    it("reads a UTF-16 file and asks for UTF-8 when the bytes are another encoding", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      const text =
        "Ngày giao dịch,Số tiền ghi có,Nội dung,Số tham chiếu\n" +
        `30/08/2026,${payment.amountVnd},${payment.reference} Nguyễn Thị Demo,FT201\n`;
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
      const done = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: utf16,
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(done).toMatchObject({ ok: true, summary: { total: 1, matched: 1 } });
      // "Ngày giao dịch" in Windows-1258: "à" is 0xE0, "ị" is "i" and the combining dot 0xF2.
      const cp1258 = Buffer.from([
        ...Buffer.from("Ng"),
        0xe0,
        ...Buffer.from("y giao di"),
        0xf2,
        ...Buffer.from("ch,So tien,Noi dung\n30/08/2026,1000000,abc\n"),
      ]);
      const refused = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: cp1258,
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(refused).toMatchObject({
        ok: false,
        fieldErrors: { file: "paymentCore.statement.fileNotUtf8" },
      });
    });

    it("refuses a whole file with a line dated after today, and pays nothing from it", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      // The test clock is 01/09/2026 10:00 in Vietnam: the next day has not come yet.
      const later = formatDay(dayInVietnam(new Date(t.now.getTime() + 86_400_000)));
      const file = csvOf([
        ["01/09/2026", "", String(payment.amountVnd), payment.memo, "FT-FUTURE-1"],
        [later, "", "500.000", "chuyen tien", "FT-FUTURE-2"],
      ]);
      const refused = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: file,
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(refused).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { dateColumn: "paymentCore.statement.dateInFuture" },
        futureDay: later,
      });
      expect(await statuses(t, [a!.id])).toEqual(["submitted"]);
      // Nothing of the file was kept: the same lines dated right are all new.
      const fixed = csvOf([
        ["01/09/2026", "", String(payment.amountVnd), payment.memo, "FT-FUTURE-1"],
        ["31/08/2026", "", "500.000", "chuyen tien", "FT-FUTURE-2"],
      ]);
      const done = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: fixed,
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(done).toMatchObject({
        ok: true,
        summary: { total: 2, alreadyImported: 0, matched: 1, unknown: 1 },
      });
    });

    it("lists the credit rows whose date cannot be read, by their row in the file, and imports the rest", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      // Row 1 is the bank's title, row 2 the header: the lines start at row 3.
      const rows = [
        ["31/02/2026", "", "2.500.000", "NGAY KHONG CO THAT", "FT-DATE-1"],
        ["2026-08-05", "", "2.600.000", "NGAY ISO", "FT-DATE-2"],
        ["12/5/2026", "", "2.700.000", "NGAY MOT CHU SO", "FT-DATE-3"],
        ["", "", "2.800.000", "KHONG CO NGAY", "FT-DATE-4"],
        ["", "150.000", "", "phi ngan hang", "FT-DATE-5"],
        ["", "", "", "", ""],
        ["05/08/2026", "", String(payment.amountVnd), payment.memo, "FT-DATE-6"],
      ];
      const imported = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke-ngay.csv",
        bytes: csvOf(rows),
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      // A debit and a blank row are not transfers: not listed. The credits are all accounted for.
      expect(imported).toMatchObject({
        ok: true,
        summary: {
          total: 3,
          matched: 1,
          unknown: 2,
          notImported: [
            {
              row: 3,
              amountVnd: 2_500_000,
              memo: "NGAY KHONG CO THAT",
              dateText: "31/02/2026",
              reason: "dateUnreadable",
            },
            {
              row: 6,
              amountVnd: 2_800_000,
              memo: "KHONG CO NGAY",
              dateText: "",
              reason: "dateMissing",
            },
          ],
        },
      });
      expect(await statuses(t, [a!.id])).toEqual(["paid"]);
      const audit = await t.db.kysely
        .selectFrom("audit_log")
        .select("summary")
        .where("action", "=", "payment.statement")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.summary)).toMatchObject({
        fileName: "saoke-ngay.csv",
        total: 3,
        notImportedRows: [3, 6],
      });

      // The file with its dates corrected: the two rows come in, the rest is known already.
      rows[0]![0] = "28/02/2026";
      rows[3]![0] = "04/08/2026";
      const fixed = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke-ngay.csv",
        bytes: csvOf(rows),
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(fixed).toMatchObject({
        ok: true,
        summary: { total: 5, alreadyImported: 3, unknown: 2, notImported: [] },
      });
      const open = await t.services.payments.openStatementLines();
      expect(
        open
          .filter((line) => line.memo === "NGAY KHONG CO THAT" || line.memo === "KHONG CO NGAY")
          .map((line) => [line.bookedOn, line.amountVnd]),
      ).toEqual(
        expect.arrayContaining([
          ["2026-02-28", 2_500_000],
          ["2026-08-04", 2_800_000],
        ]),
      );
    });

    it("with a direction column, imports credits only: a debit line naming a payment with its amount pays nothing", async () => {
      const [a, b] = await submittedEntries(t, 2);
      const debited = await created(t, [a!.id]);
      const credited = await created(t, [b!.id]);
      // One amount column for both ways, and a "Nợ/Có" column; row 1 is the title, 2 the header.
      const file = (rows: string[][]) =>
        Buffer.from(
          "SAO KÊ TÀI KHOẢN,,,,\n" +
            [["Ngày giao dịch", "Số tiền", "Nợ/Có", "Nội dung", "Số tham chiếu"], ...rows]
              .map((row) => row.map((cell) => `"${cell}"`).join(","))
              .join("\n"),
        );
      const amountOf = (n: number) => n.toLocaleString("vi-VN");
      const rows = [
        // Money going out that carries a real reference and the exact amount: not a transfer to us.
        ["01/09/2026", amountOf(debited.payment.amountVnd), "D", debited.payment.memo, "FT-DIR-1"],
        [
          "01/09/2026",
          amountOf(debited.payment.amountVnd),
          " ghi nợ ",
          `HOAN ${debited.payment.reference}`,
          "FT-DIR-2",
        ],
        [
          "01/09/2026",
          amountOf(credited.payment.amountVnd),
          "Có",
          credited.payment.memo,
          "FT-DIR-3",
        ],
        ["01/09/2026", "500.000", "cr", "chuyen tien khong ma", "FT-DIR-4"],
        [
          "01/09/2026",
          amountOf(debited.payment.amountVnd),
          "X",
          `${debited.payment.reference} ?`,
          "FT-DIR-5",
        ],
        ["01/09/2026", "800.000", "", "KHONG RO CHIEU", "FT-DIR-6"],
        ["", amountOf(debited.payment.amountVnd * 3), "", "Tổng cộng", ""],
      ];
      const mapping = {
        ...DEFAULT_STATEMENT_MAPPING,
        amountColumn: "Số tiền",
        // Typed without marks: the file's "Nợ/Có" is found all the same.
        directionColumn: "no/co",
      };
      const importFile = () =>
        t.services.payments.importStatement(finance(t), {
          fileName: "saoke-no-co.csv",
          bytes: file(rows),
          mapping,
        });
      const first = await importFile();
      expect(first).toMatchObject({
        ok: true,
        summary: {
          total: 2,
          matched: 1,
          partial: 0,
          unknown: 1,
          notImported: [
            {
              row: 7,
              amountVnd: debited.payment.amountVnd,
              directionText: "X",
              dateText: "01/09/2026",
              reason: "directionUnreadable",
            },
            { row: 8, amountVnd: 800_000, directionText: "", reason: "directionMissing" },
          ],
        },
      });
      expect(await statuses(t, [a!.id, b!.id])).toEqual(["submitted", "paid"]);
      expect(await t.services.payments.statementMapping()).toEqual({
        ...mapping,
        directionColumn: "no/co",
      });
      const open = await t.services.payments.openStatementLines();
      expect(open.filter((l) => l.bankRef.startsWith("FT-DIR-"))).toMatchObject([
        { bankRef: "FT-DIR-4", outcome: "unknown", amountVnd: 500_000 },
      ]);
      // Imported again: nothing new, the debit still pays nothing.
      expect(await importFile()).toMatchObject({
        ok: true,
        summary: { total: 2, alreadyImported: 2, matched: 0, partial: 0, unknown: 0 },
      });
      expect(await statuses(t, [a!.id, b!.id])).toEqual(["submitted", "paid"]);
      const view = await t.services.payments.getForEntrant(t.alice, debited.payment.reference);
      expect(view!.events.filter((e) => e.to === "paid")).toHaveLength(0);
    });

    it("refuses a file whose Nợ/Có column is left unnamed, and imports it once the column is named", async () => {
      const [a, b] = await submittedEntries(t, 2);
      const debited = await created(t, [a!.id]);
      const credited = await created(t, [b!.id]);
      const file = (rows: string[][]) =>
        Buffer.from(
          [["Ngày giao dịch", "Số tiền", "Nội dung", "Nợ/Có", "Số tham chiếu"], ...rows]
            .map((row) => row.map((cell) => `"${cell}"`).join(","))
            .join("\n"),
        );
      const amountOf = (n: number) => n.toLocaleString("vi-VN");
      const bytes = file([
        // A refund going out with a payment's reference and its amount.
        ["01/09/2026", amountOf(debited.payment.amountVnd), debited.payment.memo, "Nợ", "FT-UNM-1"],
        [
          "01/09/2026",
          amountOf(credited.payment.amountVnd),
          credited.payment.memo,
          "Có",
          "FT-UNM-2",
        ],
        ["", amountOf(debited.payment.amountVnd * 2), "Tổng cộng", "", ""],
      ]);
      const counts = async () => {
        const count = async (table: "statement_imports" | "statement_lines") =>
          Number(
            (
              await t.db.kysely
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as("count"))
                .executeTakeFirstOrThrow()
            ).count,
          );
        return [await count("statement_imports"), await count("statement_lines")];
      };
      const paymentStates = async () =>
        (
          await t.db.kysely
            .selectFrom("payments")
            .select(["id", "state"])
            .where("id", "in", [debited.payment.id, credited.payment.id])
            .execute()
        )
          .sort((x, y) => (x.id === debited.payment.id ? -1 : y.id === debited.payment.id ? 1 : 0))
          .map((row) => row.state);
      const before = await counts();
      const mappingBefore = await t.services.payments.statementMapping();
      const mapping = {
        ...DEFAULT_STATEMENT_MAPPING,
        amountColumn: "Số tiền",
        directionColumn: "",
      };
      const refused = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke-chung.csv",
        bytes,
        mapping,
      });
      expect(refused).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { directionColumn: "paymentCore.statement.directionColumnUnmapped" },
        directionColumnFound: "Nợ/Có",
      });
      // Nothing stored: no import, no line, no payment paid, the last mapping kept.
      expect(await counts()).toEqual(before);
      expect(await paymentStates()).toEqual(["pending", "pending"]);
      expect(await statuses(t, [a!.id, b!.id])).toEqual(["submitted", "submitted"]);
      expect(await t.services.payments.statementMapping()).toEqual(mappingBefore);

      // The column named: the credit pays its payment, the refund pays nothing.
      const done = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke-chung.csv",
        bytes,
        mapping: { ...mapping, directionColumn: "Nợ/Có" },
      });
      expect(done).toMatchObject({ ok: true, summary: { total: 1, matched: 1, notImported: [] } });
      expect(await paymentStates()).toEqual(["pending", "paid"]);
      expect(await statuses(t, [a!.id, b!.id])).toEqual(["submitted", "paid"]);
    });

    it("imports as before a file whose only Nợ/Có-like column has no debit with an amount", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      // A credit amount column of its own; the debit row has no credit amount.
      const bytes = csvOf([
        ["01/09/2026", "", payment.amountVnd.toLocaleString("vi-VN"), payment.memo, "C"],
        ["01/09/2026", "30.000", "", "phi", "D"],
      ]);
      const done = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke-hai-cot.csv",
        bytes: Buffer.from(bytes.toString("utf8").replace('"Số tham chiếu"', '"Loại"'), "utf8"),
        mapping: { ...DEFAULT_STATEMENT_MAPPING, bankRefColumn: "" },
      });
      expect(done).toMatchObject({ ok: true, summary: { total: 1, matched: 1, notImported: [] } });
      expect(await statuses(t, [a!.id])).toEqual(["paid"]);
      // Credits only in a shared amount column: nothing is taken for a debit.
      const [b] = await submittedEntries(t, 1);
      const other = await created(t, [b!.id]);
      const creditsOnly = Buffer.from(
        "Ngày giao dịch;Số tiền;Nội dung;Chiều\n" +
          `01/09/2026;${other.payment.amountVnd};${other.payment.memo};CR\n`,
      );
      const alsoDone = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke-co.csv",
        bytes: creditsOnly,
        mapping: { ...DEFAULT_STATEMENT_MAPPING, amountColumn: "Số tiền", bankRefColumn: "" },
      });
      expect(alsoDone).toMatchObject({ ok: true, summary: { total: 1, matched: 1 } });
      expect(await statuses(t, [b!.id])).toEqual(["paid"]);
    });

    it("never reads a signed amount column's negative lines as credits", async () => {
      const [a, b] = await submittedEntries(t, 2);
      const debited = await created(t, [a!.id]);
      const credited = await created(t, [b!.id]);
      const text =
        "Ngày giao dịch;Số tiền;Nội dung;Số tham chiếu\n" +
        `01/09/2026;-${debited.payment.amountVnd.toLocaleString("vi-VN")};${debited.payment.memo};FT-SIGN-1\n` +
        `01/09/2026;(${debited.payment.amountVnd});${debited.payment.reference};FT-SIGN-2\n` +
        `01/09/2026;+${credited.payment.amountVnd};${credited.payment.memo};FT-SIGN-3\n`;
      const done = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke-am.csv",
        bytes: Buffer.from(text),
        mapping: { ...DEFAULT_STATEMENT_MAPPING, amountColumn: "Số tiền" },
      });
      expect(done).toMatchObject({ ok: true, summary: { total: 1, matched: 1, notImported: [] } });
      expect(await statuses(t, [a!.id, b!.id])).toEqual(["submitted", "paid"]);
    });

    it("imports nothing when no row's direction can be read, and says which column to check", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Sao kê");
      sheet.addRow(["Ngày giao dịch", "Số tiền", "Loại giao dịch", "Nội dung"]);
      sheet.addRow(["01/09/2026", payment.amountVnd, "Chuyển khoản", payment.memo]);
      sheet.addRow(["01/09/2026", 300_000, "D", "phi"]);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const importsBefore = await t.db.kysely
        .selectFrom("statement_imports")
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow();
      const mapping = {
        dateColumn: "Ngày giao dịch",
        amountColumn: "Số tiền",
        memoColumn: "Nội dung",
        directionColumn: "Loại giao dịch",
      };
      const refused = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.xlsx",
        bytes,
        mapping,
      });
      expect(refused).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { directionColumn: "paymentCore.statement.noReadableDirections" },
        notImported: [
          {
            row: 2,
            amountVnd: payment.amountVnd,
            directionText: "Chuyển khoản",
            reason: "directionUnreadable",
          },
        ],
      });
      expect(refused).not.toHaveProperty("fieldErrors.dateColumn");
      const importsAfter = await t.db.kysely
        .selectFrom("statement_imports")
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(importsAfter.count)).toBe(Number(importsBefore.count));
      expect(await statuses(t, [a!.id])).toEqual(["submitted"]);
      // A direction column the file lacks is named like any other column.
      const missing = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.xlsx",
        bytes,
        mapping: { ...mapping, directionColumn: "Nợ/Có" },
      });
      expect(missing).toMatchObject({
        ok: false,
        fieldErrors: { directionColumn: "paymentCore.statement.columnNotFound" },
        foundColumns: ["Ngày giao dịch", "Số tiền", "Loại giao dịch", "Nội dung"],
      });
    });

    it("imports nothing when no credit row has a readable date, and lists them all", async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Sao kê");
      sheet.addRow(["Ngày giao dịch", "Số tiền ghi có", "Nội dung", "Số tham chiếu"]);
      sheet.addRow([]);
      sheet.addRow(["08-31-2026", 3_100_000, "THANG TRUOC NGAY", "FT-MDY-1"]);
      sheet.addRow(["", 3_200_000, "KHONG NGAY", "FT-MDY-2"]);
      const importsBefore = await t.db.kysely
        .selectFrom("statement_imports")
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow();
      const refused = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.xlsx",
        bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(refused).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { dateColumn: "paymentCore.statement.noReadableDates" },
        notImported: [
          { row: 3, amountVnd: 3_100_000, dateText: "08-31-2026", reason: "dateUnreadable" },
          { row: 4, amountVnd: 3_200_000, memo: "KHONG NGAY", reason: "dateMissing" },
        ],
      });
      const importsAfter = await t.db.kysely
        .selectFrom("statement_imports")
        .select((eb) => eb.fn.countAll().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(importsAfter.count)).toBe(Number(importsBefore.count));
    });
  });
});
