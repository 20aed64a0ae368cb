/**
 * How many e2e test files run at once, each worker with a production server of its own (so a
 * journey that moves the season's dates or fills a rate limit never meets another worker's
 * journey). `E2E_WORKERS=1` runs them one after another on one server.
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 2)) || 1);
