import path from "node:path";
import { e2eServer } from "./server";
import { loadConfig, type Config } from "../../server/config";
import { openDatabase, type Db } from "../../server/db/database";
import { createServices, type Services } from "../../server/services";
import { baseUrl } from "./browser";

/** The configuration of the e2e server: its SQLite file, data dir and address. */
export function e2eConfig(): Config {
  const dbFile = e2eServer().dbFile;
  return loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: path.dirname(dbFile),
    DATABASE_URL: `sqlite:${dbFile}`,
    PUBLIC_URL: baseUrl(),
  });
}

/**
 * Runs `work` with the product's services on the e2e server's own database (to set up accounts
 * and content as `npm run create-admin` or an editor would), then closes the database.
 */
export async function withE2eServices<T>(
  work: (services: Services, db: Db) => Promise<T>,
): Promise<T> {
  const config = e2eConfig();
  const db = openDatabase(config.database);
  try {
    return await work(createServices(db, config, { onContentChange: () => {} }), db);
  } finally {
    await db.close();
  }
}
