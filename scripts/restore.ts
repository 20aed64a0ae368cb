// `npm run restore -- <archive> [--force]`: checks every checksum of a backup, then restores it
// into the configured database, store and DATA_DIR, which must be empty unless --force.
import { restoreBackup } from "../server/modules/backup/restore-backup";
import { commandArgs, commandConfig } from "./command-line";

const usage = "npm run restore -- <archive.tar.gz> [--force]";
const { values, positionals } = commandArgs(
  usage,
  { force: { type: "boolean", default: false } },
  { positionals: true },
);
if (positionals.length !== 1) {
  console.error(`Usage: ${usage}`);
  process.exit(2);
}
const config = commandConfig();

const result = await restoreBackup({ config, archive: positionals[0]!, force: values.force });
if (!result.ok) {
  console.error(`Restore refused: ${result.reason}. The target is as it was.`);
  process.exit(1);
}
const { manifest, restored } = result;
console.log(`Restored the backup of ${manifest.createdAt} (app ${manifest.app.version}):`);
console.log(
  `  database     ${restored.database}: ${restored.tables} tables, ${restored.rows} rows ` +
    `(migration ${manifest.migration ?? "none"}), counts match the manifest`,
);
console.log(`  files        ${restored.objects} objects into the ${config.storage.driver} store`);
console.log(`  data files   ${restored.dataFiles} into ${config.dataDir}`);
if (!manifest.storage.included) {
  console.log(
    "  note         the backup holds no S3 objects: restore the bucket from its versions",
  );
}
