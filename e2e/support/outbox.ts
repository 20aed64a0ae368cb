import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { e2eServer } from "./server";

interface OutboxEntry {
  id: string;
  to: string;
  template: string | null;
  lang: string | null;
  createdAt: string;
}

export interface OutboxMail {
  entry: OutboxEntry;
  parsed: ParsedMail;
}

/**
 * The newest message of `template` the e2e server filed for `to` after `since` (its outbox:
 * an `.eml` and a `.json` per message) whose text contains `containing` (every one, when a
 * list) when given, waiting for it a few seconds.
 */
export async function mailTo(
  to: string,
  template: string,
  since: Date = new Date(0),
  containing?: string | readonly string[],
): Promise<OutboxMail> {
  const wanted = containing === undefined ? [] : [containing].flat();
  const dir = e2eServer().outboxDir;
  const deadline = Date.now() + 5_000;
  for (;;) {
    const names = await readdir(dir).catch(() => [] as string[]);
    const entries = await Promise.all(
      names
        .filter((name) => name.endsWith(".json"))
        .map(
          async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8")) as OutboxEntry,
        ),
    );
    const candidates = entries
      .filter(
        (e) =>
          e.to === to.toLowerCase() && e.template === template && new Date(e.createdAt) >= since,
      )
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    for (const entry of candidates) {
      const parsed = await simpleParser(await readFile(path.join(dir, `${entry.id}.eml`)));
      if (wanted.every((text) => (parsed.text ?? "").includes(text))) {
        return { entry, parsed };
      }
    }
    if (Date.now() > deadline) throw new Error(`no ${template} mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The link in a message's text that goes to `pathPrefix` on the site. */
export function linkIn(mail: OutboxMail, pathPrefix: string): string {
  const text = mail.parsed.text ?? "";
  const link = text.split(/\s+/).find((word) => {
    try {
      return new URL(word).pathname.startsWith(pathPrefix);
    } catch {
      return false;
    }
  });
  if (!link) throw new Error(`no link to ${pathPrefix} in:\n${text}`);
  return link;
}
