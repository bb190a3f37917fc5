import type { Env } from '#worker/env.ts'
import { readStoreSettings } from '#worker/lib/store-settings.ts'

/**
 * The store's own address for links in emails and absolute URLs: STORE_URL, else the store URL set in the console
 * (Settings), else this request's origin. Never a header the client chose (a reset link pointing at someone else's
 * host would hand them the token), and never a seed value: the sample seed writes no URL (issue 40).
 */
export async function storeUrl(env: Pick<Env, 'DB' | 'STORE_URL'>, requestOrigin: string): Promise<string> {
  if (env.STORE_URL) return env.STORE_URL.replace(/\/+$/, '')
  const setting = (await readStoreSettings(env.DB).catch(() => null))?.url
  return setting || requestOrigin
}
