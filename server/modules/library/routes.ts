import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import { LIBRARY_API_PATH, parseLibraryQuery } from "../../../core/library";
import { answerInvalidRequests, useApiSchemas } from "../../plugins/api-schemas";
import type { StorageDriver } from "../storage";
import { sendStoredObject } from "../storage/http";
import type { LibraryService } from "./service";

const notFound = (reply: FastifyReply) =>
  reply.code(404).header("cache-control", "no-store").type("text/plain").send("Not found");

const params = z.object({ id: z.string().uuid(), fileId: z.string().uuid() });

/**
 * `GET /bai-thi/<entry id>/tep/<file id>`: a public file of a published entry (the video, the
 * idea articles, the slides), the same address in both languages. 404 unless the entry is in
 * the library and the file is one of its public fields. Streamed from Storage (disk or S3)
 * with byte ranges, so a video seeks and the PDF viewer reads in chunks; named after the
 * entry code; cached for an hour by anyone (unpublishing takes effect within that hour).
 */
export const libraryRoutes: FastifyPluginAsync<{
  library: Pick<LibraryService, "file" | "list">;
  storage: StorageDriver;
}> = async (plugin, { library, storage }) => {
  const app = useApiSchemas(plugin);
  answerInvalidRequests(plugin, notFound);

  // The published list for a visitor's query, read as leniently as the page's address (an
  // unknown or malformed value is no filter). Public data, the same for everyone; not kept by
  // browsers, so a publication shows at once.
  app.get(LIBRARY_API_PATH, async (request, reply) => {
    const query = parseLibraryQuery(new URL(request.url, "http://localhost").searchParams);
    const page = await library.list(query);
    return reply.header("cache-control", "no-cache").send(page);
  });
  app.get(
    "/bai-thi/:id/tep/:fileId",
    { compress: false, schema: { params } },
    async (request, reply) => {
      const file = await library.file(request.params.id, request.params.fileId);
      if (!file) return notFound(reply);
      reply
        .header("cache-control", "public, max-age=3600")
        .header("cross-origin-resource-policy", "same-site")
        .header("content-disposition", `inline; filename="${file.downloadName}"`);
      return sendStoredObject(request, reply, storage, file.key, {
        contentType: file.mime,
        onMissing: () => notFound(reply),
      });
    },
  );
};
