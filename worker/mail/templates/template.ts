import type { ReactElement } from 'react'
import type { RenderContext } from './layout.tsx'

/** One kind of email: its subject, the inbox preview line, the HTML body (inside EmailLayout) and the plain-text part. */
export interface Template<P> {
  subject(payload: P, ctx: RenderContext): string
  preview(payload: P, ctx: RenderContext): string
  Body(props: { p: P; ctx: RenderContext }): ReactElement
  text(payload: P, ctx: RenderContext): string
  /** Extra headers of the email (List-Unsubscribe), when it has any. */
  headers?(payload: P): Record<string, string>
}
