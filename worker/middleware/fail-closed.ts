import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/app-env.ts'
import { configProblem, hostProblem, needsStoreUrlSetting } from '#worker/env.ts'
import { storeSettings } from '#worker/lib/store-settings.ts'

/**
 * Fail closed: a misconfigured store (a plain deploy without PASSWORD_PEPPER or card-provider keys, or `--env dev`
 * deployed to a public host) answers every request 503 with the one-line reason, logged once per isolate, instead of
 * serving with public development secrets or taking orders nobody pays for (docs/decisions/0003-fail-closed-production.md).
 */
export function failClosed() {
  const reported = new Set<string>()
  return createMiddleware<AppEnv>(async (c, next) => {
    let problem = configProblem(c.env)
    // a production store without STORE_URL may have its address in its settings (read only until it starts: a
    // configuration that passes is not checked again in this isolate)
    if (problem && needsStoreUrlSetting(c.env)) problem = configProblem(c.env, (await storeSettings(c.env).catch(() => null))?.url ?? '')
    problem ??= hostProblem(c.env, c.req.url)
    if (!problem) return next()
    if (!reported.has(problem) && reported.size < 100) {
      reported.add(problem)
      console.error(problem)
    }
    return c.text(problem, 503, { 'cache-control': 'no-store', 'retry-after': '300' })
  })
}
