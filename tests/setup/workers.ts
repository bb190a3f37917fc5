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

// Every test file starts on its own empty D1 (a fresh workerd per file) with all migrations applied. Not through
// `applyD1Migrations` of `cloudflare:test`: importing that module imports the whole Worker (worker/index.ts and its
// graph), 10–16 s per file on the CI machine, which the files that never call the Worker need not pay (decision
// 0071). Same result: the schema plus a `d1_migrations` row per migration, in one batch (one round trip, one
// transaction) instead of one per migration.
await migrate(env.DB, env.TEST_MIGRATIONS)

async function migrate(db: D1Database, migrations: import('cloudflare:test').D1Migration[]) {
  const statements = [db.prepare('CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)')]
  const record = db.prepare('INSERT INTO d1_migrations (name) VALUES (?)')
  for (const migration of migrations) {
    for (const query of migration.queries) statements.push(db.prepare(query))
    statements.push(record.bind(migration.name))
  }
  await db.batch(statements)
}

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
