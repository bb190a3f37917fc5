import { Hono } from 'hono'
import type { Env } from '#worker/env.ts'

/** Read side of the Storefront API: products, taxons, CMS pages, menus, countries, store (issue 3). */
export const catalogueRoutes = new Hono<{ Bindings: Env }>()
