import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Selectable } from "kysely";
import { MEDIA_PREFIX, mediaTokenOf, type ResponsiveImageData } from "../../../core/media-image";
import type { Db } from "../../db/database";
import type { MediaTable } from "../../db/schema";
import type { Storage } from "../storage";
import { heavyWork } from "../../cpu-gate";
import {
  encodeVariant,
  variantKey,
  variantPlan,
  type Variant,
  type VariantFormat,
} from "./variants";
import { inspectFile, MediaRejected, type InspectOptions, type MediaFacts } from "./inspect";

export { MediaRejected, MAX_IMAGE_PIXELS } from "./inspect";
export type { InspectOptions, MediaFacts, MediaKind } from "./inspect";

export { VARIANT_WIDTHS } from "./variants";

/** The stored name of a public variant inside `media/<token>/`. */
export const VARIANT_FILE = /^w\d{1,5}\.(avif|webp|jpg|png)$/;
export const MEDIA_TOKEN = /^[a-f0-9]{24}$/;

export interface MediaImage extends ResponsiveImageData {
  id: number;
  width: number;
  height: number;
  srcset: { avif: string; webp: string; fallback: string };
  purpose: string;
  mime: string;
  bytes: number;
  createdAt: string;
  visibility: MediaVisibility;
}

export type MediaVisibility = "public" | "private";

/** Purposes whose images are private unless told otherwise: unpublished entries (PRODUCT §8). */
export const PRIVATE_PURPOSES: readonly string[] = ["entry"];

/** How long the signed links in a private image's `src`/`srcset` work. */
export const PRIVATE_IMAGE_LINK_SECONDS = 15 * 60;

export type MediaService = ReturnType<typeof createMediaService>;

/** A legacy image path (demo data, older records) as a picture without variants. */
function legacyImage(src: string, alt: string | null): ResponsiveImageData {
  return { id: null, src, width: null, height: null, alt, srcset: null, sizes: null };
}

/**
 * Media (DESIGN "Files"): the type of any uploaded file by
 * content (`inspect`), and images turned into responsive variants stored through Storage and
 * listed in the `media` table. Public variants are served by ./routes.ts at `/media/…`.
 */
export function createMediaService(options: {
  storage: Storage;
  db: Db;
  clock?: () => Date;
  /** Where originals are copied to have variants made later (default: the system's). */
  tempDir?: string;
}) {
  const { storage, db } = options;
  const clock = options.clock ?? (() => new Date());
  const tempDir = options.tempDir ?? tmpdir();

  /** A stored object copied to a local file (sharp reads files; S3 objects are remote). */
  const copyToTemp = async (key: string): Promise<string | null> => {
    const object = await storage.get(key);
    if (!object) return null;
    await mkdir(tempDir, { recursive: true });
    const file = path.join(tempDir, `variants-${randomBytes(8).toString("hex")}`);
    await pipeline(object.body, createWriteStream(file));
    return file;
  };

  /**
   * A public variant's address (`/media/<token>/<file>`, wherever it is stored: a published
   * entry's pictures stay under `media-private/`), or for a private image a fresh signed link.
   */
  const urlOf = (row: Selectable<MediaTable>, key: string) =>
    row.visibility === "private"
      ? storage.signedUrl(key, { disposition: "inline", ttlSeconds: PRIVATE_IMAGE_LINK_SECONDS })
      : `${MEDIA_PREFIX}${row.token}/${key.slice(key.lastIndexOf("/") + 1)}`;

  const toImage = (row: Selectable<MediaTable>): MediaImage => {
    const variants = JSON.parse(row.variants) as Variant[];
    const set = (format: VariantFormat | "fallback") =>
      variants
        .filter((v) =>
          format === "fallback" ? v.format === "jpeg" || v.format === "png" : v.format === format,
        )
        .sort((a, b) => a.width - b.width)
        .map((v) => `${urlOf(row, v.key)} ${v.width}w`)
        .join(", ");
    const fallbacks = variants
      .filter((v) => v.format === "jpeg" || v.format === "png")
      .sort((a, b) => b.width - a.width);
    return {
      id: row.id,
      src: fallbacks[0] ? urlOf(row, fallbacks[0].key) : "",
      width: row.width,
      height: row.height,
      alt: row.alt,
      srcset: { avif: set("avif"), webp: set("webp"), fallback: set("fallback") },
      sizes: null,
      purpose: row.purpose,
      mime: row.mime,
      bytes: Number(row.bytes),
      createdAt: row.created_at,
      visibility: row.visibility,
    };
  };

  const rowsById = (ids: readonly number[]) =>
    ids.length === 0
      ? Promise.resolve([] as Selectable<MediaTable>[])
      : db.kysely
          .selectFrom("media")
          .selectAll()
          .where("id", "in", [...ids])
          .execute();

  /** `resolve` for a list, in one query; the result is in the same order. */
  const resolveMany = async (
    refs: readonly { mediaId?: number | null; src?: string | null; alt?: string | null }[],
  ): Promise<(ResponsiveImageData | null)[]> => {
    const ids = refs.map((r) => r.mediaId).filter((id): id is number => typeof id === "number");
    const tokens = [
      ...new Set(refs.map((r) => mediaTokenOf(r.src)).filter((t): t is string => Boolean(t))),
    ];
    const rows = [
      ...(await rowsById([...new Set(ids)])),
      ...(tokens.length
        ? await db.kysely.selectFrom("media").selectAll().where("token", "in", tokens).execute()
        : []),
    ];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const byToken = new Map(rows.map((row) => [row.token, row]));
    return refs.map((ref) => {
      const row =
        (typeof ref.mediaId === "number" ? byId.get(ref.mediaId) : undefined) ??
        byToken.get(mediaTokenOf(ref.src) ?? "");
      if (row) {
        const image = toImage(row);
        return { ...image, alt: ref.alt ?? image.alt };
      }
      return ref.src ? legacyImage(ref.src, ref.alt ?? null) : null;
    });
  };

  return {
    /** What the file really is; throws `MediaRejected` (with an i18n key) when it is refused. */
    inspect(filePath: string, inspectOptions?: InspectOptions): Promise<MediaFacts> {
      return inspectFile(filePath, inspectOptions);
    },

    /**
     * Checks an image (JPEG/PNG/WebP, ≤ 40 megapixels), stores the original (private: it may
     * carry EXIF/GPS) and its variants — widths up to 1600 px, AVIF, WebP and a JPEG (PNG when
     * transparent) fallback, metadata stripped, EXIF orientation applied — and records it.
     */
    async storeImage(
      filePath: string,
      input: {
        purpose: string;
        alt?: string | null;
        createdBy?: string | null;
        maxBytes?: number;
        /** Default: private for PRIVATE_PURPOSES (entries), public otherwise. */
        visibility?: MediaVisibility;
        /**
         * Store the original and the smallest variant now, the rest later (`completeVariants`,
         * run by the image-variants job): an entrant's upload is acknowledged without waiting
         * for the heavy encodings.
         */
        variantsLater?: boolean;
      },
    ): Promise<MediaImage> {
      const facts = await inspectFile(filePath, {
        accept: ["image"],
        ...(input.maxBytes !== undefined ? { maxBytes: input.maxBytes } : {}),
      });
      const width = facts.width!;
      const height = facts.height!;
      const token = randomBytes(12).toString("hex");
      const visibility: MediaVisibility =
        input.visibility ?? (PRIVATE_PURPOSES.includes(input.purpose) ? "private" : "public");
      // Only `media/` is served publicly; private images live beside it.
      const base = `${visibility === "private" ? "media-private" : "media"}/${token}`;
      const originalKey = `${base}/original.${facts.ext}`;
      const plan = variantPlan(width, facts.hasAlpha);
      const now = input.variantsLater ? plan.slice(0, 1) : plan;
      const stored: string[] = [];
      const variants: Variant[] = [];
      // Nine encodings (AVIF above all) are a quarter of a second of a core or more: one
      // picture at a time per free core (server/cpu-gate.ts); the one small variant of a
      // picture stored for later goes ahead, someone is waiting on it.
      return heavyWork.run(async () => {
        try {
          await storage.putFile(originalKey, filePath, { contentType: facts.mime });
          stored.push(originalKey);
          for (const variant of now) {
            const made = await encodeVariant(storage, filePath, originalKey, variant);
            stored.push(made.key);
            variants.push(made);
          }
          const row = await db.kysely
            .insertInto("media")
            .values({
              token,
              purpose: input.purpose,
              visibility,
              mime: facts.mime,
              bytes: facts.bytes,
              width,
              height,
              has_alpha: facts.hasAlpha ? 1 : 0,
              original_key: originalKey,
              variants: JSON.stringify(variants),
              alt: input.alt?.trim() || null,
              created_by: input.createdBy ?? null,
              created_at: clock().toISOString(),
              variants_done: now.length === plan.length ? 1 : 0,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return toImage(row);
        } catch (error) {
          await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
          throw error;
        }
      }, input.variantsLater === true);
    },

    /** Images stored with `variantsLater` whose other variants are still to be made, oldest first. */
    async pendingVariants(limit = 20): Promise<number[]> {
      const rows = await db.kysely
        .selectFrom("media")
        .select("id")
        .where("variants_done", "=", 0)
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Makes the variants an image stored with `variantsLater` still lacks, from its original,
     * one encoding at a time through the CPU gate (behind anything someone waits on). An image
     * deleted meanwhile keeps nothing; one whose pixels turn out unreadable keeps what it has.
     * Returns whether there was work.
     */
    async completeVariants(id: number): Promise<boolean> {
      const row = await db.kysely
        .selectFrom("media")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row || row.variants_done === 1) return false;
      const have = JSON.parse(row.variants) as Variant[];
      const missing = variantPlan(row.width, row.has_alpha === 1).filter(
        (v) => !have.some((h) => h.key === variantKey(row.original_key, v)),
      );
      const made: Variant[] = [];
      const file = await copyToTemp(row.original_key);
      // The original is gone (the image is being deleted): nothing more can be made.
      if (file === null) {
        await db.kysely
          .updateTable("media")
          .set({ variants_done: 1 })
          .where("id", "=", id)
          .execute();
        return true;
      }
      try {
        for (const variant of missing) {
          made.push(
            await heavyWork.run(() => encodeVariant(storage, file, row.original_key, variant)),
          );
        }
      } catch (error) {
        if (!(error instanceof MediaRejected)) {
          await Promise.all(made.map((v) => storage.delete(v.key).catch(() => undefined)));
          throw error;
        }
      } finally {
        await rm(file, { force: true });
      }
      const updated = await db.kysely
        .updateTable("media")
        .set({ variants: JSON.stringify([...have, ...made]), variants_done: 1 })
        .where("id", "=", id)
        .where("variants_done", "=", 0)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await Promise.all(made.map((v) => storage.delete(v.key).catch(() => undefined)));
      }
      return true;
    },

    /** An uploaded image by id, or null. */
    async get(id: number): Promise<MediaImage | null> {
      const [row] = await rowsById([id]);
      return row ? toImage(row) : null;
    },

    /** Several images by id in one query (lists of jury members, winners, news). */
    async getMany(ids: readonly (number | null | undefined)[]): Promise<Map<number, MediaImage>> {
      const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
      return new Map((await rowsById(wanted)).map((row) => [row.id, toImage(row)]));
    },

    /**
     * What a page needs to draw an image field: the media image when `mediaId` is set or
     * `src` is one of its `/media/…` addresses, otherwise `src` as a legacy path; null when
     * there is neither. One query at most.
     */
    async resolve(ref: {
      mediaId?: number | null;
      src?: string | null;
      alt?: string | null;
    }): Promise<ResponsiveImageData | null> {
      return (await resolveMany([ref]))[0] ?? null;
    },

    resolveMany,

    /**
     * The public images of the library, newest first, a page at a time (the editor's "choose
     * from library"); `purpose` narrows it to one use. Private (entry) images are never listed.
     */
    async list(options: { purpose?: string | null; page?: number; pageSize?: number } = {}) {
      const pageSize = Math.min(Math.max(1, Math.floor(options.pageSize ?? 24)), 100);
      let query = db.kysely.selectFrom("media").where("visibility", "=", "public");
      if (options.purpose) query = query.where("purpose", "=", options.purpose);
      const { n } = await query
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      const total = Number(n);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const page = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), pageCount);
      const rows = await query
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map(toImage), page, pageCount, pageSize, total };
    },

    /** Deletes an image's row and every stored file. */
    async remove(id: number): Promise<boolean> {
      const [row] = await rowsById([id]);
      if (!row) return false;
      await db.kysely.deleteFrom("media").where("id", "=", id).execute();
      const variants = JSON.parse(row.variants) as Variant[];
      await Promise.all(
        [row.original_key, ...variants.map((v) => v.key)].map((key) =>
          storage.delete(key).catch(() => undefined),
        ),
      );
      return true;
    },

    /**
     * The storage key behind a public address `/media/<token>/<file>`: a variant of an image
     * that is public now (an unpublished entry's pictures are private again), or null.
     */
    async publicVariantKey(token: string, file: string): Promise<string | null> {
      if (!MEDIA_TOKEN.test(token) || !VARIANT_FILE.test(file)) return null;
      const row = await db.kysely
        .selectFrom("media")
        .select(["visibility", "variants"])
        .where("token", "=", token)
        .executeTakeFirst();
      if (!row || row.visibility !== "public") return null;
      const variants = JSON.parse(row.variants) as Variant[];
      return variants.find((v) => v.key.endsWith(`/${file}`))?.key ?? null;
    },

    /** The storage key behind a public address `/media/<token>/<file>`, or null. */
    publicKey(token: string, file: string): string | null {
      return MEDIA_TOKEN.test(token) && VARIANT_FILE.test(file) ? `media/${token}/${file}` : null;
    },

    prefix: MEDIA_PREFIX,
  };
}
