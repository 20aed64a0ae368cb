import { describe, expect, it } from "vitest";
import { classifyLoadError } from "./errors";
import { ResponseError } from "./range-source";

describe("classifyLoadError (seed §8: each viewer error has its own message)", () => {
  it("sorts pdf.js's exceptions and our fetch failures", () => {
    expect(classifyLoadError({ name: "InvalidPDFException" })).toBe("invalid");
    expect(classifyLoadError({ name: "ResponseException", status: 404, missing: true })).toBe(
      "missing",
    );
    expect(classifyLoadError({ name: "ResponseException", status: 500, missing: false })).toBe(
      "unexpected",
    );
    expect(classifyLoadError(new ResponseError(404, true))).toBe("missing");
    expect(classifyLoadError(new ResponseError(502, false))).toBe("unexpected");
    expect(classifyLoadError({ name: "MissingPDFException" })).toBe("missing");
    expect(classifyLoadError({ name: "UnexpectedResponseException" })).toBe("unexpected");
  });

  it("calls anything else unknown", () => {
    expect(classifyLoadError(new TypeError("Failed to fetch"))).toBe("unknown");
    expect(classifyLoadError(undefined)).toBe("unknown");
    expect(classifyLoadError("boom")).toBe("unknown");
  });
});
