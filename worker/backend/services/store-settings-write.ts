/**
 * The one writer of the store's settings row and its dispatch cut-off (decision 0082): the console's settings, logo and
 * shipping forms check, spend their token and audit; these build the statements. The storefront reads both rows
 * (catalogue/country-routes.ts, the dispatch promise); an empty store gets its row from the first write.
 */

/** The settings' columns set to these values (the row made when the store has none). */
export function storeSettingsStatement(db: D1Database, values: Readonly<Record<string, string>>): D1PreparedStatement {
  const columns = Object.keys(values)
  return db
    .prepare(`INSERT INTO store (id, ${columns.join(', ')}) VALUES (1, ${columns.map(() => '?').join(', ')}) ON CONFLICT (id) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`)
    .bind(...Object.values(values))
}

/** The store's logo ('' none). */
export const storeLogoStatement = (db: D1Database, logoUrl: string) => db.prepare("INSERT INTO store (id, name, url, logo_url) VALUES (1, '', '', ?1) ON CONFLICT (id) DO UPDATE SET logo_url = ?1").bind(logoUrl)

/** The daily dispatch cut-off (minutes after midnight on the store's clock) and the state whose holidays count. */
export const dispatchSettingsStatement = (db: D1Database, cutoffMinutes: number, state: string) =>
  db.prepare('INSERT INTO dispatch_settings (id, cutoff_minutes, state) VALUES (1, ?1, ?2) ON CONFLICT (id) DO UPDATE SET cutoff_minutes = ?1, state = ?2').bind(cutoffMinutes, state)
