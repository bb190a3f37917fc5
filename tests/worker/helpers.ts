import { SELF } from 'cloudflare:test'

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

/** A bearer cookie as the account work writes it: the OAuth token response, base64url JSON. */
export function authCookie(token: { access_token: string; created_at: number; expires_in: number }) {
  const value = btoa(JSON.stringify({ token_type: 'Bearer', ...token })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `auth=${value}`
}
