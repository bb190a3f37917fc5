import { matchRoutes, type Params, type RouteObject } from 'react-router'

type CompiledMeta = { route: RouteObject; matcher?: unknown; compiledParams?: unknown }
type Branch = { routesMeta?: CompiledMeta[] }
export type RouteMatch = { route: RouteObject; params: Params }
/** What matching needs of a router: its routes, and the branches it compiled (React Router's, when it has them). */
export type MatchingRouter = { routes: RouteObject[]; branches?: unknown }

/**
 * The routes an address matches, as `matchRoutes(routes, address)` finds them, but against the branches the router
 * flattened, ranked and compiled once when it was created (`router.branches`). `matchRoutes` does all of that again on
 * every call: about 100 branches (two languages), a regular expression for every route of every branch, 5-20 ms at
 * 1x CPU per call. The prefetcher asks once per visible product card, in the idle time right after hydration
 * (docs/decisions/0022-main-thread-work-at-start.md).
 *
 * `router.branches` is React Router's own and not in its documented API, so anything unexpected in its shape answers
 * with `matchRoutes` instead; tests/web/route-match.test.ts compares both over the store's addresses.
 */
export function matchAddress(router: MatchingRouter, pathname: string): RouteMatch[] | null {
  const found = matchRouterBranches(router, pathname)
  if (found !== undefined) return found
  return matchRoutes(router.routes, pathname)?.map(({ route, params }) => ({ route, params })) ?? null
}

/** The match from `router.branches` alone; undefined when the router has none or they are not as expected. */
export function matchRouterBranches(router: MatchingRouter, pathname: string): RouteMatch[] | null | undefined {
  const branches = router.branches
  if (!Array.isArray(branches) || branches.length === 0) return undefined
  return matchBranches(branches as Branch[], decodePath(pathname))
}

/** Each segment decoded, a slash inside one kept encoded (React Router's `decodePath`). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/')
  } catch {
    return pathname
  }
}

const join = (a: string, b: string) => `${a}/${b}`.replace(/\/\/+/g, '/')
const trimSlashes = (path: string) => {
  let end = path.length
  while (end > 1 && path.charCodeAt(end - 1) === 47) end--
  return path.slice(0, end)
}

/** The first branch (they are ranked) whose routes match the address one after the other; undefined: unknown shape. */
function matchBranches(branches: Branch[], pathname: string): RouteMatch[] | null | undefined {
  for (const branch of branches) {
    const metas = branch.routesMeta
    if (!Array.isArray(metas) || metas.length === 0) return undefined
    const params: Record<string, string | undefined> = {}
    const matches: RouteMatch[] = []
    let matchedPathname = '/'
    for (const meta of metas) {
      const { matcher, compiledParams } = meta
      if (!(matcher instanceof RegExp) || !Array.isArray(compiledParams)) return undefined
      const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/'
      const found = remaining.match(matcher)
      if (!found) break
      let base = trimSlashes(found[0])
      ;(compiledParams as Array<{ paramName: string; isOptional?: boolean }>).forEach(({ paramName, isOptional }, index) => {
        const value = found[index + 1]
        if (paramName === '*') base = trimSlashes(found[0].slice(0, found[0].length - (value ?? '').length))
        params[paramName] = isOptional && !value ? undefined : (value ?? '').replace(/%2F/g, '/')
      })
      matches.push({ route: meta.route, params })
      if (base !== '/') matchedPathname = join(matchedPathname, base)
    }
    if (matches.length === metas.length) return matches.map((match) => ({ ...match, params: { ...params } }))
  }
  return null
}
