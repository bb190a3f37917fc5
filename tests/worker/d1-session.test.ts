// Issue 11 point 3: reads go through a D1 session; a write leaves its bookmark in a cookie, and the shopper's next
// request starts its session from it, so they always read their own writes (whichever replica answers).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, expect, it } from 'vitest'
import { createProduct, type CreatedProduct } from '#tests/factories/catalogue.ts'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { ORIGIN } from './helpers.ts'

/** The real D1, with each session it opens recorded (the constraint or bookmark it started from). */
const opened: string[] = []
const db = env.DB as D1Database
const recordingDb = {
  prepare: (query: string) => db.prepare(query),
  batch: (statements: D1PreparedStatement[]) => db.batch(statements),
  exec: (query: string) => db.exec(query),
  dump: () => db.dump(),
  withSession: (constraint?: string) => {
    opened.push(constraint ?? '')
    return db.withSession(constraint)
  },
} as unknown as D1Database
const testEnv = { ...(env as unknown as Env), DB: recordingDb }

async function send(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(new Request(ORIGIN + path, { redirect: 'manual', ...init, headers: { 'cf-connecting-ip': '10.9.9.9', ...init.headers } }), testEnv, ctx)
  const text = await response.text()
  await waitOnExecutionContext(ctx)
  return { response, text }
}

const setCookies = (response: Response) => response.headers.getSetCookie()
const cookieValue = (response: Response, name: string) => setCookies(response).find((c) => c.startsWith(`${name}=`))?.split(';')[0]?.slice(name.length + 1)

let product: CreatedProduct

beforeAll(async () => {
  product = await createProduct({ stock: 10 })
})

it('a write sets the bookmark cookie; the next request reads from it and sees the write', async () => {
  // a first look needs no bookmark: any replica will do, and a read leaves no cookie
  opened.length = 0
  const browse = await send('/api/session', { headers: { accept: 'application/json' } })
  expect(browse.response.status).toBe(200)
  expect(opened).toEqual(['first-unconstrained'])
  expect(cookieValue(browse.response, 'd1_bookmark')).toBeUndefined()

  // adding to the cart writes: the answer carries the session's bookmark, HttpOnly like the other tokens
  const add = await send('/api/cart/items', {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ variantId: String(product.variantId), quantity: 2 }),
  })
  expect(add.response.status, add.text).toBe(200)
  const bookmark = cookieValue(add.response, 'd1_bookmark')
  expect(bookmark).toBeTruthy()
  expect(setCookies(add.response).find((c) => c.startsWith('d1_bookmark='))).toMatch(/HttpOnly/i)
  const cartToken = cookieValue(add.response, 'cart_token')

  // the next request starts its session from that bookmark and reads the cart it just wrote
  opened.length = 0
  const cart = await send('/api/cart', { headers: { accept: 'application/json', cookie: `cart_token=${cartToken}; d1_bookmark=${bookmark}` } })
  expect(opened).toEqual([bookmark])
  expect(JSON.parse(cart.text).itemCount).toBe(2)

  // a malformed bookmark is ignored, not passed to D1
  opened.length = 0
  await send('/api/session', { headers: { accept: 'application/json', cookie: 'd1_bookmark=bad%20value;' } })
  expect(opened).toEqual(['first-unconstrained'])
})
