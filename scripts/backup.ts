// `npm run backup [-- --out <file.tar.gz>]`: one archive of the database (a consistent snapshot,
// taken while the site serves), the disk store's files and DATA_DIR's own files, with a
// manifest of checksums. Default: DATA_DIR/backups/<UTC time>.tar.gz.
import { readFileSync } from "node:fs";
import { formatBytes } from "../core/bytes";
import { createBackup, defaultBackupPath } from "../server/modules/backup/create-backup";
import { commandArgs, commandConfig, requireSiteDatabase } from "./command-line";

const { values } = commandArgs("npm run backup [-- --out <file.tar.gz>]", {
  out: { type: "string" },
});
const config = commandConfig();
requireSiteDatabase(config);
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};

const started = performance.now();
const { archive, bytes, manifest } = await createBackup({
  config,
  out: values.out ?? defaultBackupPath(config.dataDir),
  appVersion: pkg.version,
});
const tables = Object.values(manifest.database.tables);
console.log(`Backup written: ${archive} (${formatBytes(bytes, "en")})`);
console.log(`  created at   ${manifest.createdAt}, app ${manifest.app.version}`);
console.log(
  `  database     ${manifest.database.kind}, migration ${manifest.migration ?? "none"}, ` +
    `${tables.length} tables, ${tables.reduce((a, b) => a + b, 0)} rows`,
);
console.log(
  manifest.storage.included
    ? `  files        ${manifest.storage.objects} objects, ${formatBytes(manifest.storage.bytes, "en")}`
    : "  files        NOT included: the store is an S3 bucket; its objects are kept by the " +
        "bucket's own versioning or replication (README, Backup and restore)",
);
console.log(`  checksums    ${manifest.files.length} files, SHA-256 in manifest.json`);
console.log(`  took         ${((performance.now() - started) / 1000).toFixed(1)} s`);
