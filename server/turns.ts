/**
 * Page renders take turns: one starts per turn of the event loop, in the order they arrived.
 *
 * Why: libuv accepts one new connection per turn of the loop. A render whose database is
 * SQLite never waits on I/O, so every render a turn starts also finishes in it; when fifty
 * requests are ready at once, one turn lasts half a second, and a visitor opening a new
 * connection waits a turn per connection ahead of it — seconds, while the open connections are
 * served again and again. One render per turn keeps each turn to one page: new connections are
 * accepted as fast as pages are rendered, and every request waits its turn in arrival order.
 *
 * A request whose client has left while it waited is not rendered (`gone`).
 */
export interface Turns {
  /** Resolves on this request's turn: true to go on, false if `gone()` says it left meanwhile. */
  take(gone?: () => boolean): Promise<boolean>;
  /** Requests waiting for their turn now. */
  waiting(): number;
}

export function createTurns(): Turns {
  const queue: { go: (goOn: boolean) => void; gone: (() => boolean) | undefined }[] = [];
  let scheduled = false;

  function nextTurn() {
    scheduled = false;
    // Those that left while waiting give their turn to the next at once.
    let next = queue.shift();
    while (next?.gone?.()) {
      next.go(false);
      next = queue.shift();
    }
    next?.go(true);
    schedule();
  }

  function schedule() {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(nextTurn);
  }

  return {
    take(gone) {
      return new Promise<boolean>((go) => {
        queue.push({ go, gone });
        schedule();
      });
    },
    waiting: () => queue.length,
  };
}
