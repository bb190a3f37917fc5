import { BRAND } from '#kernel/brand.ts'

/**
 * Where shoppers send their returns, as lines of an address (the approval email prints them). Read in one place: the
 * store's own address for now (store.address, one line per line); the console's 'return address' setting takes its
 * place when it lands (issue 40). Empty when the store has none: the console then refuses to approve a return
 * rather than email instructions without an address.
 */
export async function returnAddress(db: D1Database): Promise<string[]> {
  const row = await db.prepare('SELECT address FROM store WHERE id = 1').first<{ address: string | null }>()
  const lines = (row?.address ?? '')
    .split(/\r?\n|,\s*/)
    .map((l) => l.trim())
    .filter(Boolean)
  return lines.length ? [BRAND.legalName, ...lines] : []
}
