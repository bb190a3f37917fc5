import { env } from 'cloudflare:workers'
import { beforeAll, expect, it, vi } from 'vitest'
import { get, html } from './helpers.ts'

// The catalogue tables are gone (a failed migration, a broken backend): pages must still answer with the store's
// error page and its chrome, saying the store is not available right now (503), never a bare "Internal Server Error".
beforeAll(async () => {
  await env.DB.batch([env.DB.prepare('DROP TABLE IF EXISTS classifications'), env.DB.prepare('DROP TABLE IF EXISTS taxons')])
})

it('a category page whose data cannot be read shows the not-available page with status 503', async () => {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
  const response = await get('/t/men')
  const body = await html(response)
  expect(response.status).toBe(503)
  expect(body).toContain('The store is not available right now')
  expect(body).toContain('Please try again in a minute')
  expect(body).toContain('data-testid="site-header"')
  // The operator hears about it: the failure is logged (and only this expected one is silenced).
  expect(spy.mock.calls.some((args) => String(args[0]).includes('error'))).toBe(true)
  // ... with the request id the shopper's answer carries, so a report can be matched to the log line
  const id = response.headers.get('x-request-id')
  expect(id).toBeTruthy()
  expect(spy.mock.calls.some((args) => args.includes(id))).toBe(true)
  spy.mockRestore()
})
