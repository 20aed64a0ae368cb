// `npm run verify-scores`: walks the score log's hash chain in the configured database and
// says whether it is intact, and where it breaks. Exits 0 when intact, 1 when not.
import { openDatabase } from "../server/db/database";
import { verifyScoreChain } from "../server/modules/judging/score-log";
import { commandArgs, commandConfig, requireSiteDatabase } from "./command-line";

commandArgs("npm run verify-scores", {});
const config = commandConfig();
requireSiteDatabase(config);
const db = openDatabase(config.database);
try {
  const report = await verifyScoreChain(db.kysely, () => new Date().toISOString());
  console.log(`Score log: ${report.records} records, last #${report.lastSeq} ${report.lastHash}`);
  for (const b of report.breaks) {
    const why =
      b.problem === "hash"
        ? "the record's content was changed"
        : b.problem === "link"
          ? "the record before it was changed or removed"
          : "records are missing before it";
    console.log(`  BROKEN at record #${b.seq}: ${why}`);
  }
  for (const m of report.mismatches) {
    console.log(
      `  MISMATCH: stored score differs from the log (round ${m.roundId}, entry ${m.entryId}, judge ${m.judgeId})`,
    );
  }
  console.log(report.intact ? "Intact." : "NOT intact.");
  process.exitCode = report.intact ? 0 : 1;
} finally {
  await db.close();
}
