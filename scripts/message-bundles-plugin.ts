import type { Plugin } from "vite";
import { messageBundles } from "../web/i18n/message-bundles.server";

/**
 * Writes each language's catalogue, cut by area of the site, into the client assets as
 * content-hashed JSON files (`assets/i18n/<lang>.<area>.<hash>.json`): pages name them and the
 * browser caches them for good, instead of every page carrying its texts inline.
 */
export function messageBundlesPlugin(): Plugin {
  return {
    name: "vx-message-bundles",
    apply: "build",
    generateBundle() {
      if (this.environment.config.consumer !== "client") return;
      for (const bundle of messageBundles()) {
        this.emitFile({ type: "asset", fileName: bundle.fileName, source: bundle.json });
      }
    },
  };
}
