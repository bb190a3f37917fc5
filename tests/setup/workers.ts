import { applyD1Migrations } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, vi } from 'vitest'

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database
      CACHE: KVNamespace
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[]
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)

// A console.error during a test is a failure: it means something the user would notice went wrong.
let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`)
  }
})
