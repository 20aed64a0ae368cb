/**
 * Waits before the second and third try of code or texts fetched after the page (a part's
 * script, a message bundle): a connection that drops for a moment, a mobile line between two
 * cells, is survived without the person noticing.
 */
export const RELOAD_DELAYS_MS: readonly number[] = [1_000, 3_000];

/**
 * Runs `load` until it succeeds, at most once more per delay; the last failure is the result,
 * as is at once a failure `retryable` says another try cannot mend. A browser fetches a script
 * again after a failed `import()` (failed module fetches are not kept), so trying the same
 * import again is a real new attempt.
 */
export async function withRetries<T>(
  load: () => Promise<T>,
  {
    delays = RELOAD_DELAYS_MS,
    retryable = () => true,
  }: { delays?: readonly number[]; retryable?: (error: unknown) => boolean } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !retryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
