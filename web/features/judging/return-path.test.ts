import { describe, expect, it } from "vitest";
import { judgeReturnPath, judgeSignInPath } from "./return-path";

describe("judgeReturnPath", () => {
  it.each([
    "/giam-khao",
    "/giam-khao/vong/3",
    "/giam-khao/vong/3/6f1c2d4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
    "/en/giam-khao/vong/3/6f1c2d4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
    "/giam-khao/vong/3?category=12",
  ])("takes the judge portal's page %s", (path) => {
    expect(judgeReturnPath(path)).toBe(path);
  });

  it.each([
    null,
    "",
    "https://evil.example/giam-khao",
    "//evil.example/giam-khao",
    "/\\evil.example/giam-khao",
    "/%2F%2Fevil.example",
    "/quan-tri",
    "/tai-khoan",
    "/giam-khaox",
    "/giam-khao/../quan-tri",
    "/giam-khao/vong/3#x",
    "/en/quan-tri/giam-khao",
  ])("refuses %s", (path) => {
    expect(judgeReturnPath(path)).toBeNull();
  });

  it("builds the sign-in address that returns there, and none for another page", () => {
    expect(judgeSignInPath("/en/giam-khao", "/en/giam-khao/vong/3/abc")).toBe(
      "/en/giam-khao?next=%2Fen%2Fgiam-khao%2Fvong%2F3%2Fabc",
    );
    expect(judgeSignInPath("/giam-khao", "/quan-tri")).toBe("/giam-khao");
  });
});
