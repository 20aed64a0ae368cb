import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { messageBundlesPlugin } from "./scripts/message-bundles-plugin";

/**
 * Small modules every page's first scripts share (none imports React): one chunk, "boot",
 * rather than one each, since every chunk a page needs is named in its HTML (module preloads
 * and the route manifest), which the home page's 30 KB budget counts.
 */
const BOOT_MODULES = [
  "/web/i18n/loaded-messages.ts",
  "/web/lib/retry-load.ts",
  "/web/lib/report-error.ts",
  "/web/lib/fallback-lang.ts",
  "/core/client-error.ts",
  "/core/languages.ts",
  "/core/paths.ts",
  "/web/lib/language-choice.ts",
  "/web/lib/language-paths.ts",
  "/web/hydration/on-interaction.ts",
  // Vite's own helper for dynamic imports, which the entry, the root and the layouts all use.
  "vite/preload-helper.js",
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), messageBundlesPlugin()],
  build: {
    target: "es2022",
    assetsInlineLimit: 0,
    ...(isSsrBuild
      ? {}
      : {
          rollupOptions: {
            output: {
              manualChunks: (id: string) =>
                BOOT_MODULES.some((module) => id.endsWith(module)) ? "boot" : undefined,
            },
          },
        }),
  },
}));
