import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { markPng, pathPolygons } from '../../scripts/mark-png.ts'
import { crc32 } from '../../scripts/png-chunks.ts'
import { BRAND, MARK, PNG_ICONS, webManifest } from '#kernel/brand.ts'

/** Decodes what markPng writes (8-bit RGBA, filter 0 on every row), checking each chunk's CRC on the way. */
function decode(png: Uint8Array) {
  expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]) // the signature, written out
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  let at = 8
  let width = 0
  let height = 0
  const idat: Uint8Array[] = []
  for (;;) {
    const length = view.getUint32(at)
    const type = new TextDecoder().decode(png.subarray(at + 4, at + 8))
    const data = png.subarray(at + 8, at + 8 + length)
    expect(view.getUint32(at + 8 + length), `${type} CRC`).toBe(crc32(png.subarray(at + 4, at + 8 + length)))
    if (type === 'IHDR') [width, height] = [view.getUint32(at + 8), view.getUint32(at + 12)]
    if (type === 'IDAT') idat.push(data)
    at += 12 + length
    if (type === 'IEND') break
  }
  const raw = inflateSync(Buffer.concat(idat))
  expect(raw.length).toBe(height * (width * 4 + 1))
  const pixel = (x: number, y: number) => [...raw.subarray(y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 5 + x * 4)]
  return { width, height, pixel }
}

const rgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16))

describe('the PNG app icons drawn from the brand mark', () => {
  it('are checksummed with the standard CRC-32 (every IEND chunk ends in AE 42 60 82)', () => {
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082)
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926)
  })

  it('are the declared size and show the mark in the brand colours', () => {
    const png = decode(markPng(192))
    expect([png.width, png.height]).toEqual([192, 192])
    const at = (x: number, y: number) => png.pixel(Math.floor((x / 32) * 192), Math.floor((y / 32) * 192))
    expect(at(MARK.sun.cx, MARK.sun.cy)).toEqual([...rgb(BRAND.highlight), 255]) // the sun
    expect(at(16, 5)).toEqual([...rgb(BRAND.colour), 255]) // the tile's sky
    expect(at(8, 22)).toEqual([255, 255, 255, 255]) // the left peak's flank
    expect(at(16, 24)).toEqual([...rgb(BRAND.colour), 255]) // the tent's doorway cut out of the ridge
    expect(png.pixel(0, 0)[3]).toBe(0) // outside the rounded corner
  })

  it('fill the whole square where the platform rounds it (apple-touch-icon, maskable) and keep the maskable safe zone', () => {
    const apple = decode(markPng(180, { rounded: false }))
    expect(apple.pixel(0, 0)).toEqual([...rgb(BRAND.colour), 255])
    const maskable = decode(markPng(512, { padding: 6, rounded: false }))
    expect(maskable.pixel(0, 0)).toEqual([...rgb(BRAND.colour), 255])
    // With 6 units of padding on a 44-unit square the mark sits inside the central 80 % circle: its sun, at the
    // top right, is drawn at (24.5 + 6) / 44 of the width.
    const sun = maskable.pixel(Math.floor(((MARK.sun.cx + 6) / 44) * 512), Math.floor(((MARK.sun.cy + 6) / 44) * 512))
    expect(sun).toEqual([...rgb(BRAND.highlight), 255])
  })

  it('smooth the edges instead of stair-stepping them', () => {
    const png = decode(markPng(32))
    // Along the left peak's flank (from 3,25 to 11.5,11) some pixels are partly covered: neither tile nor white.
    const row = Array.from({ length: 12 }, (_, x) => png.pixel(x, 18))
    const tile = [...rgb(BRAND.colour), 255].join()
    const white = [255, 255, 255, 255].join()
    const blended = row.filter((p) => p.join() !== tile && p.join() !== white)
    expect(blended.length).toBeGreaterThan(0)
    for (const [r, g, b, a] of blended) {
      expect(a).toBe(255)
      expect([r! > rgb(BRAND.colour)[0]!, g! > rgb(BRAND.colour)[1]!, b! > rgb(BRAND.colour)[2]!, g! < 255]).toEqual([true, true, true, true])
    }
  })

  it('are the icons the manifest lists, PNG with their real sizes', () => {
    const files = new Map(PNG_ICONS.map((icon) => [`/${icon.file}`, icon]))
    for (const icon of webManifest('Shop').icons) {
      const drawn = files.get(icon.src)
      expect(drawn, icon.src).toBeDefined()
      expect(icon.type).toBe('image/png')
      expect(icon.sizes).toBe(`${drawn!.size}x${drawn!.size}`)
      expect(icon.purpose === 'maskable').toBe(drawn!.padding > 0)
    }
  })

  it('refuse a mark path with curves rather than drawing something else', () => {
    expect(pathPolygons('M0 0 10 0 10 10Z')).toEqual([[[0, 0], [10, 0], [10, 10]]])
    expect(pathPolygons('M0 0h10v10H0z')).toEqual([[[0, 0], [10, 0], [10, 10], [0, 10]]])
    expect(() => pathPolygons('M0 0C1 1 2 2 3 3Z')).toThrow(/straight segments only/)
  })
})
