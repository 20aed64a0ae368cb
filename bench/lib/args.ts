/** A small `--name value` / `--name=value` / `--flag` parser that rejects what it does not know. */

export class UsageError extends Error {}

export interface OptionSpec {
  /** Takes a value (`--duration 5`) or is a flag (`--strict`). */
  kind: "number" | "string" | "flag";
  min?: number;
  max?: number;
  integer?: boolean;
}

export type ParsedOptions = Record<string, string | number | boolean | undefined>;

export function parseOptions(args: string[], specs: Record<string, OptionSpec>): ParsedOptions {
  const parsed: ParsedOptions = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (!arg.startsWith("--")) throw new UsageError(`unexpected argument: ${arg}`);
    const equals = arg.indexOf("=");
    const name = equals >= 0 ? arg.slice(2, equals) : arg.slice(2);
    const spec = specs[name];
    if (!spec) throw new UsageError(`unknown option: --${name}`);
    if (spec.kind === "flag") {
      if (equals >= 0) throw new UsageError(`--${name} takes no value`);
      parsed[name] = true;
      continue;
    }
    let raw: string | undefined;
    if (equals >= 0) raw = arg.slice(equals + 1);
    else raw = args[++index];
    if (raw === undefined || raw === "") throw new UsageError(`--${name} needs a value`);
    if (spec.kind === "string") {
      parsed[name] = raw;
      continue;
    }
    const value = Number(raw);
    if (!Number.isFinite(value)) throw new UsageError(`--${name}: not a number: ${raw}`);
    if (spec.integer && !Number.isInteger(value)) {
      throw new UsageError(`--${name}: must be a whole number: ${raw}`);
    }
    if (spec.min !== undefined && value < spec.min) {
      throw new UsageError(`--${name}: must be ≥ ${spec.min}`);
    }
    if (spec.max !== undefined && value > spec.max) {
      throw new UsageError(`--${name}: must be ≤ ${spec.max}`);
    }
    parsed[name] = value;
  }
  return parsed;
}
