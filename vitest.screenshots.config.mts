import { defineConfig } from 'vitest/config'

// `npm run screenshots`: the browser-test setup (build, fresh D1/KV, seed, `wrangler dev`) driving
// scripts/screenshots.run.ts, which writes docs/screenshots/. Documentation, not a test: CI does not run it.
export default defineConfig({
  test: {
    name: 'screenshots',
    environment: 'node',
    include: ['scripts/screenshots.run.ts', 'scripts/email-screenshots.run.ts'],
    globalSetup: ['./tests/e2e/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
})
