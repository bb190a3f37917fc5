import { Hono } from '#worker/lib/hono.ts'
import type { Env } from '#worker/env.ts'
import { contentRoutes } from './content-routes.ts'
import { countryRoutes } from './country-routes.ts'
import { productRoutes } from './product-routes.ts'
import { searchSuggestRoutes } from './search-suggest.ts'
import { sizeGuideRoutes } from './size-guide-routes.ts'
import { taxonRoutes } from './taxon-routes.ts'

/** Read side of the Storefront API: products, taxons, CMS pages, menus, countries, store (issue 3). */
export const catalogueRoutes = new Hono<{ Bindings: Env }>()

catalogueRoutes.route('/', productRoutes)
catalogueRoutes.route('/', taxonRoutes)
catalogueRoutes.route('/', contentRoutes)
catalogueRoutes.route('/', countryRoutes)
catalogueRoutes.route('/', searchSuggestRoutes)
catalogueRoutes.route('/', sizeGuideRoutes)
