import type { ReactNode } from 'react'
import type { Context } from 'hono'
import { renderToReadableStream } from '#worker/ssr/fizz.ts'
import { assetsFor, bodyFont, consoleScript } from '#worker/ssr/assets.ts'
import { AdminDocument, AdminShell } from '#worker/admin/pages/shell.tsx'
import type { AdminContext } from './context.ts'

/** Headers of every console answer: never stored by a browser, proxy or the edge cache, never indexed. */
export const PRIVATE_HEADERS = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' } as const

/** A whole page, rendered to the end before it is sent (console pages are small; a status must not change midway). */
export async function renderDocument(title: string, body: ReactNode, status = 200, script?: { nonce: string }): Promise<Response> {
  const stream = await renderToReadableStream(
    <AdminDocument title={title} styles={[...assetsFor([]).styles, bodyFont().stylesheet]} script={script ? consoleScript() : undefined} nonce={script?.nonce}>
      {body}
    </AdminDocument>,
  )
  await stream.allReady
  const response = new Response(stream, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...PRIVATE_HEADERS } })
  return status >= 400 ? focusFirstInvalid(response) : response
}

/**
 * A refused form comes back as a new page whose focus would start at the top: `autofocus` on its first invalid field
 * puts the keyboard there and has a screen reader read the field with its message (aria-describedby), without a script.
 */
function focusFirstInvalid(response: Response): Response {
  let placed = false
  return new HTMLRewriter()
    .on('[aria-invalid="true"]', {
      element(element) {
        if (placed) return
        placed = true
        element.setAttribute('autofocus', '')
      },
    })
    .transform(response)
}

/** The CSP nonce of this request (worker/index.ts hands it over in a header it sets itself). */
export const NONCE_HEADER = 'x-console-nonce'

/** A console page inside the navigation shell; `withScript` adds the console's browser script. */
export function renderPage(c: AdminContext, title: string, body: ReactNode, status = 200, withScript = false): Promise<Response> {
  const path = new URL(c.req.url).pathname
  const nonce = c.req.header(NONCE_HEADER)
  return renderDocument(
    title,
    <AdminShell current={path} operator={c.var.operator}>
      {body}
    </AdminShell>,
    status,
    withScript && nonce ? { nonce } : undefined,
  )
}

/** After a change: back to a page with what happened (`notice`), as a 303 so a reload does not post again. */
export function seeOther(c: Context, path: string, notice?: string): Response {
  const url = notice ? `${path}${path.includes('?') ? '&' : '?'}notice=${encodeURIComponent(notice)}` : path
  // c.body keeps headers set earlier on the context (the session cookie of a login)
  return c.body(null, 303, { location: url, ...PRIVATE_HEADERS })
}
