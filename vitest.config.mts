import { defineConfig } from 'vitest/config'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { unstable_readConfig } from 'wrangler'

// Tests of the Worker and the embedded backend, run inside workerd with real D1 and KV (isolated per test file).
export default defineConfig(async () => {
  const migrations = await readD1Migrations('worker/backend/migrations')
  // The [vars] a plain `wrangler deploy` ships (no --env, no .dev.vars): tests/worker/deploy-config.test.ts builds a
  // worker from them to show it fails closed.
  const shipped = unstable_readConfig({ config: './wrangler.toml' }, { hideWarnings: true })
  // ...and what `wrangler deploy --env dev` would ship: it must not become a public store.
  const dev = unstable_readConfig({ config: './wrangler.toml', env: 'dev' }, { hideWarnings: true })
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: { ENVIRONMENT: 'test', TEST_MIGRATIONS: migrations, PASSWORD_PEPPER: 'test-pepper', SHIPPED_VARS: shipped.vars, DEV_VARS: dev.vars },
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
