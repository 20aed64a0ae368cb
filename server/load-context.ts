import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { Services } from "./services";

/**
 * What the server hands every React Router loader and action. The web layer imports this
 * file with `import type` only: the one allowed door from `web/` into `server/`.
 */
export interface AppContext {
  services: Services;
  /** The CSP nonce of this response, for the few inline scripts React Router writes. */
  cspNonce: string;
  publicUrl: string;
  /** The client's address (behind a trusted proxy: from X-Forwarded-For), for rate limits. */
  clientIp: string;
  /** The request's logger (JSON lines with its request id): errors of loaders and actions. */
  log: FastifyBaseLogger;
  /**
   * The Response for a rendered page, its markup as one buffer (or a Node stream): the server
   * sends it as it is, without turning it into a web stream and back.
   */
  documentResponse(body: Buffer | Readable, init: ResponseInit): Response;
}
export type { SiteChrome } from "./modules/site/service";

declare module "react-router" {
  // Module augmentation needs an interface; it adds AppContext's members to React Router's type.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
export type { CurrentUser, RegistrantProfile } from "./modules/identity/types";
export type {
  AssignedEntry,
  BlindEntry,
  BlindFile,
  ChainReport,
  JudgeIdentity,
  JudgeRow,
  RoundOverview,
  RoundProgress,
  RoundResults,
  RoundView,
  ScoreView,
} from "./modules/judging/service";
