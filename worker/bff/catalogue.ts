import { Hono } from 'hono'
import * as z from 'zod'
import type { AppEnv } from '#worker/app-env.ts'
import { serverApi } from '#worker/commerce/for-request.ts'
import { valid } from './validation.ts'

/** Catalogue reads for the hydrated client (issue 3 adds the rest). */
export const catalogueBff = new Hono<AppEnv>()

const MenuQuerySchema = z.object({ type: z.enum(['header', 'footer'], { message: 'type must be header or footer' }) })

catalogueBff.get('/menus', valid('query', MenuQuerySchema), async (c) => {
  return c.json(await serverApi(c).getMenus(c.req.valid('query').type))
})
