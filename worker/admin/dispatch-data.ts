import * as z from 'zod/mini'
import { AU_STATES, type AuState } from '#kernel/au-holidays.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { once, spendFormStatement } from './form-tokens.ts'
import { dispatchSettingsStatement } from '#worker/backend/services/store-settings-write.ts'

/**
 * The store's dispatch (issue 44 point 3, migration 0420, decision 0061): one cut-off and one dispatch state for the
 * whole store, edited on the Shipping page; the rates keep their transit days. The storefront reads them with the
 * store settings (worker/lib/store-settings.ts), so a save forgets that copy and the cached pages.
 */

const say = (en: string, de: string) => `${en} (${de})`

export interface DispatchRow {
  cutoff_minutes: number
  state: AuState
}

export const STATE_NAMES: Record<AuState, string> = {
  VIC: 'Victoria',
  NSW: 'New South Wales',
  QLD: 'Queensland',
  SA: 'South Australia',
  WA: 'Western Australia',
  TAS: 'Tasmania',
  ACT: 'Australian Capital Territory',
  NT: 'Northern Territory',
}

export const DispatchSchema = z.object({
  cutoff: z.pipe(z
    .string().check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, say('Give the cut-off as a time of day, like 14:00.', 'Geben Sie den Annahmeschluss als Uhrzeit an, etwa 14:00.'))), z.transform((v) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3)))),
  state: z.enum(AU_STATES, { message: say('Choose the state the orders are dispatched from.', 'Wählen Sie den Bundesstaat, aus dem versandt wird.') }),
})
export type DispatchInput = z.infer<typeof DispatchSchema>

/** 840 → '14:00'. */
export const cutoffText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

export async function loadDispatch(db: D1Database): Promise<DispatchRow | null> {
  return db.prepare('SELECT cutoff_minutes, state FROM dispatch_settings WHERE id = 1').first<DispatchRow>()
}

const audit = (d: { cutoff_minutes: number; state: string }) => ({ cutoff: cutoffText(d.cutoff_minutes), state: d.state })

/** Saves the cut-off and state once per form, audited (before and after). */
export async function saveDispatch(db: D1Database, operator: Operator, before: DispatchRow | null, input: DispatchInput, token: string): Promise<void> {
  await once(db, token, { done: 'the dispatch settings were saved.', label: 'See shipping' }, () =>
    db.batch([
      dispatchSettingsStatement(db, input.cutoff, input.state),
      auditStatement(db, operator, 'shipping.dispatch.update', { type: 'dispatch_settings', id: 1 }, before ? audit(before) : null, audit({ cutoff_minutes: input.cutoff, state: input.state })),
      spendFormStatement(db, token, operator, { sql: '?', binds: ['/admin/shipping'] }),
    ]),
  )
}
