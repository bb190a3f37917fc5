import { defineConfig } from 'vitest/config'

// Browser tests: real Chromium (playwright-core) against the store served by `wrangler dev` (workerd) on loopback,
// with a fresh local D1/KV that the global setup migrates and seeds. Runs in Node, not in the Workers pool.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    // tests/contract: the official Spree client walks the same served store over HTTP (no browser)
    include: ['tests/e2e/**/*.test.ts', 'tests/contract/**/*.test.ts'],
    globalSetup: ['./tests/e2e/global-setup.ts'],
    // One browser and one workerd on a small machine: files one after another, tests one after another.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // A flaky-looking failure here is a real finding; no retries.
    retry: 0,
  },
})
