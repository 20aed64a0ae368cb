import { readFileSync } from "node:fs";
import { e2eServer } from "./server";
import type { DemoCredentials } from "../../server/demo/demo-accounts";

/**
 * The demo admin's and demo entrant's email and password, as the e2e server generated them at
 * its first start (DATA_DIR/demo-credentials.json; no password ships in the repository).
 */
export function demoCredentials(): DemoCredentials {
  const file = e2eServer().demoCredentialsFile;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as DemoCredentials;
  } catch (error) {
    throw new Error(`The e2e server's demo credentials are not readable at ${file}`, {
      cause: error,
    });
  }
}
