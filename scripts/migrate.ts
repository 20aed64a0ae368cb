// `npm run migrate`: brings the configured database (SQLite or PostgreSQL) to the latest schema.
import { migrateToLatest, openDatabase } from "../server/db/database";
import { commandArgs, commandConfig } from "./command-line";

commandArgs("npm run migrate", {});
const config = commandConfig();
const db = openDatabase(config.database);
try {
  const result = await migrateToLatest(db);
  const applied =
    result.results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
  console.log(applied.length > 0 ? `Applied: ${applied.join(", ")}` : "Schema already up to date.");
} finally {
  await db.close();
}
