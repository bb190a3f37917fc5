import { SAFE_LINK_RULE, safeLink } from '#kernel/safe-link.ts'
import * as z from 'zod/mini'
import type { FormValues } from '#worker/admin/pages/parts.tsx'
import type { MenuDraftItem, MenuLocation } from '#worker/admin/pages/menus-page.tsx'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { menuStatements } from '#worker/backend/catalogue/content-write.ts'

/**
 * The header and footer menus, English and German together: Spree keeps one menu per location and locale, each a
 * nested set under an invisible root. The console shows them as rows (top level, or under the row above) paired by
 * order, and writes both languages' trees afresh on save.
 */

export const MAX_MENU_ITEMS = 100
const MENU_NAMES: Record<MenuLocation, string> = { header: 'Main menu', footer: 'Footer menu' }

interface ItemRow {
  menu_id: number
  locale: string
  name: string
  destination: string | null
  depth: number
}

export async function loadMenu(db: D1Database, location: MenuLocation): Promise<MenuDraftItem[]> {
  const { results } = await db
    .prepare('SELECT i.menu_id, m.locale, i.name, i.destination, i.depth FROM menu_items i JOIN menus m ON m.id = i.menu_id WHERE m.location = ? AND i.depth > 0 ORDER BY m.locale, i.lft')
    .bind(location)
    .all<ItemRow>()
  const en = results.filter((r) => r.locale === 'en')
  const de = results.filter((r) => r.locale === 'de')
  return Array.from({ length: Math.max(en.length, de.length) }, (_, i) => {
    const main = (en[i] ?? de[i])!
    return { level: main.depth > 1 ? '2' : '1', link: main.destination ?? '', en: en[i]?.name ?? '', de: de[i]?.name ?? '' }
  })
}

/**
 * The rows as posted, each already at the place its 'Position' select names: an operator moves a row from 9th to 2nd
 * in one step (on Save or any other button), not one place per round trip.
 */
export function menuFromForm(values: FormValues): MenuDraftItem[] {
  const items: MenuDraftItem[] = []
  const positions: string[] = []
  for (let i = 0; i < MAX_MENU_ITEMS + 1; i++) {
    if (values[`items.${i}.level`] === undefined) break
    items.push({ level: values[`items.${i}.level`] ?? '', link: values[`items.${i}.link`] ?? '', en: values[`items.${i}.en`] ?? '', de: values[`items.${i}.de`] ?? '' })
    positions.push(values[`items.${i}.position`] ?? '')
  }
  return moveToPositions(items, positions)
}

/**
 * Each row whose position (1-based, as the select shows it) differs from where it was drawn is taken out and put at
 * that place, in the order the rows were posted; a position that is not a number in range leaves the row where it is.
 */
export function moveToPositions<T>(items: T[], positions: string[]): T[] {
  const tagged = items.map((item, i) => ({ item, was: i, want: /^\d{1,3}$/.test(positions[i] ?? '') ? Number(positions[i]) - 1 : i }))
  const out = [...tagged]
  // only the rows the operator gave another number move; the rest keep their order around them
  for (const row of tagged) {
    if (row.want === row.was || row.want < 0 || row.want >= out.length) continue
    out.splice(out.indexOf(row), 1)
    out.splice(row.want, 0, row)
  }
  return out.map((row) => row.item)
}

const label = (language: string) => z.string().check(z.trim(), z.minLength(1, `The ${language} label is required.`), z.maxLength(60, 'At most 60 characters.'))

const menuSchema = (location: MenuLocation) =>
  z
    .array(
      z
        .object({
          level: z.enum(['1', '2'], { message: 'Choose where the item sits.' }),
          link: z.string().check(z.trim(), z.maxLength(500, 'At most 500 characters.'), z.refine((v) => !v || safeLink(v, { https: true }) !== null, SAFE_LINK_RULE)),
          en: label('English'),
          de: label('German'),
        }).check(z.refine((item) => item.link !== '' || (location === 'footer' && item.level === '1'), { path: ['link'], message: 'A link is required (a store path like /t/women).' })),
    ).check(z.maxLength(MAX_MENU_ITEMS, `A menu has at most ${MAX_MENU_ITEMS} items.`))

/**
 * The menu form as posted (rows `items.N.level|link|en|de`) read into rows and checked: what `parseForm` takes on
 * Save. Field messages come back under the form's names (`items.2.en`).
 */
export const menuFormSchema = (location: MenuLocation) =>
  z.pipe(z.transform((values) => ({ items: menuFromForm(values as FormValues) })), z.object({
      // `when`: the first row has no row above it to sit under, whether or not other rows are refused too
      items: menuSchema(location).check(z.refine((items) => items[0]?.level !== '2', { path: [0, 'level'], message: 'The first item must be at the top level.', when: () => true })),
    }))

/** Nested-set numbers for the rows: the root spans all; a top-level row spans the rows under it. */
function numbered(items: MenuDraftItem[]) {
  let counter = 1
  const out = items.map((item) => ({ ...item, depth: Number(item.level), lft: 0, rgt: 0, parentLft: 1 }))
  let top: (typeof out)[number] | null = null
  for (const row of out) {
    if (row.depth === 1) {
      if (top) top.rgt = ++counter
      top = row
      row.lft = ++counter
    } else {
      row.parentLft = top!.lft
      row.lft = ++counter
      row.rgt = ++counter
    }
  }
  if (top) top.rgt = ++counter
  return { rows: out, rootRgt: ++counter }
}

export async function saveMenu(db: D1Database, operator: Operator, location: MenuLocation, before: MenuDraftItem[], items: MenuDraftItem[]): Promise<void> {
  const { rows, rootRgt } = numbered(items)
  const statements: D1PreparedStatement[] = []
  for (const locale of ['en', 'de'] as const) {
    // a top-level row's rgt is known only after its children are numbered; it was set above
    statements.push(...menuStatements(db, location, locale, MENU_NAMES[location], rootRgt, rows))
  }
  statements.push(auditStatement(db, operator, 'menu.update', { type: 'menu', id: location }, before, items))
  await db.batch(statements)
}
