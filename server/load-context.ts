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
}
export type { SiteChrome } from "./modules/site/service";

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
