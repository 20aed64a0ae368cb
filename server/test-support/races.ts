import { sql } from "kysely";
import { heavyWork } from "../cpu-gate";
import type { Db } from "../db/database";

/**
 * Ways to make two requests meet at the worst moment, on purpose and every time, with the real
 * parts: the operations run unchanged, only held at a door they pass through anyway.
 */

/**
 * Takes every slot of the process's gate for heavy work (a password's hash goes through it)
 * until `release()`: work that reaches the gate meanwhile waits there. A registration checks
 * its address and stores its licence before hashing the password, so two of them held here
 * have both passed that check and neither has written its account.
 */
export function holdHeavyWork(): { release(): Promise<void> } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const holders: Promise<void>[] = [];
  // Every free slot taken, and one more holder queued behind them: nothing else starts.
  do holders.push(heavyWork.run(() => gate));
  while (heavyWork.load().waiting === 0);
  return {
    async release() {
      open();
      await Promise.all(holders);
    },
  };
}

/**
 * PostgreSQL: while `held` runs, the `user` table is locked against writes (SHARE ROW
 * EXCLUSIVE: reads go on, inserts and updates wait). `held` gets a function that resolves once
 * `count` writers are waiting on the lock: each has passed every check made before its write.
 */
export async function holdingUserWrites<T>(
  db: Db,
  held: (writersWaiting: (count: number) => Promise<void>) => Promise<T>,
): Promise<T> {
  if (db.kind !== "postgres") throw new Error("holdingUserWrites needs PostgreSQL");
  const writersWaiting = async (count: number) => {
    for (let tries = 0; tries < 500; tries += 1) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_locks l join pg_class c on c.oid = l.relation
        where c.relname = 'user' and not l.granted`.execute(db.kysely);
      if ((rows[0]?.waiting ?? 0) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`fewer than ${count} writers waited on the user table`);
  };
  let result!: T;
  await db.kysely.transaction().execute(async (trx) => {
    await sql`lock table "user" in share row exclusive mode`.execute(trx);
    result = await held(writersWaiting);
  });
  return result;
}
