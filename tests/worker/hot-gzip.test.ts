// A hot page's gzip answer assembled from parts compressed once (worker/edge-cache/hot-gzip.ts): what a browser
// inflates must be the page with this answer's nonce, byte for byte, with a valid CRC and length, and it must be as
// small as compressing the whole page in one go.
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressParts, crc32Combine, gzipAnswer } from '#worker/edge-cache/hot-gzip.ts'

const encoder = new TextEncoder()

async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text()
}

async function gzipWhole(text: string): Promise<number> {
  return (await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()).byteLength
}

/** A page of `cards` product cards with nonces in the head, after the header and at the end, like a category page. */
function pageParts(cards: number): string[] {
  const card = (i: number) => `<li class="card"><a href="/products/summit-and-co-item-${i}"><img src="/images/${i}.webp" alt="Item ${i} – Größe M"><span class="price">$${(i * 7.35).toFixed(2)}</span></a></li>`
  return [
    '<!DOCTYPE html><html lang="en"><head><script ',
    `>window.__x=1</script></head><body><header>Basecamp · Outfitters</header><ul>${Array.from({ length: cards }, (_, i) => card(i)).join('')}</ul><script `,
    `>window.__staticRouterHydrationData=${JSON.stringify({ cards: Array.from({ length: cards }, (_, i) => ({ slug: `summit-and-co-item-${i}`, name: `Item ${i} – Größe M` })) })}</script><script `,
    ' src="/assets/main.js"></script></body></html>',
  ]
}

const NONCE = 'RhD4qo9stPXTgIw+0OXIew=='

describe('the CRC-32 of a joined text from its parts', () => {
  it('equals the CRC-32 of the whole, for empty, short and long second parts', () => {
    const a = encoder.encode('<html><head>'.repeat(300))
    for (const length of [0, 1, 7, 33, 4096, 100_003]) {
      const b = encoder.encode('x'.repeat(length).replace(/x/g, (_, i) => String.fromCharCode(97 + (i % 26))))
      const whole = new Uint8Array(a.length + b.length)
      whole.set(a)
      whole.set(b, a.length)
      expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(whole) >>> 0)
    }
  })
})

describe('a gzip answer from parts compressed once', () => {
  it('inflates to the page with the nonce in every place, and a second nonce gives a second valid answer', async () => {
    const parts = pageParts(48)
    const compressed = compressParts(parts)!
    expect(compressed).not.toBeNull()
    const other = 'Zm9vYmFyYmF6cXV4MTIzNA=='
    for (const nonce of [NONCE, other]) {
      const gzip = gzipAnswer(compressed, nonce)!
      expect([...gzip.subarray(0, 3)]).toEqual([0x1f, 0x8b, 8])
      // a wrong CRC or length would make the stream fail to inflate
      expect(await inflate(gzip)).toBe(parts.join(`nonce="${nonce}"`))
    }
  })

  it('is as small as the whole page compressed in one stream: the parts still refer back across the nonces', async () => {
    const parts = pageParts(400)
    const whole = parts.join(`nonce="${NONCE}"`)
    expect(whole.length).toBeGreaterThan(64 * 1024) // more than the 32 KiB window, so the dictionaries are cut to it
    const compressed = compressParts(parts)!
    const gzip = gzipAnswer(compressed, NONCE)!
    expect(await inflate(gzip)).toBe(whole)
    expect(gzip.length).toBeLessThanOrEqual(await gzipWhole(whole))
    // text that repeats across a nonce (the cards, then the same names in the hydration data) costs little the
    // second time: a part that repeats the one before it compresses to a few bytes
    const cards = pageParts(20)[1]!
    const twice = compressParts([cards, cards])!
    expect(twice.compressed[1]!.length).toBeLessThan(twice.compressed[0]!.length / 5)
  })

  it('a page with a NUL byte, or a nonce of another length, is not answered this way', () => {
    expect(compressParts(['<p>a\0b</p><script ', '></script>'])).toBeNull()
    expect(gzipAnswer(compressParts(pageParts(2))!, 'short')).toBeNull()
  })
})
