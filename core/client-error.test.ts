import { describe, expect, test } from "vitest";
import { CLIENT_ERROR_LIMITS, clientErrorReport } from "./client-error";
import { clientErrorReportSchema } from "./client-error-schema";

describe("client error reports", () => {
  test("an error becomes its name, message and stack, for the page's path without its query", () => {
    const error = new TypeError("x is not a function");
    const report = clientErrorReport("uncaught", error, "/dat-lai-mat-khau?token=secret#top");
    expect(report).toEqual({
      kind: "uncaught",
      message: "TypeError: x is not a function",
      stack: error.stack,
      path: "/dat-lai-mat-khau",
    });
    expect(clientErrorReportSchema.safeParse(report).success).toBe(true);
  });

  test("what is not an Error is reported as text; anything long is cut to what the server takes", () => {
    const long = "é".repeat(10_000);
    const report = clientErrorReport("rejection", long, `/${"a".repeat(1_000)}`);
    expect(report.message).toHaveLength(CLIENT_ERROR_LIMITS.messageChars);
    expect(report.path).toHaveLength(CLIENT_ERROR_LIMITS.pathChars);
    expect(report.stack).toBeUndefined();
    expect(clientErrorReportSchema.safeParse(report).success).toBe(true);
    expect(clientErrorReport("rejection", undefined, "/").message).toBe("unknown");
  });

  test("the server refuses other kinds, other fields, a query in the path, and long text", () => {
    const ok = { kind: "render", message: "Error: boom", path: "/tai-khoan" };
    expect(clientErrorReportSchema.safeParse(ok).success).toBe(true);
    for (const bad of [
      { ...ok, kind: "warning" },
      { ...ok, email: "a@example.vn" },
      { ...ok, path: "/dat-lai-mat-khau?token=secret" },
      { ...ok, path: "https://example.com/" },
      { ...ok, message: "  " },
      { ...ok, message: "x".repeat(CLIENT_ERROR_LIMITS.messageChars + 1) },
      { ...ok, stack: "x".repeat(CLIENT_ERROR_LIMITS.stackChars + 1) },
    ]) {
      expect(clientErrorReportSchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(
        false,
      );
    }
  });
});
