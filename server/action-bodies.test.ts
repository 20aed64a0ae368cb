import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { LICENCE_FILE_RULES } from "../core/upload-rules";
import { bodyParses, bodyRuleFor, bodyTypeOf, BodyTooLarge, readCapped } from "./action-bodies";

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
    expect(bodyRuleFor("vi:sign-in")).toEqual({ types: ["form", "multipart"], maxBytes: 65_536 });
    expect(bodyRuleFor("en:registration").maxBytes).toBeGreaterThan(LICENCE_FILE_RULES.maxBytes);
    expect(bodyRuleFor("en:registration").stream).toBe(true);
    expect(bodyRuleFor("vi:submit-entry").types).toEqual(["json"]);
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
