import { Hono } from 'hono'
import type { Env } from '#worker/env.ts'

/** Write side of the Storefront API: account, cart, checkout, wishlists, extensions (issue 4). */
export const commerceRoutes = new Hono<{ Bindings: Env }>()
