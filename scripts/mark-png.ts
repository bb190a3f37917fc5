/**
 * Rasterises the brand mark (kernel/brand.ts `markShapes`) to a PNG at build time, with no image library and no browser:
 * the mark is a rounded square, a circle and straight-edged paths (M/L/H/V and their relative forms, Z), so each
 * shape becomes polygons, filled with the non-zero rule at 16 sub-scanlines per pixel row with exact horizontal
 * coverage, and composited back to front. The PNG is 8-bit RGBA, unfiltered rows, deflated by node:zlib.
 */
import { deflateSync } from 'node:zlib'
import { markShapes, type MarkShape } from '../kernel/brand.ts'
import { pngFile } from './png-chunks.ts'

type Point = [number, number]

/** The subpaths of an SVG path of straight segments, as closed polygons. Curves are refused, not guessed. */
export function pathPolygons(d: string): Point[][] {
  const tokens = d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? []
  const polygons: Point[][] = []
  let current: Point[] = []
  let x = 0
  let y = 0
  let command = ''
  let i = 0
  const num = () => {
    const value = Number(tokens[i++])
    if (!Number.isFinite(value)) throw new Error(`mark path: a number was expected in "${d}"`)
    return value
  }
  const close = () => {
    if (current.length > 2) polygons.push(current)
    current = []
  }
  while (i < tokens.length) {
    if (/[A-Za-z]/.test(tokens[i]!)) command = tokens[i++]!
    switch (command) {
      case 'M':
      case 'm': {
        close()
        const [nx, ny] = [num(), num()]
        ;[x, y] = command === 'm' ? [x + nx, y + ny] : [nx, ny]
        current.push([x, y])
        command = command === 'm' ? 'l' : 'L' // pairs after a move are lines
        break
      }
      case 'L':
      case 'l': {
        const [nx, ny] = [num(), num()]
        ;[x, y] = command === 'l' ? [x + nx, y + ny] : [nx, ny]
        current.push([x, y])
        break
      }
      case 'H':
      case 'h':
        x = command === 'h' ? x + num() : num()
        current.push([x, y])
        break
      case 'V':
      case 'v':
        y = command === 'v' ? y + num() : num()
        current.push([x, y])
        break
      case 'Z':
      case 'z':
        if (current.length) [x, y] = current[0]!
        close()
        break
      default:
        throw new Error(`mark path: command "${command}" is not supported (straight segments only) in "${d}"`)
    }
  }
  close()
  return polygons
}

function arc(cx: number, cy: number, r: number, from: number, to: number, steps: number): Point[] {
  return Array.from({ length: steps + 1 }, (_, k) => {
    const a = from + ((to - from) * k) / steps
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as Point
  })
}

function shapePolygons(shape: MarkShape): Point[][] {
  if (shape.kind === 'path') return pathPolygons(shape.d)
  if (shape.kind === 'circle') return [arc(shape.cx, shape.cy, shape.r, 0, 2 * Math.PI, 96).slice(0, -1)]
  const { x, y, size, radius: r } = shape
  if (r <= 0) return [[[x, y], [x + size, y], [x + size, y + size], [x, y + size]]]
  const q = Math.PI / 2
  return [[
    ...arc(x + size - r, y + r, r, -q, 0, 24),
    ...arc(x + size - r, y + size - r, r, 0, q, 24),
    ...arc(x + r, y + size - r, r, q, 2 * q, 24),
    ...arc(x + r, y + r, r, 2 * q, 3 * q, 24),
  ]]
}

/** Coverage (0-1) of each pixel of a `size`² image by `polygons` (in pixels), non-zero winding. */
function coverage(polygons: Point[][], size: number): Float32Array {
  const cover = new Float32Array(size * size)
  const SUB = 16
  const edges = polygons.flatMap((poly) => poly.map((a, k) => [a, poly[(k + 1) % poly.length]!] as const))
  const crossings: Array<[number, number]> = []
  for (let row = 0; row < size; row++) {
    for (let s = 0; s < SUB; s++) {
      const sy = row + (s + 0.5) / SUB
      crossings.length = 0
      for (const [[x0, y0], [x1, y1]] of edges) {
        if (y0 === y1 || sy < Math.min(y0, y1) || sy >= Math.max(y0, y1)) continue
        crossings.push([x0 + ((sy - y0) / (y1 - y0)) * (x1 - x0), y1 > y0 ? 1 : -1])
      }
      crossings.sort((a, b) => a[0] - b[0])
      let winding = 0
      for (let k = 0; k < crossings.length - 1; k++) {
        winding += crossings[k]![1]
        if (winding === 0) continue
        const from = Math.max(0, crossings[k]![0])
        const to = Math.min(size, crossings[k + 1]![0])
        for (let px = Math.floor(from); px < to; px++) {
          const covered = Math.min(px + 1, to) - Math.max(px, from)
          if (covered > 0) cover[row * size + px]! += covered / SUB
        }
      }
    }
  }
  return cover
}

const hex = (colour: string): [number, number, number] => {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)
  if (!m) throw new Error(`mark colour: "${colour}" is not a #rgb or #rrggbb colour`)
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!
  return [0, 2, 4].map((k) => parseInt(h.slice(k, k + 2), 16)) as [number, number, number]
}

/** Encodes straight (not premultiplied) 8-bit RGBA pixels as a PNG. */
function encodePng(rgba: Uint8Array, size: number): Uint8Array {
  const raw = new Uint8Array(size * (size * 4 + 1))
  for (let row = 0; row < size; row++) raw.set(rgba.subarray(row * size * 4, (row + 1) * size * 4), row * (size * 4 + 1) + 1)
  return pngFile(size, size, 6, deflateSync(raw, { level: 9 }))
}

/** The mark as a `size`×`size` PNG (transparent outside a rounded tile). */
export function markPng(size: number, options: { padding?: number; rounded?: boolean } = {}): Uint8Array {
  const { viewBox, shapes } = markShapes(options)
  const scale = size / viewBox.size
  const toPixels = (poly: Point[]) => poly.map(([x, y]) => [(x - viewBox.x) * scale, (y - viewBox.y) * scale] as Point)
  // Straight colour and alpha per pixel, composited back to front with source-over.
  const colour = new Float32Array(size * size * 3)
  const alpha = new Float32Array(size * size)
  for (const shape of shapes) {
    const [r, g, b] = hex(shape.fill)
    const cover = coverage(shapePolygons(shape).map(toPixels), size)
    for (let p = 0; p < cover.length; p++) {
      const a = Math.min(1, cover[p]!)
      if (a <= 0) continue
      const out = a + alpha[p]! * (1 - a)
      for (const [k, c] of [r, g, b].entries()) colour[p * 3 + k] = (c * a + colour[p * 3 + k]! * alpha[p]! * (1 - a)) / out
      alpha[p] = out
    }
  }
  const rgba = new Uint8Array(size * size * 4)
  for (let p = 0; p < alpha.length; p++) {
    for (let k = 0; k < 3; k++) rgba[p * 4 + k] = Math.round(colour[p * 3 + k]!)
    rgba[p * 4 + 3] = Math.round(alpha[p]! * 255)
  }
  return encodePng(rgba, size)
}
