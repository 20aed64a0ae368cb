import { describe, expect, it } from "vitest";
import { clampPage, likeContains, parseListQuery } from "./list-query";

const SPEC = {
  sorts: ["updated", "title"],
  defaultDir: "desc",
  defaultPageSize: 25,
  filters: { status: ["draft", "published"] },
} as const;

describe("parseListQuery", () => {
  it("reads a well-formed query string", () => {
    const query = parseListQuery(
      new URLSearchParams("q=%20giải%20&sort=title&dir=asc&page=3&pageSize=50&status=draft"),
      SPEC,
    );
    expect(query).toEqual({
      q: "giải",
      sort: "title",
      dir: "asc",
      page: 3,
      pageSize: 50,
      filters: { status: "draft" },
    });
  });

  it("falls back to the defaults on anything unknown or malformed", () => {
    const query = parseListQuery(
      new URLSearchParams(
        "sort=id;drop&dir=up&page=-2&pageSize=100000&status=deleted&q=" + "x".repeat(300),
      ),
      SPEC,
    );
    expect(query).toEqual({
      q: "",
      sort: "updated",
      dir: "desc",
      page: 1,
      pageSize: 25,
      filters: {},
    });
    expect(parseListQuery({}, SPEC)).toMatchObject({ page: 1, sort: "updated" });
    expect(parseListQuery(new URLSearchParams("page=abc"), SPEC).page).toBe(1);
  });

  it("clamps pages into the existing ones and escapes LIKE wildcards", () => {
    expect(clampPage(9, 51, 25)).toEqual({ page: 3, pageCount: 3, offset: 50 });
    expect(clampPage(0, 0, 25)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(likeContains("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
