import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./sqlite-statements";

describe("withStatementCache", () => {
  let dir: string;
  let raw: SQLite.Database;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "vx-statements-"));
    raw = new SQLite(path.join(dir, "test.db"));
    raw.exec("create table t (id integer primary key, name text)");
    raw.prepare("insert into t (name) values (?), (?), (?)").run("a", "b", "c");
  });
  afterEach(() => {
    if (raw.open) raw.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("compiles a query text once and reuses the statement with new values", () => {
    const db = withStatementCache(raw);
    const first = db.prepare("select name from t where id = ?");
    const again = db.prepare("select name from t where id = ?");
    expect(again).toBe(first);
    expect(again.all([2])).toEqual([{ name: "b" }]);
    expect(db.prepare("select name from t where id = ?").all([3])).toEqual([{ name: "c" }]);
  });

  it("hands a fresh statement while the kept one is still being iterated", () => {
    const db = withStatementCache(raw);
    const sql = "select name from t order by id";
    const kept = db.prepare(sql) as SQLite.Statement;
    const iterator = kept.iterate();
    expect(iterator.next().value).toEqual({ name: "a" });
    const other = db.prepare(sql);
    expect(other).not.toBe(kept);
    expect(other.all([])).toHaveLength(3);
    expect([...iterator]).toEqual([{ name: "b" }, { name: "c" }]);
    expect(db.prepare(sql)).toBe(kept);
  });

  it("drops the least recently used statement beyond its size", () => {
    const db = withStatementCache(raw, 2);
    const one = db.prepare("select 1");
    const two = db.prepare("select 2");
    expect(db.prepare("select 1")).toBe(one); // now "select 2" is the least recent
    db.prepare("select 3");
    expect(db.prepare("select 1")).toBe(one);
    expect(db.prepare("select 2")).not.toBe(two);
  });

  it("sees a schema change made after the statement was kept", () => {
    const db = withStatementCache(raw);
    const sql = "select * from t where id = ?";
    expect(db.prepare(sql).all([1])).toEqual([{ id: 1, name: "a" }]);
    raw.exec("alter table t add column note text default 'x'");
    expect(db.prepare(sql).all([1])).toEqual([{ id: 1, name: "a", note: "x" }]);
  });

  it("closes the database", () => {
    const db = withStatementCache(raw);
    db.prepare("select 1");
    db.close();
    expect(raw.open).toBe(false);
  });
});
