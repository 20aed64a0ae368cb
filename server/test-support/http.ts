import type { App } from "../app";
import { FIREFOX } from "./sign-in";

/** How `browserRequest` dresses a request; every field is optional. */
export interface BrowserRequestOptions {
  /** The `cookie` header (a signed-in visitor); none when undefined. */
  cookie?: string | undefined;
  /** More headers (`origin`, `sec-fetch-site`…); they win over the defaults. */
  headers?: Record<string, string>;
  /** A urlencoded form body. */
  form?: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body from `multipart()`. */
  multipart?: MultipartBody;
  /** The client's address (each test that counts per IP uses its own). */
  ip?: string;
}

/**
 * A browser's request to the app at PUBLIC_URL `http://localhost:3000` (Firefox's user agent),
 * through `inject`. No Origin is added: tests of cross-site refusals need to leave it out.
 */
export function browserRequest(
  app: App,
  method: "GET" | "POST",
  url: string,
  options: BrowserRequestOptions = {},
) {
  const contentType = options.multipart
    ? options.multipart.contentType
    : options.form
      ? "application/x-www-form-urlencoded"
      : options.json !== undefined
        ? "application/json"
        : undefined;
  const payload = options.multipart
    ? options.multipart.payload
    : options.form
      ? new URLSearchParams(options.form).toString()
      : options.json !== undefined
        ? JSON.stringify(options.json)
        : undefined;
  return app.fastify.inject({
    method,
    url,
    headers: {
      host: "localhost:3000",
      "user-agent": FIREFOX,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(contentType ? { "content-type": contentType } : {}),
      ...options.headers,
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(payload !== undefined ? { payload } : {}),
  });
}

export interface MultipartBody {
  payload: Buffer;
  contentType: string;
}

/** A multipart form as a browser posts it, with at most one (PDF) file field. */
export function multipart(
  fields: Record<string, string>,
  file?: { field?: string; name: string; data: Buffer },
): MultipartBody {
  const boundary = `----vx${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; ` +
          `filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
