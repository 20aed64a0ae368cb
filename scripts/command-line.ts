// What every operator command (`npm run backup`, `restore`, `create-admin`, …) shares: its
// arguments, with `--help`, and the configuration. A wrong option or setting ends the command
// with a message saying what to change, not a stack trace.
import { existsSync } from "node:fs";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ConfigError, loadConfig, loadDotEnv, type Config } from "../server/config";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * The command's arguments. `--help` prints the usage (exit 0); an unknown option, a missing
 * value or a stray argument prints what was wrong and the usage (exit 2).
 */
export function commandArgs<O extends Options>(
  usage: string,
  options: O,
  { positionals = false }: { positionals?: boolean } = {},
) {
  if (process.argv.slice(2).some((arg) => arg === "--help" || arg === "-h")) {
    console.log(`Usage: ${usage}`);
    process.exit(0);
  }
  try {
    return parseArgs({ options, allowPositionals: positionals, strict: true });
  } catch (error) {
    // Node's own wording names the option ("Unknown option '--outt'"); its hint about `--` is
    // for node itself, not for npm scripts.
    const message = (error as Error).message.replace(/\. To specify a positional.*$/s, "");
    console.error(`${message}\nUsage: ${usage}`);
    process.exit(2);
  }
}

/**
 * `.env` and the environment, checked as the server checks them at start. A wrong setting
 * exits 2, as a wrong option does: 1 keeps its meaning for each command (a broken score log,
 * a refused archive).
 */
export function commandConfig(): Config {
  loadDotEnv();
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/**
 * For a command that reads or adds to the site's data (backup, verify-scores, create-admin): an
 * SQLite file that is not there is usually DATA_DIR not set as the site has it (a relative
 * `data` read from another folder). Says so and exits 1 rather than create an empty database
 * there.
 */
export function requireSiteDatabase(config: Config): void {
  if (config.database.kind === "sqlite" && !existsSync(config.database.file)) {
    console.error(
      `No database at ${config.database.file}: set DATA_DIR (or DATABASE_URL) as the site has it.`,
    );
    process.exit(1);
  }
}
