import { DEVELOPMENT_PEPPER, isProduction, type Env } from '#worker/env.ts'
import { constantTimeEqual, fromBase64Url, toBase64Url } from '../../lib/crypto.ts'

/**
 * PBKDF2-SHA256 iterations. 100,000 is the most the production Workers runtime accepts (more throws), so this is
 * also the strongest setting available; tests/backend/passwords.test.ts guards the number.
 */
export const PASSWORD_ITERATIONS = 100_000
const SCHEME = 'pbkdf2-sha256'

const encoder = new TextEncoder()

function pepperOf(env: Env): string {
  if (env.PASSWORD_PEPPER) return env.PASSWORD_PEPPER
  // configProblem (worker/env.ts) keeps a production store from serving at all without a real pepper
  if (isProduction(env)) throw new Error('PASSWORD_PEPPER is not set')
  return DEVELOPMENT_PEPPER
}

// The pepper keys an HMAC of the password before stretching, so a stolen database without the secret is useless
// for offline guessing.
async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number, pepper: string): Promise<Uint8Array> {
  const hmacKey = await crypto.subtle.importKey('raw', encoder.encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const peppered = await crypto.subtle.sign('HMAC', hmacKey, encoder.encode(password))
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256)
  return new Uint8Array(bits)
}

/** `pbkdf2-sha256$100000$<salt>$<hash>` for a new password. */
export async function hashPassword(env: Env, password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const hash = await derive(password, salt, PASSWORD_ITERATIONS, pepperOf(env))
  return `${SCHEME}$${PASSWORD_ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`
}

/** Parses a stored hash; null if it is not one of ours. */
export function parsePasswordHash(stored: string) {
  const [scheme, iter, salt, hash] = stored.split('$')
  const iterations = Number(iter)
  if (scheme !== SCHEME || !Number.isInteger(iterations) || !salt || !hash) return null
  return { iterations, salt: fromBase64Url(salt), hash: fromBase64Url(hash) }
}

export async function verifyPassword(env: Env, password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored)
  if (!parsed || parsed.iterations > PASSWORD_ITERATIONS) return false
  const hash = await derive(password, parsed.salt, parsed.iterations, pepperOf(env))
  return constantTimeEqual(hash, parsed.hash)
}

// Verifying against this when the email is unknown keeps the answer time the same for known and unknown emails.
let dummyHash: Promise<string> | null = null
export async function verifyAgainstDummy(env: Env, password: string): Promise<false> {
  dummyHash ??= hashPassword(env, 'dummy-password-1')
  await verifyPassword(env, password, await dummyHash)
  return false
}

/**
 * A signature of `value` for one `purpose` ('newsletter-unsubscribe'), with a key derived from the pepper (HMAC of the
 * purpose under the pepper, so no two uses share a key and the pepper never signs anything directly): base64url of
 * HMAC-SHA256. Links that must keep working without a stored token (an unsubscribe link in every newsletter) carry it.
 */
export async function signForPurpose(env: Env, purpose: string, value: string): Promise<string> {
  const root = await crypto.subtle.importKey('raw', encoder.encode(pepperOf(env)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const derived = await crypto.subtle.sign('HMAC', root, encoder.encode(`storefront:${purpose}`))
  const key = await crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(value))))
}

/** Whether `signature` is `signForPurpose(env, purpose, value)`, compared in constant time. */
export async function signedForPurpose(env: Env, purpose: string, value: string, signature: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false
  return constantTimeEqual(fromBase64Url(signature), fromBase64Url(await signForPurpose(env, purpose, value)))
}
