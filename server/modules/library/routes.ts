import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
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
  library: Pick<LibraryService, "file">;
  storage: StorageDriver;
}> = async (plugin, { library, storage }) => {
  const app = useApiSchemas(plugin);
  answerInvalidRequests(plugin, notFound);
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
