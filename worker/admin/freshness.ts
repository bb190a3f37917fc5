import type { Env } from '#worker/env.ts'
import { cacheKeys } from '#worker/commerce/cache.ts'
import { LOCALES } from '#kernel/config.ts'
import { bumpPageCacheVersion } from '#worker/edge-cache/content-version.ts'
import { forgetStoreSettings } from '#worker/lib/store-settings.ts'

/**
 * After a change in the console, storefront pages that show it must be fresh: the KV copies of menus, the category
 * tree, CMS pages and the store settings are dropped (the next read loads them from D1). The edge page cache and the precomputed listing
 * tables of the speed work are refreshed through their own functions where they exist (docs/operations.md).
 */
export async function storefrontChanged(env: Env, what: { taxons?: boolean; menus?: boolean; settings?: boolean; cmsSlugs?: Array<{ locale: string; slug: string }> }): Promise<void> {
  const keys: string[] = []
  if (what.taxons) keys.push(...LOCALES.map((l) => cacheKeys.taxons(l)))
  if (what.menus) keys.push(...LOCALES.flatMap((l) => [cacheKeys.menu(l, 'header'), cacheKeys.menu(l, 'footer')]))
  for (const { locale, slug } of what.cmsSlugs ?? []) keys.push(cacheKeys.cms(locale, slug))
  await Promise.all(keys.map((key) => env.CACHE.delete(key)))
  // the shop's settings (name, address, logo …): the KV copy the pages read goes, the emails read D1 itself
  if (what.settings) await forgetStoreSettings(env)
  // the edge page cache holds whole pages built from them: a new content version makes every page render afresh
  await bumpPageCacheVersion(env)
}
