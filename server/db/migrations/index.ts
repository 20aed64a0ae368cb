import type { Migration } from "kysely";
import type { DatabaseKind } from "../database";
import seasonsCategoriesSettings from "./0001-seasons-categories-settings";
import identity from "./0002-identity";
import documents from "./0003-documents";
import content from "./0004-content";
import audit from "./0005-audit";

/** Every migration in order; names sort in the order they must run. */
export function migrationsFor(kind: DatabaseKind): Record<string, Migration> {
  return {
    "0001-seasons-categories-settings": seasonsCategoriesSettings(kind),
    "0002-identity": identity(kind),
    "0003-documents": documents(kind),
    "0004-content": content(kind),
    "0005-audit": audit(kind),
  };
}
