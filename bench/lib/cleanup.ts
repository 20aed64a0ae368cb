/**
 * Undo stack for everything a benchmark creates. `run()` undoes in reverse order (async, so a
 * server can shut down); `runSync()` is the last resort from a `process.on("exit")` handler.
 */
export interface Disposer {
  label: string;
  dispose(): Promise<void>;
  /** Best effort without awaiting: used only if the process is exiting before `run()` ended. */
  disposeSync(): void;
}

export class Cleanup {
  private readonly stack: Disposer[] = [];
  private running: Promise<void> | undefined;
  private current: Disposer | undefined;

  add(disposer: Disposer): () => void {
    this.stack.push(disposer);
    return () => {
      const index = this.stack.indexOf(disposer);
      if (index >= 0) this.stack.splice(index, 1);
    };
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      while (this.stack.length > 0) {
        const disposer = this.stack.pop()!;
        this.current = disposer;
        try {
          await disposer.dispose();
        } catch (error) {
          console.error(`cleanup: ${disposer.label}: ${String(error)}`);
          try {
            disposer.disposeSync();
          } catch {
            // Nothing more to try.
          }
        } finally {
          this.current = undefined;
        }
      }
    })();
    return this.running;
  }

  runSync(): void {
    // An async disposal cut short by exit: finish it the blunt way.
    if (this.current) this.stack.push(this.current);
    this.current = undefined;
    while (this.stack.length > 0) {
      const disposer = this.stack.pop()!;
      try {
        disposer.disposeSync();
      } catch (error) {
        console.error(`cleanup: ${disposer.label}: ${String(error)}`);
      }
    }
  }
}
