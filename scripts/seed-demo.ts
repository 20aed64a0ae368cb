// `npm run seed:demo`: loads the demo data once (a second run changes nothing).
import { migrateToLatest, openDatabase } from "../server/db/database";
import { seedDemoContent } from "../server/demo/demo-content";
import { seedDemoData } from "../server/demo/demo-data";
import { seedDemoDocuments } from "../server/demo/demo-documents";
import { commandArgs, commandConfig } from "./command-line";

commandArgs("npm run seed:demo", {});
const config = commandConfig();
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  console.log(`Demo data: ${await seedDemoData(db)}`);
  console.log(`Demo documents: ${await seedDemoDocuments(db, config)}`);
  console.log(`Demo content: ${await seedDemoContent(db)}`);
} finally {
  await db.close();
}
