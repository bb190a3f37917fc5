import { describe, expect, it } from 'vitest'
import type { Rollup } from 'vite'
import { BUILD_PLACEHOLDER, serviceWorkerStamp } from '../../scripts/service-worker-stamp.ts'

/** What the plugin leaves of a service worker built with these client files beside it. */
async function builtWorker(files: string[], code = `const BUILD='${BUILD_PLACEHOLDER}';caches.open(\`storefront-static-\${BUILD}\`)`) {
  const bundle = {
    'sw.js': { type: 'chunk', code },
    '.vite/manifest.json': { type: 'asset' },
    ...Object.fromEntries(files.map((file) => [file, { type: 'asset' }])),
  } as unknown as Rollup.OutputBundle
  const hook = serviceWorkerStamp().generateBundle as (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => Promise<void>
  await hook.call({ error: (message: string) => { throw new Error(message) } }, {}, bundle)
  return (bundle['sw.js'] as { code: string }).code
}

describe('the service worker is stamped with its build', () => {
  it('a build that changes any client file changes /sw.js, so a shopper’s browser installs the new worker', async () => {
    const first = await builtWorker(['assets/main-AAAA.js', 'assets/shell-BBBB.js', 'assets/main-CCCC.css'])
    expect(first).not.toContain(BUILD_PLACEHOLDER)
    expect(first).toMatch(/^const BUILD='[\w-]{8,}';/)
    // the same files listed in another order are the same build
    expect(await builtWorker(['assets/main-CCCC.css', 'assets/shell-BBBB.js', 'assets/main-AAAA.js'])).toBe(first)
    // one screen's chunk changed: a new worker
    expect(await builtWorker(['assets/main-AAAA.js', 'assets/shell-DDDD.js', 'assets/main-CCCC.css'])).not.toBe(first)
  })

  it('refuses to build a worker that no longer names its build', async () => {
    await expect(builtWorker(['assets/main-AAAA.js'], 'const BUILD = "v1"')).rejects.toThrow(BUILD_PLACEHOLDER)
  })
})
