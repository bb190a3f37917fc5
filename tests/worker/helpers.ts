import { SELF } from 'cloudflare:test'
import { vi } from 'vitest'
import { serializeAuthCookie } from '#worker/middleware/session.ts'
import { clientAddress, fromClient } from '#tests/factories/client.ts'

export const ORIGIN = 'https://store.test'

/** A page request as a browser would send it, without following redirects. */
export function get(path: string, headers: Record<string, string> = {}) {
  return SELF.fetch(ORIGIN + path, { redirect: 'manual', headers: { accept: 'text/html', ...headers } })
}

/**
 * A slow cache and backend: every read of `kv` waits `ms` first, so a page streams its slow parts after its shell.
 * Returns the spy (`mockRestore()` ends it).
 */
export function slowKv(kv: KVNamespace, ms = 150) {
  const get = kv.get.bind(kv)
  return vi.spyOn(kv, 'get').mockImplementation(((...args: Parameters<KVNamespace['get']>) =>
    new Promise((resolve) => setTimeout(resolve, ms)).then(() => (get as (...a: unknown[]) => unknown)(...args))) as KVNamespace['get'])
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

/**
 * A browser without JavaScript: keeps its cookies, posts urlencoded forms from our own pages, follows nothing.
 * `fetcher` serves the store with other variables (e.g. Stripe's keys) than the test worker's own.
 */
export function formBrowser(ip = clientAddress(), fetcher: (url: string, init: RequestInit) => Promise<Response> = (url, init) => SELF.fetch(url, init)) {
  const jar = new Map<string, string>()
  async function send(path: string, form?: Record<string, string>) {
    const headers: Record<string, string> = { accept: 'text/html', ...fromClient(ip) }
    if (form) Object.assign(headers, { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' })
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const res = await fetcher(ORIGIN + path, { method: form ? 'POST' : 'GET', redirect: 'manual', headers, body: form ? new URLSearchParams(form).toString() : undefined })
    for (const cookie of res.headers.getSetCookie()) {
      const [name, value] = cookie.split(';')[0]!.split('=')
      if (/max-age=0/i.test(cookie) || !value) jar.delete(name!)
      else jar.set(name!, value)
    }
    const body = await res.text()
    return { status: res.status, location: res.headers.get('location'), body, headers: res.headers }
  }
  return { jar, get: (path: string) => send(path), post: (path: string, form: Record<string, string>) => send(path, form) }
}

