import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { writeImage } from "../../test-support/media-files";
import { startVariantWork } from "./variant-work";
import { mediaTestbed, workDir } from "./testbed";

const work = workDir();
const keysOf = (srcset: string) => srcset.split(", ").filter(Boolean);

describe.each(testDatabases())("picture variants made later on $name", (target) => {
  describe.skipIf(!target.available)("variantsLater and the image-variants job", () => {
    const { bed } = mediaTestbed(target);
    const done = async (id: number) =>
      (
        await bed.db.kysely
          .selectFrom("media")
          .select("variants_done")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).variants_done;

    it("stores the original and the smallest fallback now, every other variant later", async () => {
      const file = await writeImage(work.dir, "entry-later.jpg", {
        width: 2000,
        height: 1000,
        format: "jpeg",
      });
      const now = await bed.media.storeImage(file, { purpose: "entry", variantsLater: true });
      // Shown at once with what there is: one JPEG at 480 px, through a signed link.
      expect(keysOf(now.srcset.fallback)).toHaveLength(1);
      expect(now.srcset.fallback).toMatch(/^\/tep\/\S+ 480w$/);
      expect(now.srcset.avif).toBe("");
      expect(now.srcset.webp).toBe("");
      expect(now.src).toMatch(/^\/tep\/\S+$/);
      expect(await done(now.id)).toBe(0);
      expect(await bed.media.pendingVariants()).toContain(now.id);

      expect(await bed.media.completeVariants(now.id)).toBe(true);
      const whole = (await bed.media.get(now.id))!;
      expect(keysOf(whole.srcset.avif)).toHaveLength(3);
      expect(keysOf(whole.srcset.webp)).toHaveLength(3);
      expect(keysOf(whole.srcset.fallback)).toHaveLength(3);
      expect(whole.srcset.fallback).toMatch(/ 480w, \S+ 960w, \S+ 1600w$/);
      expect(await done(now.id)).toBe(1);
      expect(await bed.media.pendingVariants()).not.toContain(now.id);
      // Every variant the row lists is in storage.
      const row = await bed.db.kysely
        .selectFrom("media")
        .select(["variants"])
        .where("id", "=", now.id)
        .executeTakeFirstOrThrow();
      const variants = JSON.parse(row.variants) as { key: string }[];
      expect(variants).toHaveLength(9);
      for (const v of variants) expect(await bed.storage.stat(v.key)).not.toBeNull();
      // Nothing more to do the second time.
      expect(await bed.media.completeVariants(now.id)).toBe(false);
    });

    it("the job makes every waiting picture's variants, and keeps nothing of a deleted one", async () => {
      const ids: number[] = [];
      for (const name of ["a.jpg", "b.jpg"]) {
        const file = await writeImage(work.dir, name, { width: 900, height: 600, format: "jpeg" });
        ids.push((await bed.media.storeImage(file, { purpose: "entry", variantsLater: true })).id);
      }
      // One is deleted before the job runs: its row and files go, the job skips it.
      const gone = (await bed.media.get(ids[1]!))!;
      await bed.media.remove(gone.id);
      const errors: unknown[] = [];
      const job = startVariantWork(bed.media, (work) => work(), {
        error: (object) => errors.push(object),
      });
      job.kick();
      await job.idle();
      await job.stop();
      expect(errors).toEqual([]);
      expect(await done(ids[0]!)).toBe(1);
      expect(keysOf((await bed.media.get(ids[0]!))!.srcset.avif)).toHaveLength(2);
      expect(await bed.media.get(ids[1]!)).toBeNull();
      expect(await bed.media.pendingVariants()).toEqual([]);
    });
  });
});
