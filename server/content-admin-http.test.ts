import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "./app";
import type { Db } from "./db/database";
import { seedDemoContent } from "./demo/demo-content";
import { startTestApp, type TestApp } from "./test-support/app";
import { browserRequest, multipart, type MultipartBody } from "./test-support/http";
import { signInEveryRole, TEST_ORIGIN, WHO, type Who } from "./test-support/sign-in";

// The content back office (jury, winners, pages and track content, documents) as a browser
// meets it: each route's loader AND action refuse visitors (→ staff sign-in), entrants and
// staff without the content section (403, nothing written); editors write, every write is
// audited, the public page shows it on the next request (HTML cache cleared) and markup
// typed into any field reaches the page only as escaped text.

const NOW = new Date("2026-09-01T03:00:00.000Z");
const XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>';

let started: TestApp | undefined;
let app: App;
let db: Db;
const cookies = new Map<Who, string>();

function request(
  method: "GET" | "POST",
  url: string,
  options: { who?: Who; form?: Record<string, string>; multipart?: MultipartBody } = {},
) {
  const { who, ...body } = options;
  return browserRequest(app, method, url, {
    cookie: who ? cookies.get(who) : undefined,
    ...(method === "POST" ? { headers: { origin: TEST_ORIGIN } } : {}),
    ...body,
  });
}

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const auditCount = async (action: string) =>
  (await db.kysely.selectFrom("audit_log").select("id").where("action", "=", action).execute())
    .length;

let jurorId = 0;
let winnerId = 0;

beforeAll(async () => {
  started = await startTestApp({ HTML_CACHE_SECONDS: "60", PUBLIC_URL: TEST_ORIGIN }, NOW);
  ({ app, db } = started);
  await seedDemoContent(db, NOW);
  const signedIn = await signInEveryRole(app, {
    staffEmail: (role) => `${role.replace("_", "-")}@vanxuan-awards.example`,
    entrant: { email: "entrant@example.vn", fullName: "Phạm Thị Dự Thi" },
  });
  for (const [who, cookie] of signedIn) cookies.set(who, cookie);
  jurorId = (await app.services.contentAdmin.juryList(2025))[1]!.id;
  winnerId = (await app.services.contentAdmin.winnersList({ year: 2024 })).items[0]!.id;
}, 240_000);

afterAll(async () => {
  await started?.close();
});

describe("who may open the content back office", () => {
  const paths = () => [
    "/quan-tri/noi-dung/chuyen-gia?year=2024",
    "/quan-tri/noi-dung/chuyen-gia/moi?year=2025",
    `/quan-tri/noi-dung/chuyen-gia/${jurorId}`,
    "/quan-tri/noi-dung/thang-giai?year=2023",
    "/quan-tri/noi-dung/thang-giai/moi",
    `/quan-tri/noi-dung/thang-giai/${winnerId}`,
    "/quan-tri/noi-dung/trang",
    "/quan-tri/noi-dung/trang?key=track%3Avan-xuan",
    "/quan-tri/noi-dung/tai-lieu",
    "/en/quan-tri/noi-dung/chuyen-gia",
  ];

  it("GET: editors and admins in; visitors to the staff sign-in; everyone else 403", async () => {
    for (const path of paths()) {
      for (const who of WHO) {
        const response = await request("GET", path, who === "visitor" ? {} : { who });
        const outcome = `${path} ${who} → ${response.statusCode}`;
        if (who === "editor" || who === "admin") {
          expect(outcome).toBe(`${path} ${who} → 200`);
          expect(response.headers["x-html-cache"]).toBeUndefined();
        } else if (who === "visitor") {
          expect(outcome).toBe(`${path} ${who} → 302`);
          const signIn = path.startsWith("/en") ? "/en/quan-tri/dang-nhap" : "/quan-tri/dang-nhap";
          expect(response.headers.location).toBe(`${signIn}?next=${encodeURIComponent(path)}`);
        } else {
          expect(outcome).toBe(`${path} ${who} → 403`);
          expect(response.body).not.toContain("admin__nav");
        }
      }
    }
  });

  it("POST: refused roles write nothing", async () => {
    const before = await db.kysely.selectFrom("audit_log").select("id").execute();
    const writes: [string, Record<string, string>][] = [
      ["/quan-tri/noi-dung/chuyen-gia/moi", { year: "2025", name: "Không được phép" }],
      ["/quan-tri/noi-dung/chuyen-gia", { intent: "delete", id: String(jurorId) }],
      [
        `/quan-tri/noi-dung/thang-giai/${winnerId}`,
        { year: "2024", title: "Không được phép", prize: "gold", categoryLabelVi: "X" },
      ],
      ["/quan-tri/noi-dung/thang-giai", { intent: "delete", id: String(winnerId) }],
      ["/quan-tri/noi-dung/trang", { key: "award-introduction", titleVi: "Không được phép" }],
    ];
    for (const [path, form] of writes) {
      for (const who of ["visitor", "entrant", "finance", "jury_manager"] as const) {
        const response = await request("POST", path, who === "visitor" ? { form } : { who, form });
        expect(`${path} ${who} → ${response.statusCode}`).toBe(
          `${path} ${who} → ${who === "visitor" ? 302 : 403}`,
        );
      }
    }
    const upload = multipart(
      { year: "2026", lang: "vi", intent: "upload" },
      {
        name: "x.pdf",
        data: PDF,
      },
    );
    for (const who of ["entrant", "finance", "jury_manager"] as const) {
      const response = await request("POST", "/quan-tri/noi-dung/tai-lieu", {
        who,
        multipart: upload,
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await db.kysely.selectFrom("audit_log").select("id").execute()).toHaveLength(
      before.length,
    );
    expect(await app.services.contentAdmin.juryGet(jurorId)).not.toBeNull();
    expect((await app.services.contentAdmin.winnerGet(winnerId))?.title).not.toBe(
      "Không được phép",
    );
  });
});

describe("an editor's writes reach the public pages", () => {
  it("adds a juror (markup in every field stays text), visible on the next request", async () => {
    const publicPath = "/chuyen-gia-dong-hanh?year=2025";
    await request("GET", publicPath);
    expect((await request("GET", publicPath)).headers["x-html-cache"]).toBe("hit");

    const response = await request("POST", "/quan-tri/noi-dung/chuyen-gia/moi", {
      who: "editor",
      form: {
        year: "2025",
        name: `Giám khảo ${XSS}`,
        titleVi: XSS,
        titleEn: XSS,
        organisation: XSS,
        bioVi: XSS,
        bioEn: XSS,
        photo: "/generated/portrait/new.svg",
        photoMediaId: "",
        sortOrder: "",
      },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      "/quan-tri/noi-dung/chuyen-gia?year=2025&notice=adminContent.notices.created",
    );
    expect(await auditCount("jury.create")).toBe(1);

    const page = await request("GET", publicPath);
    expect(page.headers["x-html-cache"]).toBe("miss");
    expect(page.body).toContain("Giám khảo &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(page.body).not.toContain('<script>alert("x")');
    expect(page.body).not.toContain("<img src=x");
    expect(page.body).toContain('src="/generated/portrait/new.svg"');
  });

  it("opens the jury and winners lists on the current season, not a newer one being prepared", async () => {
    const at = NOW.toISOString();
    await db.kysely
      .insertInto("seasons")
      .values({
        year: 2027,
        code: "VX27",
        name_vi: "2027",
        name_en: "2027",
        created_at: at,
        updated_at: at,
      })
      .execute();
    try {
      const jury = await request("GET", "/quan-tri/noi-dung/chuyen-gia", { who: "editor" });
      expect(jury.body).toContain('href="/quan-tri/noi-dung/chuyen-gia/moi?year=2026"');
      const winners = await request("GET", "/quan-tri/noi-dung/thang-giai", { who: "editor" });
      expect(winners.body).toContain('href="/quan-tri/noi-dung/thang-giai/moi?year=2026"');
      // A year asked for is still the one shown.
      const asked = await request("GET", "/quan-tri/noi-dung/chuyen-gia?year=2027", {
        who: "editor",
      });
      expect(asked.body).toContain('href="/quan-tri/noi-dung/chuyen-gia/moi?year=2027"');
    } finally {
      await db.kysely.deleteFrom("seasons").where("year", "=", 2027).execute();
    }
  });

  it("refuses an invalid juror with the field errors and what was typed", async () => {
    const response = await request("POST", "/quan-tri/noi-dung/chuyen-gia/moi", {
      who: "editor",
      form: { year: "2025", name: "", titleVi: "Giữ lại nội dung này", photo: "javascript:x" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Giữ lại nội dung này");
  });

  it("moves a juror and deletes one, each audited", async () => {
    const list = await app.services.contentAdmin.juryList(2024);
    const second = list[2]!;
    const move = await request("POST", "/quan-tri/noi-dung/chuyen-gia?year=2024", {
      who: "editor",
      form: { intent: "move", id: String(second.id), direction: "up" },
    });
    expect(move.statusCode).toBe(200);
    expect((await app.services.contentAdmin.juryList(2024))[1]!.id).toBe(second.id);
    const removed = await request("POST", "/quan-tri/noi-dung/chuyen-gia", {
      who: "admin",
      form: { intent: "delete", id: String(second.id) },
    });
    expect(removed.statusCode).toBe(302);
    expect(await app.services.contentAdmin.juryGet(second.id)).toBeNull();
    expect(await auditCount("jury.reorder")).toBe(1);
    expect(await auditCount("jury.delete")).toBe(1);
    const publicPage = await request("GET", "/chuyen-gia-dong-hanh?year=2024");
    expect(publicPage.body).not.toContain(`>${second.name}<`);
  });

  it("edits a winner: new title, free category label, video link", async () => {
    const response = await request("POST", `/quan-tri/noi-dung/thang-giai/${winnerId}`, {
      who: "editor",
      form: {
        year: "2024",
        title: `Tết đoàn viên ${XSS}`,
        brand: "Nhãn hàng Sen",
        agency: "",
        categoryId: "",
        categoryLabelVi: "Giải đặc biệt",
        categoryLabelEn: "Special award",
        prize: "gold",
        videoUrl: "https://vimeo.com/76979871",
        entryRef: "",
        image: "",
        imageMediaId: "",
      },
    });
    expect(response.statusCode).toBe(302);
    expect(await auditCount("winner.update")).toBe(1);
    const page = await request("GET", "/en/danh-sach-thang-giai?year=2024");
    expect(page.body).toContain("Tết đoàn viên &lt;script&gt;");
    expect(page.body).toContain("Special award");
    expect(page.body).toContain('href="https://vimeo.com/76979871"');
    expect(page.body).not.toContain('<script>alert("x")');

    const bad = await request("POST", `/quan-tri/noi-dung/thang-giai/${winnerId}`, {
      who: "editor",
      form: {
        year: "2024",
        title: "Tết",
        prize: "gold",
        categoryLabelVi: "X",
        videoUrl: "javascript:alert(1)",
        entryRef: "KHONG-CO",
      },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("saves a track page for the current season with a sanitised body", async () => {
    const body = JSON.stringify([
      { type: "heading", text: "Điểm mới 2026" },
      {
        type: "paragraph",
        children: [
          { type: "text", text: XSS },
          { type: "link", text: "độc hại", href: "javascript:alert(1)" },
        ],
      },
    ]);
    const response = await request("POST", "/quan-tri/noi-dung/trang", {
      who: "editor",
      form: {
        key: "track:van-xuan",
        titleVi: "",
        titleEn: "",
        summaryVi: "Tóm tắt mới của giải Vạn Xuân",
        summaryEn: "",
        bodyVi: body,
        bodyEn: "[]",
      },
    });
    expect(response.statusCode).toBe(302);
    expect(await auditCount("page.update")).toBe(1);
    const page = await request("GET", "/van-xuan");
    expect(page.body).toContain("Tóm tắt mới của giải Vạn Xuân");
    expect(page.body).toContain("Điểm mới 2026");
    expect(page.body).not.toContain("javascript:alert");
    expect(page.body).not.toContain("<img src=x");
  });

  it("refuses the introduction without its Vietnamese title, at the field in the page's language", async () => {
    const before = await auditCount("page.update");
    const form = {
      key: "award-introduction",
      titleVi: "   ",
      titleEn: "About the awards",
      summaryVi: "Tóm tắt vừa gõ",
      summaryEn: "",
      bodyVi: JSON.stringify([
        { type: "paragraph", children: [{ type: "text", text: "Nội dung vừa gõ" }] },
      ]),
      bodyEn: "[]",
    };
    for (const [path, message] of [
      ["/quan-tri/noi-dung/trang?key=award-introduction", "Vui lòng điền thông tin này."],
      ["/en/quan-tri/noi-dung/trang?key=award-introduction", "Please fill in this field."],
    ] as const) {
      const response = await request("POST", path, { who: "editor", form });
      expect(response.statusCode, path).toBe(400);
      const input = /<input[^>]*name="titleVi"[^>]*>/.exec(response.body)?.[0] ?? "";
      const errorId = /aria-describedby="([^"]*-error)"/.exec(input)?.[1];
      expect(errorId, path).toBeDefined();
      expect(response.body, path).toContain(`id="${errorId}" class="field__error">${message}</p>`);
      // What was typed is kept.
      expect(response.body, path).toContain("Tóm tắt vừa gõ");
      expect(response.body, path).toContain('value="About the awards"');
      expect(response.body, path).toContain("Nội dung vừa gõ");
    }
    expect(await auditCount("page.update")).toBe(before);
  });

  it("shows a title field for the introduction only: a track page is headed by its track's name", async () => {
    const intro = await request("GET", "/quan-tri/noi-dung/trang?key=award-introduction", {
      who: "editor",
    });
    expect(intro.body).toMatch(/<input[^>]*aria-required="true"[^>]*name="titleVi"/);
    expect(intro.body).toContain('name="titleEn"');
    const track = await request("GET", "/quan-tri/noi-dung/trang?key=track%3Avan-xuan", {
      who: "editor",
    });
    expect(track.statusCode).toBe(200);
    expect(track.body).toContain('name="summaryVi"');
    expect(track.body).not.toContain('name="titleVi"');
    expect(track.body).not.toContain('name="titleEn"');
  });

  it("asks for a file when none was chosen, at the field in the page's language; an empty file is empty", async () => {
    // A file input left empty: browsers post its part with no file name and no bytes.
    const noFile = multipart(
      { year: "2026", lang: "vi", title: "Tiêu chí 2026 (bản sửa)", intent: "upload" },
      { name: "", data: Buffer.alloc(0) },
    );
    for (const [path, message] of [
      ["/quan-tri/noi-dung/tai-lieu", "Vui lòng chọn tệp PDF."],
      ["/en/quan-tri/noi-dung/tai-lieu", "Please choose a PDF file."],
    ] as const) {
      const response = await request("POST", path, { who: "editor", multipart: noFile });
      expect(response.statusCode, path).toBe(400);
      expect(response.body, path).toMatch(
        new RegExp(`<p id="[^"]+-error" class="field__error">${message.replace(".", "\\.")}</p>`),
      );
      expect(response.body, path).not.toMatch(/Tệp bị trống|The file is empty/);
      // What was typed is kept.
      expect(response.body, path).toContain('value="Tiêu chí 2026 (bản sửa)"');
    }
    const emptyFile = await request("POST", "/quan-tri/noi-dung/tai-lieu", {
      who: "editor",
      multipart: multipart(
        { year: "2026", lang: "vi", title: "", intent: "upload" },
        { name: "rong.pdf", data: Buffer.alloc(0) },
      ),
    });
    expect(emptyFile.statusCode).toBe(400);
    expect(emptyFile.body).toContain("Tệp bị trống. Vui lòng chọn lại tệp.");
  });

  it("uploads the criteria PDF; a file that is not a PDF is refused", async () => {
    const refused = await request("POST", "/quan-tri/noi-dung/tai-lieu", {
      who: "editor",
      multipart: multipart(
        { year: "2026", lang: "en", title: "", intent: "upload" },
        { name: "evil.pdf", data: Buffer.from("<svg onload=alert(1)></svg>") },
      ),
    });
    expect(refused.statusCode).toBe(400);
    const response = await request("POST", "/quan-tri/noi-dung/tai-lieu", {
      who: "editor",
      multipart: multipart(
        { year: "2026", lang: "en", title: "Criteria 2026 (revised)", intent: "upload" },
        { name: "criteria.pdf", data: PDF },
      ),
    });
    expect(response.statusCode).toBe(302);
    // The current season's file: the public criteria window shows it now.
    expect(response.headers.location).toBe(
      "/quan-tri/noi-dung/tai-lieu?notice=adminContent.notices.uploaded",
    );
    const en = (await app.services.documents.ofSeason(2026, "criteria")).filter(
      (d) => d.lang === "en",
    );
    expect(en.map((d) => d.title)).toEqual(["Criteria 2026 (revised)"]);
    const home = await request("GET", "/en");
    expect(home.body).toContain(en[0]!.url);
  });

  it("says a file of another season shows once that season is current, not now", async () => {
    const response = await request("POST", "/quan-tri/noi-dung/tai-lieu", {
      who: "editor",
      multipart: multipart(
        { year: "2025", lang: "vi", title: "Tiêu chí 2025 (lưu trữ)", intent: "upload" },
        { name: "tieu-chi-2025.pdf", data: PDF },
      ),
    });
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location).toContain("notice=adminContent.notices.uploadedForSeason");
    for (const [path, message] of [
      [
        location,
        "Đã tải tệp lên cho mùa giải 2025. Cửa sổ tiêu chí giải thưởng sẽ hiển thị tệp này khi mùa giải 2025 trở thành mùa hiện tại.",
      ],
      [
        `/en${location}`,
        "File uploaded for the 2025 season. The award criteria window will show it when the 2025 season becomes the current one.",
      ],
    ] as const) {
      const page = await request("GET", path, { who: "editor" });
      expect(page.body, path).toContain(message);
      expect(page.body, path).not.toContain("hiển thị tệp mới.");
    }
    const [saved] = await app.services.documents.ofSeason(2025, "criteria");
    expect(saved?.title).toBe("Tiêu chí 2025 (lưu trữ)");
    expect((await request("GET", "/")).body).not.toContain(saved!.url);
  });
});
