import { Hono } from 'hono'
import type { AppEnv } from '#worker/app-env.ts'
import { serverApi } from '#worker/commerce/for-request.ts'

/** Session, cart, checkout, account and wishlist for the hydrated client (issue 4 adds the rest). */
export const shopperBff = new Hono<AppEnv>()

shopperBff.get('/session', async (c) => {
  c.header('Cache-Control', 'private, no-store')
  return c.json(await serverApi(c).getSession())
})

shopperBff.get('/session/auth', async (c) => {
  c.header('Cache-Control', 'private, no-store')
  return c.json({ isAuthenticated: await serverApi(c).isAuthenticated() })
})

shopperBff.post('/auth/logout', async (c) => {
  await serverApi(c).logOut()
  return c.body(null, 204)
})

shopperBff.post('/affiliate', async (c) => {
  return c.body(null, 204)
})
