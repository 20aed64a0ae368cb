import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { renderProtectedPdf } from "../../demo/demo-documents";
import { SUBJECTS } from "../../test-support/email-subjects";
import { testDatabases } from "../../test-support/databases";
import { createJudgeCopies } from "../media/judge-copies";
import { mailCount, moved, newestMail } from "./lifecycle-testbed";
import { entriesTestbed, file, PDF, type EntriesTestbed } from "./testbed";

/** A complete draft of `userId` whose Vietnamese idea article is a password-protected PDF. */
async function draftWithLockedArticle(t: EntriesTestbed, userId: string) {
  const bytes = await renderProtectedPdf(null);
  const key = `entries/${randomBytes(16).toString("hex")}.pdf`;
  await t.services.storage.put(key, bytes, { contentType: "application/pdf" });
  const entry = await t.completeDraft(userId, {
    ideaArticleVi: file({ ...PDF, name: "y-tuong-co-mat-khau.pdf", key, bytes: bytes.length }),
  });
  return { entry, key };
}

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("a file judges cannot be given", () => {
    const t = entriesTestbed(target);

    it("is told to its entrant once, in their language, while they can still replace it", async () => {
      const { entry, key } = await draftWithLockedArticle(t, t.bob);
      expect(await t.services.judgeCopies.make(key)).toBe(true);
      const mail = await newestMail(t, "bob@example.com", "entryFileNotJudgeable");
      expect(mail).toMatchObject({ lang: "en" });
      expect(mail!.subject).toBe(
        SUBJECTS.entryFileNotJudgeable.en.replace("VX26-TVC-0042", entry.code ?? ""),
      );
      expect(mail!.text).toContain("The judges will not see the file “y-tuong-co-mat-khau.pdf”");
      expect(mail!.text).toContain("it is password-protected");
      expect(mail!.text).toContain("Part: Idea introduction article (Vietnamese)");
      expect(mail!.text).toContain("upload a copy without a password");
      expect(mail!.text).toContain(`http://localhost:3000/en/nop-bai-du-thi?entry=${entry.id}`);
      // The job does not make it again, and nobody is written to twice.
      expect(await t.services.judgeCopies.make(key)).toBe(false);
      expect(await mailCount(t, "bob@example.com", "entryFileNotJudgeable")).toBe(1);
    });

    it("is recorded even when telling the entrant fails, so the file is not tried again", async () => {
      const { key } = await draftWithLockedArticle(t, t.alice);
      const warnings: string[] = [];
      const judgeCopies = createJudgeCopies({
        db: t.db,
        storage: t.services.storage,
        logger: { warn: (_object, message) => warnings.push(message) },
        refusals: {
          queue: () => Promise.reject(new Error("the mail store is down")),
          queued: () => undefined,
        },
      });
      expect(await judgeCopies.make(key)).toBe(true);
      expect((await judgeCopies.statesOf([key])).get(key)).toEqual({
        state: "failed",
        problem: "encrypted",
      });
      expect(warnings).toContain("the owner of a file judges cannot get could not be told");
      expect(await judgeCopies.make(key)).toBe(false);
      expect(await mailCount(t, "alice@example.vn", "entryFileNotJudgeable")).toBe(0);
    });

    it("is left to staff once the entry is locked", async () => {
      const { entry, key } = await draftWithLockedArticle(t, t.alice);
      // Submitted, paid and accepted: no longer the entrant's to change.
      expect((await t.entries.submit(t.alice, entry.id)).ok).toBe(true);
      await moved(t, entry.id, "paid", "finance");
      await moved(t, entry.id, "accepted", "jury_manager");
      expect(await t.services.judgeCopies.make(key)).toBe(true);
      expect((await t.services.judgeCopies.statesOf([key])).get(key)).toEqual({
        state: "failed",
        problem: "encrypted",
      });
      expect(await mailCount(t, "alice@example.vn", "entryFileNotJudgeable")).toBe(0);
    });
  });
});
