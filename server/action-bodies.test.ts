import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { LICENCE_FILE_RULES } from "../core/upload-rules";
import type { ServerBuild } from "react-router";
import {
  bodyParses,
  bodyRuleFor,
  bodyTypeOf,
  BodyTooLarge,
  createActionRouteFinder,
  readCapped,
} from "./action-bodies";

/**
 * A route table shaped as the build's: a layout under the optional `en` segment (one route for
 * both languages), an index page, pages with and without actions.
 */
function buildOf(): ServerBuild {
  const action = () => null;
  const route = (id: string, rest: Record<string, unknown>) => ({ id, module: {}, ...rest });
  return {
    routes: {
      root: route("root", { path: "" }),
      layout: route("layout", { parentId: "root", path: "en?" }),
      home: route("home", { parentId: "layout", index: true, module: { action } }),
      "submit-entry": route("submit-entry", {
        parentId: "layout",
        path: "nop-bai-du-thi",
        module: { action },
      }),
      "news-article": route("news-article", {
        parentId: "layout",
        path: "tin-tuc-cuoc-thi/:id",
      }),
    },
  } as unknown as ServerBuild;
}

describe("page action bodies", () => {
  it("name the body type of a Content-Type, refusing multipart without a boundary", () => {
    expect(bodyTypeOf("application/x-www-form-urlencoded;charset=UTF-8")).toBe("form");
    expect(bodyTypeOf("Application/JSON")).toBe("json");
    expect(bodyTypeOf('multipart/form-data; boundary="----x"')).toBe("multipart");
    for (const other of [undefined, "", "text/plain", "multipart/form-data", ";;;", "json"]) {
      expect(bodyTypeOf(other), String(other)).toBeNull();
    }
  });

  it("give public forms 64 KiB, and a file form room for its file", () => {
    expect(bodyRuleFor("sign-in")).toEqual({ types: ["form", "multipart"], maxBytes: 65_536 });
    expect(bodyRuleFor("registration").maxBytes).toBeGreaterThan(LICENCE_FILE_RULES.maxBytes);
    expect(bodyRuleFor("registration").stream).toBe(true);
    // A company replaces its business licence from the account page.
    expect(bodyRuleFor("account").maxBytes).toBeGreaterThan(LICENCE_FILE_RULES.maxBytes);
    expect(bodyRuleFor("account").stream).toBe(true);
    expect(bodyRuleFor("submit-entry").types).toEqual(["json"]);
  });

  it("find the route whose action a POST runs, the same however often and however many paths", () => {
    const actionRouteOf = createActionRouteFinder(buildOf());
    const at = (address: string) => actionRouteOf(new URL(address, "http://127.0.0.1"));
    for (let round = 0; round < 2; round += 1) {
      expect(at("/nop-bai-du-thi.data")).toEqual({ id: "submit-entry", hasAction: true });
      expect(at("/nop-bai-du-thi")).toEqual({ id: "submit-entry", hasAction: true });
      expect(at("/en/nop-bai-du-thi.data")).toEqual({ id: "submit-entry", hasAction: true });
      // An index route's action only with ?index; otherwise its parent's (which has none).
      expect(at("/?index")).toEqual({ id: "home", hasAction: true });
      expect(at("/")).toEqual({ id: "layout", hasAction: false });
      expect(at("/_root.data?index")).toEqual({ id: "home", hasAction: true });
      expect(at("/en?index")).toEqual({ id: "home", hasAction: true });
      expect(at("/en.data?index")).toEqual({ id: "home", hasAction: true });
      expect(at("/tin-tuc-cuoc-thi/7")).toEqual({ id: "news-article", hasAction: false });
      expect(at("/en/tin-tuc-cuoc-thi/7")).toEqual({ id: "news-article", hasAction: false });
      expect(at("/khong-co")).toBeNull();
      expect(at("/en/khong-co")).toBeNull();
    }
    // Past the memo's bound (2,000 paths) the answers stay right.
    for (let id = 0; id < 2_500; id += 1) {
      expect(at(`/tin-tuc-cuoc-thi/${id}`)?.id).toBe("news-article");
    }
    expect(at("/nop-bai-du-thi.data")).toEqual({ id: "submit-entry", hasAction: true });
    expect(at("/?index")).toEqual({ id: "home", hasAction: true });
  });

  it("stop reading past the limit", async () => {
    const body = Readable.from([Buffer.alloc(40_000), Buffer.alloc(40_000), Buffer.alloc(40_000)]);
    await expect(readCapped(body, 65_536)).rejects.toBeInstanceOf(BodyTooLarge);
    const small = await readCapped(Readable.from([Buffer.from("a=1&"), Buffer.from("b=2")]), 64);
    expect(small.toString()).toBe("a=1&b=2");
  });

  it("check that JSON is an object and multipart has its parts", async () => {
    const parses = (type: "json" | "multipart", body: string, contentType = "") =>
      bodyParses(type, contentType, Buffer.from(body));
    expect(await parses("json", '{"intent":"save"}')).toBe(true);
    for (const bad of ["null", "[1]", '{"a":', "42"]) expect(await parses("json", bad)).toBe(false);
    const type = "multipart/form-data; boundary=zz";
    const good = '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zz--\r\n';
    expect(await parses("multipart", good, type)).toBe(true);
    expect(await parses("multipart", "--zz\r\nbroken", type)).toBe(false);
  });
});
