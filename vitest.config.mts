import { defineConfig } from 'vitest/config'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'

// Tests of the Worker and the embedded backend, run inside workerd with real D1 and KV (isolated per test file).
export default defineConfig(async () => {
  const migrations = await readD1Migrations('worker/backend/migrations')
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: { ENVIRONMENT: 'test', TEST_MIGRATIONS: migrations, PASSWORD_PEPPER: 'test-pepper' },
        },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.ts', 'tests/backend/**/*.test.ts', 'tests/commerce/**/*.test.ts', 'tests/web/**/*.test.ts'],
      setupFiles: ['./tests/setup/workers.ts'],
      testTimeout: 30_000,
    },
  }
})
