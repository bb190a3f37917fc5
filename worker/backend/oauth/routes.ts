import { Hono } from 'hono'
import type { Env } from '#worker/env.ts'

/** `/spree_oauth/token` and `/spree_oauth/revoke` (issue 4). */
export const oauthRoutes = new Hono<{ Bindings: Env }>()
