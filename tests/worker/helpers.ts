import { SELF } from 'cloudflare:test'
import { serializeAuthCookie } from '#worker/middleware/session.ts'

export const ORIGIN = 'https://store.test'

/** A page request as a browser would send it, without following redirects. */
export function get(path: string, headers: Record<string, string> = {}) {
  return SELF.fetch(ORIGIN + path, { redirect: 'manual', headers: { accept: 'text/html', ...headers } })
}

/** Reads a streamed response to the end (SSR bodies are streams). */
export async function html(response: Response) {
  return await response.text()
}

export function layoutOf(body: string) {
  return /data-layout="(\w+)"/.exec(body)?.[1] ?? null
}

/** A bearer cookie exactly as the session middleware writes it. */
export function authCookie(token: { access_token: string; created_at: number; expires_in: number }) {
  return `auth=${serializeAuthCookie({ token_type: 'Bearer', ...token })}`
}
