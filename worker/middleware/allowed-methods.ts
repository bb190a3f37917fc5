import type { Hono } from '#worker/lib/hono.ts'
import { TrieRouter } from 'hono/router/trie-router'

/**
 * The methods an app's routes answer at a path, read from the app's own route table (every route but middleware and
 * fallbacks, which Hono lists as 'ALL'): an API path that exists but not for the request's method is a 405 with
 * `Allow`, not a 404. `prefix` is where the app is mounted (its table holds paths without it). HEAD goes with GET
 * (Hono answers it with the GET route). Built on the first call, when every route is registered.
 */
export function allowedMethods(app: Hono<any>, prefix = ''): (path: string) => string[] {
  let router: TrieRouter<string> | null = null
  return (path) => {
    if (!router) {
      router = new TrieRouter<string>()
      for (const route of app.routes) if (route.method !== 'ALL') router.add('ALL', route.path, route.method)
    }
    if (!path.startsWith(prefix)) return []
    const [matches] = router.match('GET', path.slice(prefix.length) || '/')
    const methods = new Set(matches.map(([method]) => method as string))
    if (methods.has('GET')) methods.add('HEAD')
    return [...methods].sort()
  }
}

/** What a client is told (405, the contract's error shape): the method it used and the ones the address takes. */
export const methodNotAllowed = (method: string, allowed: string[]) =>
  `This address does not accept ${method} requests; it accepts ${allowed.length === 1 ? allowed[0] : `${allowed.slice(0, -1).join(', ')} and ${allowed.at(-1)}`}.`
