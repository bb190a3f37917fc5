/** Small crypto helpers of the backend, on Web Crypto only (nothing Node-specific). */

const encoder = new TextEncoder()

/** A random URL-safe token with `bytes` bytes of entropy (32 by default: unguessable, fine for a URL). */
export function randomToken(bytes = 32): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes))
  return toBase64Url(buf)
}

/** Hex SHA-256 of a string. Tokens are stored only as this digest, so a copy of the database lets nobody in. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(value))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

export function toBase64Url(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const s = atob(value.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(s, (ch) => ch.charCodeAt(0))
}

/** Compares two byte arrays in time that does not depend on where they first differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}

/** A random numeric string of `digits` digits (order numbers, gift card codes). */
export function randomDigits(digits: number): string {
  const buf = crypto.getRandomValues(new Uint32Array(digits))
  return [...buf].map((n) => String(n % 10)).join('')
}

export const nowSeconds = () => Math.floor(Date.now() / 1000)
export const nowIso = () => new Date().toISOString()
