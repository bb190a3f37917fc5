import { constants, crc32, deflateRawSync } from 'node:zlib'

/**
 * A hot page's gzip answer without compressing per request (docs/caching.md, 'Compressed once').
 *
 * A cached page differs between answers only in its CSP nonce, so the parts between the nonces are compressed once
 * (level 9, each ending in a sync flush, so on a byte boundary and not final) and an answer is assembled from them:
 * the gzip header, each part with the answer's `nonce="…"` between them as a stored (uncompressed) block, an empty
 * final block, and the trailer (the CRC-32 of the whole text, combined from the parts' and the nonce's, and its
 * length). Each part is compressed with the text before it as its dictionary, so it still refers back across a nonce
 * as one stream would; there the nonce's value is NUL bytes, which HTML never holds (a page that does is not
 * compressed this way), so no back-reference can reach into what differs per answer.
 */

const WINDOW = 32 * 1024
/** `btoa` of 16 random bytes (worker/middleware/security-headers.ts). */
const NONCE_LENGTH = 24
const encoder = new TextEncoder()

const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff)
/** An empty stored block marked final: the deflate stream ends on the byte boundary the last sync flush left. */
const FINAL_BLOCK = Uint8Array.of(1, 0, 0, 0xff, 0xff)

export interface GzipPage {
  /** Each part of the page compressed, as a non-final run of deflate blocks that ends on a byte boundary. */
  compressed: Uint8Array[]
  /** Each part's CRC-32 and its length in bytes. */
  crcs: number[]
  lengths: number[]
  /** The compressed bytes in all, for the memory bound. */
  bytes: number
}

/** The nonce attribute as it appears in the page, for a nonce of `value`. */
const attribute = (value: string) => encoder.encode(`nonce="${value}"`)

/** The page's parts (split at the nonce attribute) compressed once; null where the page holds a NUL byte. */
export function compressParts(parts: string[]): GzipPage | null {
  const raw = parts.map((part) => encoder.encode(part))
  if (raw.some((bytes) => bytes.includes(0))) return null
  const gap = attribute('\0'.repeat(NONCE_LENGTH))
  const compressed: Uint8Array[] = []
  let before: Uint8Array = new Uint8Array(0)
  raw.forEach((bytes, i) => {
    const dictionary = before.length > 0 ? { dictionary: before } : {}
    compressed.push(new Uint8Array(deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH, ...dictionary })))
    before = lastWindow([before, bytes, i < raw.length - 1 ? gap : new Uint8Array(0)])
  })
  return {
    compressed,
    crcs: raw.map((bytes) => crc32(bytes)),
    lengths: raw.map((bytes) => bytes.length),
    bytes: compressed.reduce((sum, bytes) => sum + bytes.length, 0),
  }
}

/** The gzip answer with `nonce` between the parts, or null for a nonce of another length than the one compressed for. */
export function gzipAnswer(page: GzipPage, nonce: string): Uint8Array<ArrayBuffer> | null {
  if (nonce.length !== NONCE_LENGTH) return null
  const insert = attribute(nonce)
  if (insert.length !== NONCE_LENGTH + 8) return null
  const stored = Uint8Array.of(0, insert.length, 0, ~insert.length & 0xff, 0xff)
  const insertCrc = crc32(insert)
  const last = page.compressed.length - 1
  const pieces: Uint8Array[] = [GZIP_HEADER]
  let crc = 0
  let size = 0
  page.compressed.forEach((bytes, i) => {
    pieces.push(bytes)
    crc = crc32Combine(crc, page.crcs[i]!, page.lengths[i]!)
    size += page.lengths[i]!
    if (i < last) {
      pieces.push(stored, insert)
      crc = crc32Combine(crc, insertCrc, insert.length)
      size += insert.length
    }
  })
  const trailer = new Uint8Array(8)
  const view = new DataView(trailer.buffer)
  view.setUint32(0, crc >>> 0, true)
  view.setUint32(4, size >>> 0, true)
  pieces.push(FINAL_BLOCK, trailer)
  return concat(pieces)
}

function concat(pieces: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0))
  let at = 0
  for (const piece of pieces) {
    out.set(piece, at)
    at += piece.length
  }
  return out
}

/** The last 32 KiB of the pieces joined: what a decoder's window holds at that point. */
function lastWindow(pieces: Uint8Array[]): Uint8Array {
  const joined = concat(pieces)
  return joined.length > WINDOW ? joined.slice(joined.length - WINDOW) : joined
}

// CRC-32 combination (as zlib's crc32_combine): the CRC of A followed by B from the CRC of A, the CRC of B and B's
// length, by multiplying A's CRC by x^(8·length) modulo the CRC polynomial (bit-reflected, as the CRC itself is).
const POLY = 0xedb88320

function multiplyModP(a: number, b: number): number {
  let m = 0x80000000
  let product = 0
  for (;;) {
    if ((a & m) !== 0) {
      product ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = (b & 1) !== 0 ? (b >>> 1) ^ POLY : b >>> 1
  }
  return product >>> 0
}

/** x^(2^k) modulo p for k = 0…31. */
const X2N = (() => {
  const table = [0x40000000]
  for (let k = 1; k < 32; k++) table.push(multiplyModP(table[k - 1]!, table[k - 1]!))
  return table
})()

/** x^(n·2^k) modulo p. */
function xPowerModP(n: number, k: number): number {
  let p = 0x80000000
  while (n > 0) {
    if ((n & 1) !== 0) p = multiplyModP(X2N[k & 31]!, p)
    n >>>= 1
    k++
  }
  return p
}

export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB === 0) return crcA >>> 0
  return (multiplyModP(xPowerModP(lengthB, 3), crcA >>> 0) ^ crcB) >>> 0
}
