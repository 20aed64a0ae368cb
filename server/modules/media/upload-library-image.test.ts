import { describe, expect, it } from "vitest";
import type { MediaImage } from "./service";
import { MediaRejected } from "./service";
import { uploadLibraryImage } from "./upload-library-image";

const actor = { id: "u1", email: "editor@example.vn", ip: "203.0.113.9" };
const image = { id: 7, width: 800, height: 600, bytes: 1234, mime: "image/jpeg" } as MediaImage;

describe("uploadLibraryImage", () => {
  it("stores the image for the actor and records it in the audit log", async () => {
    const recorded: unknown[] = [];
    const stored: unknown[] = [];
    const outcome = await uploadLibraryImage(
      {
        media: {
          storeImage: async (filePath, input) => {
            stored.push({ filePath, ...input });
            return image;
          },
        },
        audit: { record: async (...entry) => void recorded.push(entry) },
      },
      actor,
      { filePath: "/tmp/x", purpose: "news", alt: "Ảnh" },
    );
    expect(outcome).toEqual({ ok: true, image });
    expect(stored).toEqual([
      {
        filePath: "/tmp/x",
        purpose: "news",
        alt: "Ảnh",
        createdBy: "u1",
        maxBytes: 20 * 1024 * 1024,
      },
    ]);
    expect(recorded).toEqual([
      [
        actor,
        "media.upload",
        { type: "media", id: 7 },
        { purpose: "news", width: 800, height: 600, bytes: 1234, mime: "image/jpeg" },
      ],
    ]);
  });

  it("refuses an image the media module rejects with 422 and its key, recording nothing", async () => {
    const recorded: unknown[] = [];
    const outcome = await uploadLibraryImage(
      {
        media: {
          storeImage: async () => {
            throw new MediaRejected("media.notAnImage");
          },
        },
        audit: { record: async (...entry) => void recorded.push(entry) },
      },
      actor,
      { filePath: "/tmp/x", purpose: "general", alt: null },
    );
    expect(outcome).toEqual({ ok: false, status: 422, formError: "media.notAnImage" });
    expect(recorded).toEqual([]);
  });
});
