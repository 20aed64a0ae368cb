import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { backOfficeApp } from "./test-support/back-office";
import { PDF_DOCUMENT } from "./test-support/media-files";
import { TEST_PASSWORD, type Who } from "./test-support/sign-in";

// The registrants back office over HTTP against the production build: the list's search and
// filters, a registrant's page with the signed licence link and their entries, the export.

const office = backOfficeApp();
let companyId = "";

const get = (who: Who, path: string) =>
  office.request("GET", path, { cookie: office.cookies.get(who) });

beforeAll(async () => {
  const { services } = office.app;
  const licence = await services.files.save({
    data: PDF_DOCUMENT,
    purpose: "licence",
    ownerUserId: null,
    allowedMimes: ["application/pdf"],
    maxBytes: 1_000_000,
    tooLargeKey: "x",
    wrongTypeKey: "x",
  });
  companyId = await services.identity.createEntrant({
    email: "phuong.dongsang@example.vn",
    password: TEST_PASSWORD,
    profile: {
      type: "enterprise",
      fullName: "Đỗ Thị Phượng",
      phone: "+84903334444",
      address: "8 Hàng Bài, Hoàn Kiếm, Hà Nội",
      personalId: null,
      companyName: "Công ty Cổ phần Đông Sàng Quảng Cáo",
      businessRegistrationNumber: "0105556667",
      taxCode: "0105556667",
      licenceFileId: licence.id,
    },
  });
  await services.files.claim(licence.id, companyId, "licence");
  await services.identity.createEntrant({
    email: "khoa.nguyen@example.vn",
    password: TEST_PASSWORD,
    profile: {
      type: "individual",
      fullName: "Nguyễn Đăng Khoa",
      phone: "+84915556666",
      address: "3 Lê Lợi, Quận 1, TP. Hồ Chí Minh",
      personalId: null,
      companyName: null,
      businessRegistrationNumber: null,
      taxCode: null,
      licenceFileId: null,
    },
  });
  const created = await services.entries.createDraft(companyId, {
    campaignName: "Mùa hè xanh Đông Sàng",
  });
  if (!created.ok) throw new Error(JSON.stringify(created));
}, 60_000);

describe("the registrants back office", () => {
  it("finds registrants by a search without Vietnamese marks, filtered by type", async () => {
    const found = await get("admin", "/quan-tri/thi-sinh?q=dong+sang");
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain("Đỗ Thị Phượng");
    expect(found.body).toContain("Công ty Cổ phần Đông Sàng Quảng Cáo");
    expect(found.body).not.toContain("Nguyễn Đăng Khoa");
    const individuals = await get(
      "jury_manager",
      "/quan-tri/thi-sinh?q=example.vn&type=individual",
    );
    expect(individuals.body).toContain("Nguyễn Đăng Khoa");
    expect(individuals.body).not.toContain("Đỗ Thị Phượng");
    const phone = await get("finance", "/en/quan-tri/thi-sinh?q=0915+556");
    expect(phone.body).toContain("Nguyễn Đăng Khoa");
  });

  it("shows a registrant's profile, a licence link that works and their entries", async () => {
    const response = await get("admin", `/quan-tri/thi-sinh/${companyId}`);
    expect(response.statusCode).toBe(200);
    for (const text of ["0105556667", "phuong.dongsang@example.vn", "Mùa hè xanh Đông Sàng"]) {
      expect(response.body).toContain(text);
    }
    expect(response.body).toContain("Thanh toán: sẽ có khi chức năng thanh toán được mở.");
    const link = /href="(\/tep\/[^"]+)"/.exec(response.body)?.[1];
    expect(link, "a signed licence link").toBeDefined();
    const file = await office.request("GET", link!.replaceAll("&amp;", "&"));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await get("admin", "/quan-tri/thi-sinh/no-such-registrant")).statusCode).toBe(404);
  });

  it("exports the filter as XLSX that reads back, and as CSV with a BOM", async () => {
    const xlsx = await get("admin", "/quan-tri/thi-sinh/xuat?format=xlsx&q=dong+sang");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    expect(xlsx.headers["content-disposition"]).toMatch(/^attachment; filename="registrants-/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const rows = book.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain("Công ty Cổ phần Đông Sàng Quảng Cáo");
    const csv = await get("admin", "/en/quan-tri/thi-sinh/xuat?format=csv&q=khoa");
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.rawPayload.toString("utf8")).toContain('"Nguyễn Đăng Khoa","Individual"');
    expect((await get("admin", "/quan-tri/thi-sinh/xuat?format=pdf")).statusCode).toBe(400);
  });

  it("is refused to roles outside the section", async () => {
    expect((await get("editor", "/quan-tri/thi-sinh")).statusCode).toBe(403);
    expect((await get("editor", "/quan-tri/thi-sinh/xuat?format=csv")).statusCode).toBe(403);
  });
});
