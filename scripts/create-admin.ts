// `npm run create-admin -- --email someone@example.org [--name "Full Name"] [--password …]`:
// creates the first back-office administrator. Without --password one is generated and printed once.
import { randomBytes } from "node:crypto";
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from "../core/password";
import { catalogueText } from "../server/modules/exports/catalogue-text";
import { migrateToLatest, openDatabase } from "../server/db/database";
import { createServices } from "../server/services";
import { commandArgs, commandConfig, requireSiteDatabase } from "./command-line";

const usage =
  'npm run create-admin -- --email admin@example.org [--name "Full Name"] [--password …]';
const { values } = commandArgs(usage, {
  email: { type: "string" },
  name: { type: "string" },
  password: { type: "string" },
});
if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error(`Usage: ${usage}`);
  process.exit(2);
}
const password = values.password ?? randomBytes(15).toString("base64url");
const problem = passwordProblem(password, { email: values.email });
if (problem) {
  console.error(
    `The password is not acceptable: ${catalogueText("en", PASSWORD_PROBLEM_MESSAGES[problem])}`,
  );
  process.exit(2);
}

const config = commandConfig();
// An administrator made in a new, empty SQLite file (DATA_DIR not the site's) could never sign in.
requireSiteDatabase(config);
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  const existing = await db.kysely
    .selectFrom("user")
    .select("id")
    .where("email", "=", values.email.toLowerCase())
    .executeTakeFirst();
  if (existing) {
    console.error(`An account with ${values.email} already exists.`);
    process.exitCode = 1;
  } else {
    const services = createServices(db, config, { onContentChange: () => {} });
    await services.identity.createStaff({
      email: values.email,
      name: values.name ?? "Administrator",
      password,
      role: "admin",
    });
    console.log(`Administrator created: ${values.email}`);
    if (!values.password) console.log(`Password (shown once): ${password}`);
    console.log(`Sign in at ${config.publicUrl}/quan-tri/dang-nhap`);
  }
} finally {
  await db.close();
}
