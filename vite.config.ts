import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { messageBundlesPlugin } from "./scripts/message-bundles-plugin";

export default defineConfig({
  plugins: [reactRouter(), messageBundlesPlugin()],
  build: { target: "es2022", assetsInlineLimit: 0 },
});
