import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTurns, type Turns } from "./turns";

/** Keeps the thread busy as a page render does (SQLite never yields), for `ms`. */
function renderFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("render turns", () => {
  it("lets one waiter go per turn of the event loop, in the order they came", async () => {
    const turns = createTurns();
    const log: string[] = [];
    const takes = ["a", "b", "c"].map((name) =>
      turns.take().then((goOn) => {
        log.push(`${name}:${goOn}`);
        // What arrives meanwhile (here a timer due at once) is handled before the next turn.
        setTimeout(() => log.push(`after ${name}`), 0);
        renderFor(2);
      }),
    );
    expect(turns.waiting()).toBe(3);
    await Promise.all(takes);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(["a:true", "after a", "b:true", "after b", "c:true", "after c"]);
    expect(turns.waiting()).toBe(0);
  });

  it("skips a waiter whose client has left and gives the turn to the next", async () => {
    const turns = createTurns();
    const order: string[] = [];
    const first = turns.take().then((goOn) => order.push(`first:${goOn}`));
    const left = turns.take(() => true).then((goOn) => order.push(`left:${goOn}`));
    const third = turns.take(() => false).then((goOn) => order.push(`third:${goOn}`));
    await Promise.all([first, left, third]);
    expect(order).toEqual(["first:true", "left:false", "third:true"]);
  });
});

describe("render turns under load, over real connections", () => {
  const servers: http.Server[] = [];
  const agents: http.Agent[] = [];
  afterEach(async () => {
    for (const agent of agents.splice(0)) agent.destroy();
    await Promise.all(
      servers.splice(0).map(
        (server) =>
          new Promise((resolve) => {
            server.closeAllConnections();
            server.close(resolve);
          }),
      ),
    );
  });

  /**
   * Ten keep-alive clients keep a server busy with 4 ms renders; then ten visitors open new
   * connections at once. Counts the renders done before the last newcomer is answered.
   */
  async function rendersBeforeNewcomers(turns: Turns | null): Promise<number> {
    let renders = 0;
    const server = http.createServer(async (request, response) => {
      if (turns && !(await turns.take(() => request.socket.destroyed))) return;
      renderFor(4);
      renders += 1;
      response.end("page");
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const get = (agent: http.Agent) =>
      new Promise<void>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
            response.resume();
            response.on("end", resolve);
          })
          .on("error", reject);
      });
    const agent = () => {
      const made = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(made);
      return made;
    };

    let busy = true;
    const regulars = Array.from({ length: 10 }, async () => {
      const own = agent();
      while (busy) await get(own);
    });
    while (renders < 30) await new Promise((resolve) => setTimeout(resolve, 5));

    const before = renders;
    await Promise.all(Array.from({ length: 10 }, () => get(agent())));
    const waited = renders - before;
    busy = false;
    await Promise.all(regulars);
    return waited;
  }

  it("serves visitors on new connections after the requests already waiting, not seconds later", async () => {
    // Twenty requests (ten regulars, ten newcomers) each in line about once, plus slack for
    // the order connections are accepted in (29 here).
    expect(await rendersBeforeNewcomers(createTurns())).toBeLessThanOrEqual(40);
    // The same load without turns: libuv accepts one connection per turn while every turn
    // serves all the regulars, so the newcomers wait through several rounds (70 here).
    expect(await rendersBeforeNewcomers(null)).toBeGreaterThan(50);
  }, 30_000);
});
