import type { Context } from 'hono'
import type { AppEnv } from '#worker/app-env.ts'

/** The operator signed in to the console (worker/admin/session.ts). */
export interface Operator {
  id: number
  email: string
  firstName: string
  sessionHash: string
}

/** The app's context plus the operator the guard found. */
export interface AdminEnv {
  Bindings: AppEnv['Bindings']
  Variables: AppEnv['Variables'] & { operator: Operator }
}

export type AdminContext = Context<AdminEnv>
