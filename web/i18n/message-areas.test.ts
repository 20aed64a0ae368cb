import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { routePathInEachLanguage } from "../../core/languages";
import en from "../../core/i18n/en.json";
import vi from "../../core/i18n/vi.json";
import routes from "../routes";
import {
  areasLoadedBy,
  areaOfNamespace,
  messageAreaOf,
  SERVER_ONLY_NAMESPACES,
} from "./message-areas";
import { messageBundles, pageMessageUrls } from "./message-bundles.server";

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const NAMESPACES = new Set(Object.keys(vi));

/**
 * Modules public pages import for a constant (the prize names) whose texts only the back
 * office's forms show (its error messages): their namespaces are not counted for the importer.
 */
const TEXTS_SHOWN_BY_BACK_OFFICE = new Set([path.resolve(WEB, "../core/content-admin.ts")]);

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ""));
  for (const file of [base, `${base}.ts`, `${base}.tsx`]) {
    if (/\.tsx?$/.test(file) && existsSync(file)) return file;
  }
  return null;
}

/**
 * The catalogue namespaces a module and the modules it imports name in string literals
 * (`t("news.title")`, a schema's `"validation.required"`, `` `entry.status.${s}` ``). The
 * server's own modules are not followed: the texts they return reach pages as keys the page's
 * own code also names.
 */
function namespacesOf(file: string, found = new Set<string>(), seen = new Set<string>()) {
  if (seen.has(file)) return found;
  seen.add(file);
  // Comments name keys as examples; only code counts.
  const source = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  if (!TEXTS_SHOWN_BY_BACK_OFFICE.has(file)) {
    for (const [, namespace] of source.matchAll(/["'`]([a-z][A-Za-z]*)\.[A-Za-z_$]/g)) {
      if (NAMESPACES.has(namespace!)) found.add(namespace!);
    }
  }
  const imports = source.matchAll(
    /^(?:import|export)(?!\s+type)[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']/gm,
  );
  for (const [, from, dynamic] of imports) {
    const target = resolveImport(file, (from ?? dynamic)!);
    if (target && !target.includes(`${path.sep}server${path.sep}`)) {
      namespacesOf(target, found, seen);
    }
  }
  return found;
}

interface RouteLike {
  path?: string;
  file: string;
  children?: RouteLike[];
}

/** Every page of the route table, in both languages: its address and its modules (layouts first). */
function pages(list: RouteLike[], parents: string[] = [], prefix = ""): [string, string[]][] {
  return list.flatMap((route) => {
    const paths = route.path === undefined ? [undefined] : routePathInEachLanguage(route.path);
    return paths.flatMap((routePath) => {
      const address = routePath ? `${prefix}/${routePath}` : prefix;
      const files = [...parents, route.file];
      return [
        [address || "/", files] as [string, string[]],
        ...pages(route.children ?? [], files, address),
      ];
    });
  });
}

describe("message areas", () => {
  it("every text a page's modules name travels in a bundle that page loads", () => {
    const missing: string[] = [];
    for (const [address, files] of pages(routes as RouteLike[])) {
      const loaded = new Set(areasLoadedBy(messageAreaOf(address)));
      const used = new Set<string>();
      for (const file of ["root.tsx", ...files]) namespacesOf(path.join(WEB, file), used);
      for (const namespace of used) {
        const area = areaOfNamespace(namespace);
        if (!area || !loaded.has(area)) missing.push(`${address}: ${namespace} (${area})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("splits each catalogue into bundles that hold every browser namespace exactly once", () => {
    const bundles = messageBundles();
    for (const [lang, catalogue] of [
      ["vi", vi],
      ["en", en],
    ] as const) {
      const names = bundles
        .filter((bundle) => bundle.lang === lang)
        .flatMap((bundle) => Object.keys(bundle.messages));
      const browser = Object.keys(catalogue).filter((name) => !SERVER_ONLY_NAMESPACES.has(name));
      expect(names.sort()).toEqual(browser.sort());
    }
    for (const bundle of bundles) {
      expect(bundle.fileName).toMatch(/^assets\/i18n\/(vi|en)\.[a-z-]+\.[0-9a-f]{10}\.json$/);
    }
  });

  it("names a new file when a text changes, the same file when nothing did", () => {
    const changed = { vi: { ...vi, common: { ...vi.common, x: "y" } }, en };
    const before = messageBundles().map((bundle) => bundle.fileName);
    const after = messageBundles(changed).map((bundle) => bundle.fileName);
    expect(messageBundles().map((bundle) => bundle.fileName)).toEqual(before);
    const differ = before.filter((name, i) => name !== after[i]);
    expect(differ).toEqual([before.find((name) => name.startsWith("assets/i18n/vi.public."))]);
  });

  it("gives public pages only public texts, and the back office everything", () => {
    expect(pageMessageUrls("vi", "/")).toHaveLength(1);
    expect(pageMessageUrls("en", "/en/tai-khoan")[1]).toMatch(/\/en\.account\./);
    expect(pageMessageUrls("vi", "/giam-khao/vong/1")[1]).toMatch(/\/vi\.judge\./);
    expect(pageMessageUrls("vi", "/quan-tri/bai-du-thi")).toHaveLength(4);
    expect(messageAreaOf("/en/nop-bai-du-thi/thanh-toan")).toBe("account");
    expect(messageAreaOf("/tai-khoan-khac")).toBe("public");
  });
});
