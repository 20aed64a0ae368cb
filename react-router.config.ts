import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "web",
  // BUILD_DIR lets a test or benchmark build beside the one `npm start` serves.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
} satisfies Config;
