import { PassThrough } from "node:stream";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { headWithoutModulePreloads, isReadingPage } from "./hydration/head-without-preloads.server";
import { NonceContext } from "./lib/nonce";

export const streamTimeout = 10_000;

/** Streams the page; crawlers and no-JS clients get the whole document once it is ready. */
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
    const userAgent = request.headers.get("user-agent");
    const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;

    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      if (!responseHeaders.has("Cache-Control")) {
        responseHeaders.set("Cache-Control", "no-cache");
      }
      resolve(
        loadContext.documentResponse(body, {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      if (isReadingPage(routerContext)) pipe(headWithoutModulePreloads()).pipe(body);
      else pipe(body);
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        // Scripts need the nonce (script-src); stylesheets are allowed by 'self' (style-src).
        nonce: { script: nonce },
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          allRendered = true;
          clearTimeout(abortTimer);
          if (waitForAll) respond();
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
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
    if (!allRendered) abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}
