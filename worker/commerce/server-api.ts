import type { StorefrontApi } from '#web/api/storefront-api.ts'
import type { CommerceContext } from './context.ts'
import { catalogueOperations } from './catalogue.ts'
import { shopperOperations } from './shopper.ts'

/**
 * The server side of `StorefrontApi`: what SSR loaders and the BFF call. Each feature module
 * contributes its operations; together they cover spec §7.
 */
export function createServerApi(ctx: CommerceContext): StorefrontApi {
  return {
    ...catalogueOperations(ctx),
    ...shopperOperations(ctx),
  }
}
