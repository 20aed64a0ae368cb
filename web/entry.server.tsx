import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isReadingPage, withoutModulePreloads } from "./hydration/head-without-preloads.server";
import { NonceContext } from "./lib/nonce";

export const streamTimeout = 10_000;

/**
 * An error a loader or action threw (React Router answers it with the error page), written to
 * the request's own JSON log line with its request id rather than as a bare stack on stderr.
 * A visitor who left mid-request is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // React Router's own answers (a route not found) keep the error that made them inside.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const err = inner ?? error;
  (context as AppLoadContext).log.error({ err }, "a loader or action failed");
};

/**
 * Renders the page and sends it whole once everything in it is ready. Loaders here return no
 * deferred data, so the one thing a page still waits for after its shell is React Router's
 * own inline data script, ready a moment later. Streaming the shell first would make every
 * page carry React's Suspense runtime (about 1.2 KB) to slot that script in; waiting for it
 * costs the visitor nothing they could use.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let allRendered = false;
    // Stops a render still waiting for data after the stream timeout. Cleared once everything
    // has rendered: a pending timer keeps the whole render (request, data, markup) in memory.
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    // The page is complete when this runs: React writes it out at once, and it is sent as one
    // buffer (with its length) rather than streamed through a chain of Node streams.
    const respond = () => {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
      });
      sink.on("error", reject);
      sink.on("finish", () => {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        if (!responseHeaders.has("Cache-Control")) {
          responseHeaders.set("Cache-Control", "no-cache");
        }
        const html = Buffer.concat(chunks);
        resolve(
          loadContext.documentResponse(
            isReadingPage(routerContext) ? withoutModulePreloads(html) : html,
            { headers: responseHeaders, status: responseStatusCode },
          ),
        );
      });
      pipe(sink);
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        // Scripts need the nonce (script-src); stylesheets are allowed by 'self' (style-src).
        nonce: { script: nonce },
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          allRendered = true;
          clearTimeout(abortTimer);
          respond();
        },
        onShellError(error: unknown) {
          allRendered = true;
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; React Router renders the error boundary.
          // A visitor who leaves mid-stream aborts the render: that is not an error.
          if (shellRendered && !request.signal.aborted) {
            loadContext.log.error({ err: error }, "the page failed while rendering");
          }
        },
      },
    );
    if (!allRendered) abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}
