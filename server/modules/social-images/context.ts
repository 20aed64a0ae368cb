import type { Db } from "../../db/database";
import type { ObjectStat, Storage } from "../storage";

export interface SocialImagesDeps {
  /** Where sources are read from and the made previews are kept (disk or S3). */
  storage: Pick<Storage, "get" | "put" | "stat">;
  clock?: () => Date;
}

export interface SocialImagesContext {
  db: Db;
  storage: SocialImagesDeps["storage"];
  now: () => string;
  /** Previews being made right now, by storage key: a second request waits for the first. */
  inflight: Map<string, Promise<ObjectStat>>;
}

export function socialImagesContext(db: Db, deps: SocialImagesDeps): SocialImagesContext {
  const clock = deps.clock ?? (() => new Date());
  return {
    db,
    storage: deps.storage,
    now: () => clock().toISOString(),
    inflight: new Map(),
  };
}
