import { defineConfig } from "vitest/config";
import { E2E_WORKERS } from "./e2e/workers";

// Unit and server tests run in parallel on two workers and share one production build; the
// browser journeys share one production build and run on E2E_WORKERS workers (two unless set),
// each worker with a server and database of its own, its files one after another.
// `npm test` builds once for both projects (scripts/test.sh, TEST_BUILD_DIR).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "server/**/*.test.ts",
            "web/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
          // One production build for every test file that needs it (built on first use).
          globalSetup: ["server/test-support/build-once.ts"],
          pool: "forks",
          // A worker process runs its files one after another without loading every module
          // again for each (a third of the run's time went to that). The tests share no
          // module state: each builds its own services, database and servers.
          isolate: false,
          maxWorkers: 2,
          testTimeout: 20_000,
          // expect.poll waits for another process (a mail sent after the answer): a loaded
          // machine needs more than Vitest's 1 s default; a poll ends as soon as it holds.
          expect: { poll: { timeout: 5_000 } },
          // Creating and dropping PostgreSQL databases can take seconds on a busy machine.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          pool: "forks",
          // As above: a worker's files share its loaded modules, not its pages or contexts.
          isolate: false,
          maxWorkers: E2E_WORKERS,
          testTimeout: 60_000,
          // expect.poll waits for the browser (a chunk to load, React to hydrate); on a loaded
          // machine that takes more than Vitest's 1 s default. A poll ends as soon as it holds.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
