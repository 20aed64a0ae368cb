import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backOfficeApp } from "../../test-support/back-office";
import { writeImage } from "../../test-support/media-files";
import { TEST_ORIGIN } from "../../test-support/sign-in";
import { text } from "../../test-support/text";
import { file, PDF } from "../entries/testbed";
import { acceptSubmitted, demoCategoryDraft } from "../../test-support/demo-catalogue";

// The judge portal over HTTP on the production build: the code signs a judge in (page form and
// API), the pages and API answer only a judge, a judge's cookie opens nothing else, and no
// answer a judge can get carries anything of the entrant's identity (blind judging).

const office = backOfficeApp();

/** The entrant's identity: none of it may reach a judge. */
const SECRET = {
  name: "Quách Thị Bảo Mật",
  email: "bao.mat.dinh.danh@example.vn",
  phone: "+84987654321",
  phoneLocal: "0987654321",
  company: "Công ty Cổ phần Định Danh Kín",
  taxCode: "0312345678",
  fileNames: [
    "anh-goc-cua-thi-sinh.jpg",
    "phim-goc-cua-thi-sinh.mp4",
    "y-tuong-goc.pdf",
    "cam-ket-goc.pdf",
  ] as const,
  creditPerson: "Nguyễn Văn An",
};

async function setUp() {
  const { services, db } = { services: office.app.services, db: office.db };
  const owner = await services.identity.createEntrant({
    email: SECRET.email,
    password: "mat-khau-rat-dai-2026",
    profile: {
      type: "enterprise",
      fullName: SECRET.name,
      phone: SECRET.phone,
      address: "1 Định Danh, Hà Nội",
      personalId: null,
      companyName: SECRET.company,
      businessRegistrationNumber: SECRET.taxCode,
      taxCode: SECRET.taxCode,
      licenceFileId: null,
    },
  });
  const { id: entryId, category: tvc } = await demoCategoryDraft(db.kysely, services, owner);
  // One picture as an upload stores it (with its re-encoded variants), one whose media record
  // is missing: that one's original must never reach a judge.
  const picture = await services.media.storeImage(
    await writeImage(mkdtempSync(path.join(tmpdir(), "portal-")), "p.jpg", {
      width: 800,
      height: 600,
      format: "jpeg",
    }),
    { purpose: "entry", variantsLater: true },
  );
  const pictureFile = file({ name: SECRET.fileNames[0], variants: { mediaId: picture.id } });
  const attachedPicture = await services.entries.attachFile(owner, entryId, "images", pictureFile);
  if (!attachedPicture.ok) throw new Error(JSON.stringify(attachedPicture));
  const bareImage = file({ name: SECRET.fileNames[0] });
  for (const [field, facts] of [
    ["images", bareImage],
    ["video", file({ name: SECRET.fileNames[1], mime: "video/mp4", bytes: 200_000_000 })],
    ["ideaArticleVi", file({ ...PDF, name: SECRET.fileNames[2] })],
    ["legalCommitment", file({ ...PDF, name: SECRET.fileNames[3] })],
    ["copyrightCommitment", file({ ...PDF, name: SECRET.fileNames[3] })],
  ] as const) {
    const attached = await services.entries.attachFile(owner, entryId, field, facts);
    if (!attached.ok) throw new Error(`${field}: ${JSON.stringify(attached)}`);
  }
  const submitted = await services.entries.submit(owner, entryId);
  if (!submitted.ok) throw new Error(JSON.stringify(submitted));
  await acceptSubmitted(services, entryId);
  const actor = { id: "staff", email: "staff@example.vn" };
  const judge = await services.judging.createJudge(actor, Number(tvc.season_id), {
    name: "Hồ Giám Khảo",
    email: "ho.gk@example.vn",
  });
  if (!judge.ok) throw new Error(JSON.stringify(judge));
  const code = await services.judging.issueCode(actor, judge.id);
  if (!code.ok) throw new Error("code");
  const round = await services.judging.createRound(actor, Number(tvc.season_id), {
    nameVi: "Vòng sơ khảo",
    nameEn: "Preliminary round",
  });
  if (!round.ok) throw new Error("round");
  await services.judging.assign(actor, round.id, { judgeId: judge.id, categoryId: String(tvc.id) });
  await services.judging.moveRound(actor, round.id, { to: "open" });
  return { entryId, code: code.code, roundId: round.id, bareImageKey: bareImage.key };
}

const inject = (
  method: string,
  url: string,
  options: { cookie?: string; json?: unknown; form?: string } = {},
) =>
  office.app.fastify.inject({
    method: method as "GET",
    url,
    headers: {
      host: "localhost:3000",
      origin: TEST_ORIGIN,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.json !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.form !== undefined
        ? { "content-type": "application/x-www-form-urlencoded" }
        : {}),
    },
    ...(options.json !== undefined ? { payload: JSON.stringify(options.json) } : {}),
    ...(options.form !== undefined ? { payload: options.form } : {}),
  });

const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(";")[0]!;

describe("the judge portal over HTTP", () => {
  it("takes a judge cookie that is not percent-encoding as no judge, not as a fault", async () => {
    const broken = "vx_judge=%E0%A4%A";
    const page = await inject("GET", "/giam-khao", { cookie: broken });
    expect(page.statusCode).toBe(200);
    const round = await inject("GET", "/giam-khao/vong/1", { cookie: broken });
    expect(round.statusCode).toBe(302);
    expect((await inject("GET", "/api/judging/rounds", { cookie: broken })).statusCode).toBe(401);
  });

  it("signs a judge in, serves their pages and API, blind, and nothing else", async () => {
    const { entryId, code, roundId, bareImageKey } = await setUp();

    // Anonymous: pages send to the code form (naming the page to come back to), the API says 401.
    const anonymousPage = await inject("GET", `/giam-khao/vong/${roundId}`);
    expect([anonymousPage.statusCode, anonymousPage.headers.location]).toEqual([
      302,
      `/giam-khao?next=${encodeURIComponent(`/giam-khao/vong/${roundId}`)}`,
    ]);
    const englishEntry = `/en/giam-khao/vong/${roundId}/${entryId}`;
    const anonymousEnglish = await inject("GET", englishEntry);
    expect(anonymousEnglish.headers.location).toBe(
      `/en/giam-khao?next=${encodeURIComponent(englishEntry)}`,
    );
    expect((await inject("GET", "/api/judging/rounds")).statusCode).toBe(401);
    expect(
      (
        await inject("PUT", `/api/judging/rounds/${roundId}/entries/${entryId}/score`, {
          json: { version: null },
        })
      ).statusCode,
    ).toBe(401);

    // The page form: a wrong code is refused with the form's message; the right one signs in.
    const wrong = await inject("POST", "/giam-khao", { form: "code=AAAA-BBBB-CCCC-DDDD-EEEE" });
    expect(wrong.statusCode).toBe(401);
    const viaPage = await inject("POST", "/giam-khao", {
      form: `code=${encodeURIComponent(code.toLowerCase())}`,
    });
    expect(viaPage.statusCode).toBe(302);
    expect(String(viaPage.headers["set-cookie"])).toMatch(
      /vx_judge=.+; Path=\/; HttpOnly; SameSite=Lax/,
    );
    // Signed in again from a page of the portal, the judge goes back to it; never elsewhere.
    const form = `code=${encodeURIComponent(code)}`;
    const back = await inject("POST", `/en/giam-khao?next=${encodeURIComponent(englishEntry)}`, {
      form,
    });
    expect([back.statusCode, back.headers.location]).toEqual([302, englishEntry]);
    for (const next of ["https://evil.example/giam-khao", "//evil.example", "/quan-tri"]) {
      const elsewhere = await inject("POST", `/giam-khao?next=${encodeURIComponent(next)}`, {
        form,
      });
      expect([elsewhere.statusCode, elsewhere.headers.location], next).toEqual([302, "/giam-khao"]);
    }

    // The API sign-in, then everything a judge can ask for.
    const session = await inject("POST", "/api/judging/session", { json: { code } });
    expect(session.statusCode).toBe(200);
    const cookie = cookieOf(session.headers["set-cookie"]);
    const answers: { url: string; body: string }[] = [];
    const ask = async (method: string, url: string, json?: unknown) => {
      const response = await inject(method, url, {
        cookie,
        ...(json !== undefined ? { json } : {}),
      });
      answers.push({ url: `${method} ${url} → ${response.statusCode}`, body: response.body });
      return response;
    };
    for (const url of [
      "/giam-khao",
      "/en/giam-khao",
      `/giam-khao/vong/${roundId}`,
      `/en/giam-khao/vong/${roundId}`,
      `/giam-khao/vong/${roundId}/${entryId}`,
      `/en/giam-khao/vong/${roundId}/${entryId}`,
      "/api/judging/rounds",
      `/api/judging/rounds/${roundId}/entries`,
    ]) {
      expect((await ask("GET", url)).statusCode, url).toBe(200);
    }
    // A judge's pages are theirs alone: no cache keeps them, so right after the judge saw them
    // a visitor without the cookie is still sent to the code form, not given the judge's page.
    expect(office.app.htmlCache.enabled).toBe(true);
    for (const url of ["/giam-khao", `/giam-khao/vong/${roundId}/${entryId}`]) {
      const mine = await inject("GET", url, { cookie });
      expect(mine.headers["cache-control"], url).toBe("private, no-store");
      expect(mine.headers["x-html-cache"], url).toBeUndefined();
      const theirs = await inject("GET", url);
      expect(theirs.body, url).not.toContain("Hồ Giám Khảo");
      expect(theirs.body, url).not.toContain("Tết sum vầy");
    }
    expect((await inject("GET", `/giam-khao/vong/${roundId}/${entryId}`)).statusCode).toBe(302);
    // The code form itself is not personal, but says no-store too: never kept either.
    expect((await inject("GET", "/giam-khao")).headers["x-html-cache"]).toBeUndefined();
    const page = answers.find((a) =>
      a.url.startsWith(`GET /giam-khao/vong/${roundId}/${entryId}`),
    )!.body;
    expect(page).toContain("Tết sum vầy");
    // The picture with variants is shown from them; the one without is withheld and counted.
    expect(page).toContain("/tep/");
    expect(page).toContain("1 hình ảnh chưa có bản sao đã loại bỏ thông tin trong tệp");
    const linked = answers.flatMap((a) =>
      [...a.body.matchAll(/\/tep\/([\w.-]+)/g)].map((m) => {
        const verified = office.app.services.storage.verifySignedToken(m[1]!);
        return verified.ok ? verified.claims.key : `${a.url}: bad link`;
      }),
    );
    expect(linked.length).toBeGreaterThan(0);
    expect(linked).not.toContain(bareImageKey);
    expect(linked.filter((key) => !key.startsWith("media-private/"))).toEqual([]);

    // A round's days (the app's clock: 01/09/2026 in Vietnam). Before its first day the judge's
    // pages say when scoring starts, the sheet is read-only, and the API refuses every write
    // naming the day, in the page's language; after its last day, that it ended.
    const actor = { id: "staff", email: "staff@example.vn" };
    const { services } = office.app;
    const setDays = async (startsOn: string, endsOn: string) =>
      expect(
        await services.judging.updateRound(actor, roundId, {
          nameVi: "Vòng sơ khảo",
          nameEn: "Preliminary round",
          startsOn,
          endsOn,
        }),
      ).toMatchObject({ ok: true });
    const entryUrl = `/api/judging/rounds/${roundId}/entries/${entryId}`;
    const writes = [
      ["PUT", `${entryUrl}/score`, { scores: {}, version: null }],
      ["DELETE", `${entryUrl}/score`, { version: 1 }],
      ["POST", `${entryUrl}/conflict`, { note: "" }],
    ] as const;
    await setDays("02/09/2026", "20/09/2026");
    const notYetVi = "Vòng chấm này bắt đầu nhận điểm từ 02/09/2026.";
    expect(text("vi", "judging.errors.roundNotYet", { date: "02/09/2026" })).toBe(notYetVi);
    const portalVi = (await ask("GET", "/giam-khao")).body;
    expect(portalVi).toContain("Từ 02/09/2026 đến 20/09/2026");
    expect(portalVi).toContain(notYetVi);
    expect((await ask("GET", `/en/giam-khao/vong/${roundId}`)).body).toContain(
      "This round takes scores from 02/09/2026.",
    );
    const readOnly = (await ask("GET", `/giam-khao/vong/${roundId}/${entryId}`)).body;
    expect(readOnly).toContain("Tết sum vầy");
    expect(readOnly).toContain(notYetVi);
    expect(readOnly).toContain(text("vi", "judging.portal.sheet.readOnly"));
    // Every score field read-only; no button to score and no conflict form.
    const fields = [...readOnly.matchAll(/<input[^>]*class="judge-sheet__score"[^>]*>/g)];
    expect(fields).toHaveLength(6);
    expect(fields.filter((f) => !/\breadOnly=""|\breadonly=""/.test(f[0]))).toEqual([]);
    expect(readOnly).not.toContain(`>${text("vi", "judging.portal.sheet.score")}</button>`);
    expect(readOnly).not.toContain("judge-conflict");
    for (const [method, url, json] of writes) {
      const refused = await ask(method, url, json);
      expect([refused.statusCode, refused.json()], `${method} ${url}`).toEqual([
        409,
        {
          ok: false,
          status: 409,
          code: "notAllowed",
          formError: "judging.errors.roundNotYet",
          formErrorValues: { date: "02/09/2026" },
        },
      ]);
    }
    await setDays("", "31/08/2026");
    const portalEn = (await ask("GET", "/en/giam-khao")).body;
    expect(portalEn).toContain("Until 31/08/2026");
    expect(portalEn).toContain("This round ended on 31/08/2026.");
    expect((await ask("GET", `/giam-khao/vong/${roundId}/${entryId}`)).body).toContain(
      "Vòng chấm này đã kết thúc ngày 31/08/2026.",
    );
    for (const [method, url, json] of writes) {
      const refused = await ask(method, url, json);
      expect([refused.statusCode, refused.json()], `${method} ${url}`).toMatchObject([
        409,
        { formError: "judging.errors.roundEnded", formErrorValues: { date: "31/08/2026" } },
      ]);
    }
    // A round of one day, today: its first day and its last. The sheet takes scores again.
    await setDays("01/09/2026", "01/09/2026");
    const today = (await ask("GET", `/giam-khao/vong/${roundId}/${entryId}`)).body;
    expect(today).not.toContain("judge-window-notice");
    expect(today).toContain(`>${text("vi", "judging.portal.sheet.score")}</button>`);
    expect((await ask("GET", "/giam-khao")).body).toContain("Từ 01/09/2026 đến 01/09/2026");

    const scores = {
      creativeIdea: 8,
      message: 8,
      craft: 8,
      brandRecall: 8,
      responsibility: 8,
      culturalIdentity: 8,
    };
    const put = await ask("PUT", `/api/judging/rounds/${roundId}/entries/${entryId}/score`, {
      scores,
      version: null,
    });
    expect(put.json()).toMatchObject({
      ok: true,
      action: "score",
      score: { total: 8, version: 1 },
    });
    const stale = await ask("PUT", `/api/judging/rounds/${roundId}/entries/${entryId}/score`, {
      scores,
      version: null,
    });
    expect(stale.statusCode).toBe(409);
    const bad = await ask("PUT", `/api/judging/rounds/${roundId}/entries/${entryId}/score`, {
      scores: { craft: 99 },
      version: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await ask("DELETE", `/api/judging/rounds/${roundId}/entries/${entryId}/score`, {
          version: 1,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ask("POST", `/api/judging/rounds/${roundId}/entries/${entryId}/conflict`, {
          note: "",
        })
      ).statusCode,
    ).toBe(200);
    expect((await ask("GET", `/giam-khao/vong/${roundId}/${entryId}`)).statusCode).toBe(200);

    // Blind: not one answer carries the entrant's identity or the files' original names.
    const identity = [
      SECRET.name,
      SECRET.email,
      SECRET.phone,
      SECRET.phoneLocal,
      SECRET.company,
      SECRET.taxCode,
      SECRET.creditPerson,
      ...SECRET.fileNames,
    ];
    const leaks = answers.flatMap((a) =>
      identity.filter((s) => a.body.includes(s)).map((s) => `${a.url}: ${s}`),
    );
    expect(leaks).toEqual([]);
    // The entrant's signed commitments are not among the files a judge gets.
    const entryJson = (
      await inject("GET", `/api/judging/rounds/${roundId}/entries`, { cookie })
    ).json() as {
      entries: Record<string, unknown>[];
    };
    expect(Object.keys(entryJson.entries[0]!)).not.toContain("ownerUserId");

    // A judge's cookie opens nothing else: not the back office, not an entrant's account.
    for (const url of ["/quan-tri", "/quan-tri/cham-giai", "/tai-khoan", "/nop-bai-du-thi"]) {
      const response = await inject("GET", url, { cookie });
      expect(response.statusCode, url).toBe(302);
      expect(String(response.headers.location), url).toContain("dang-nhap");
    }
    expect((await inject("GET", "/api/media?purpose=news", { cookie })).statusCode).toBe(401);

    // Once the round closes, the judge's pages of it say so by name, in the page's language,
    // with the organisers' address and the way back; a round that is not theirs stays 404.
    expect(await services.judging.moveRound(actor, roundId, { to: "closed" })).toMatchObject({
      ok: true,
    });
    for (const [url, title] of [
      [`/giam-khao/vong/${roundId}`, "Vòng sơ khảo: đã đóng chấm điểm"],
      [`/giam-khao/vong/${roundId}/${entryId}`, "Vòng sơ khảo: đã đóng chấm điểm"],
      [`/en/giam-khao/vong/${roundId}`, "Preliminary round is closed for scoring"],
    ] as const) {
      const closed = await inject("GET", url, { cookie });
      expect(closed.statusCode, url).toBe(200);
      expect(closed.body, url).toContain(title);
      expect(closed.body, url).toMatch(/href="mailto:[^"]+@[^"]+"/);
      expect(closed.body, url).toContain(
        url.startsWith("/en") ? 'href="/en/giam-khao"' : 'href="/giam-khao"',
      );
      expect(closed.body, url).not.toContain("Tết sum vầy");
    }
    const english = await inject("GET", `/en/giam-khao/vong/${roundId}`, { cookie });
    expect(english.body).toContain("scores can no longer be given, changed or deleted");
    expect((await inject("GET", "/giam-khao/vong/999999", { cookie })).statusCode).toBe(404);
    const judge = (await services.judging.judgeOfCookie(cookie))!;
    const other = await services.judging.createRound(actor, judge.seasonId, {
      nameVi: "Vòng của người khác",
      nameEn: "Someone else's round",
    });
    if (!other.ok) throw new Error("round");
    for (const to of ["open", "closed"]) {
      expect(await services.judging.moveRound(actor, other.id, { to })).toMatchObject({ ok: true });
    }
    const notMine = await inject("GET", `/giam-khao/vong/${other.id}`, { cookie });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.body).not.toContain("Vòng của người khác");

    // Signing out ends the session.
    expect((await inject("DELETE", "/api/judging/session", { cookie })).statusCode).toBe(204);
    expect((await inject("GET", "/api/judging/rounds", { cookie })).statusCode).toBe(401);
  });
});
