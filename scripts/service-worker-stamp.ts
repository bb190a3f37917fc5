import type { Plugin } from 'vite'

/** What web/sw.ts writes where the build's stamp goes. */
export const BUILD_PLACEHOLDER = '__STOREFRONT_BUILD__'

/** A short id of a build: the SHA-256 of its files' names (each carries its content's hash), in any order. */
export async function buildStamp(fileNames: string[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode([...fileNames].sort().join('\n')))
  return btoa(String.fromCharCode(...new Uint8Array(digest).slice(0, 8)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * Stamps /sw.js with its build. The service worker's address never changes (its scope is the whole site), so without
 * the stamp its bytes were the same in every build and a shopper's browser kept the first one it installed: its cache
 * named for no build, collecting every deploy's files, and its offline page as old as the first visit. With it, a build
 * that changes any client file changes /sw.js; the browser's update check installs the new worker, which caches that
 * build's shell under the build's name, and its activation deletes the caches of the build before.
 */
export function serviceWorkerStamp(): Plugin {
  return {
    name: 'storefront:service-worker-stamp',
    async generateBundle(_options, bundle) {
      const sw = bundle['sw.js']
      if (!sw || sw.type !== 'chunk') return
      if (!sw.code.includes(BUILD_PLACEHOLDER)) this.error(`web/sw.ts no longer names its build with ${BUILD_PLACEHOLDER}`)
      const stamp = await buildStamp(Object.keys(bundle).filter((name) => name !== 'sw.js' && !name.startsWith('.vite/')))
      sw.code = sw.code.replaceAll(BUILD_PLACEHOLDER, stamp)
    },
  }
}
