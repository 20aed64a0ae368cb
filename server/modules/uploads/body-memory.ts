import type { IncomingMessage } from "node:http";

/** V8's collector, exposed by `--expose-gc` (SERVER_NODE_FLAGS); absent in the dev server. */
type Collect = (options: { type: "minor" }) => void;
const collect = (globalThis as { gc?: Collect }).gc;

/** Body bytes received between two collections of the young generation. */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;
const CHECK_EVERY_MS = 10;

const streaming = new Set<IncomingMessage>();
let timer: ReturnType<typeof setInterval> | undefined;
let readAtLastCollection = 0;

function bytesRead(): number {
  let sum = 0;
  for (const req of streaming) sum += req.socket?.bytesRead ?? 0;
  return sum;
}

/**
 * Keeps an upload's memory flat with the server's large young generation. Each chunk read
 * from a socket is a Buffer whose bytes live outside the JS heap until its small handle is
 * collected, and those bytes count towards the old generation's limit meanwhile. A page
 * render's short-lived objects fill the young generation in a few pages, but an upload's few
 * objects per chunk take hundreds of MB: with nothing else running, the dead chunks' bytes
 * pile up until they set off full collections several times a second (3× the CPU per GB, the
 * peak memory near the 200 MB budget). So while a PATCH body streams in, the young generation
 * is collected every 4 MiB received: a collection of garbage takes well under a millisecond.
 */
export function collectWhileStreaming(req: IncomingMessage): void {
  if (!collect) return;
  // Sockets count what they read over their whole life (keep-alive): the baseline takes in
  // what this one read before, so only bytes received from now on count towards a collection.
  streaming.add(req);
  readAtLastCollection += req.socket?.bytesRead ?? 0;
  timer ??= setInterval(() => {
    const read = bytesRead();
    if (read - readAtLastCollection < COLLECT_EVERY_BYTES) return;
    collect({ type: "minor" });
    readAtLastCollection = read;
  }, CHECK_EVERY_MS);
  req.once("close", () => {
    // Its bytes leave the sum and the baseline alike: what it received since the last
    // collection still counts towards the next one.
    readAtLastCollection -= req.socket?.bytesRead ?? 0;
    streaming.delete(req);
    if (streaming.size === 0) {
      readAtLastCollection = 0;
      clearInterval(timer);
      timer = undefined;
    }
  });
}
