// Rows no storefront API creates (a coupon, a product without options), written into the served store's local D1
// with `wrangler d1 execute`, as the contract walk does.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { inject } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Not spawnSync: a blocked event loop misses wrangler dev closing an idle keep-alive socket, and the next fetch fails. */
export async function servedSql(statement: string, persistTo = inject('persistTo')) {
  await promisify(execFile)(process.execPath, [join(root, 'node_modules', 'wrangler', 'bin', 'wrangler.js'), 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--command', statement], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
  })
}
