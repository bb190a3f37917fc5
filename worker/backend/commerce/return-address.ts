import { readStoreSettings } from '#worker/lib/store-settings.ts'
import { shopName } from '#kernel/store-settings.ts'

/**
 * Where shoppers send their returns, as lines of an address (the approval email prints them): the Settings page's
 * return address, else the store's own address, one line per line, under the shop's legal name. Empty when the store
 * has neither: the console then refuses to approve a return rather than email instructions without an address.
 */
export async function returnAddress(db: D1Database): Promise<string[]> {
  const store = await readStoreSettings(db)
  const lines = (store.returnAddress || store.address)
    .split(/\r?\n|,\s*/)
    .map((l) => l.trim())
    .filter(Boolean)
  return lines.length ? [store.legalName || shopName(store), ...lines] : []
}
