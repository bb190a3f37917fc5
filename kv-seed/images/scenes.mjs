// Landscape scenes for heroes, banners and CMS images: sky, sun, hazy far ridges, darker near ridges and a
// foreground (mountains with a lake, a coast with sea and headlands, a forest of pines). Atmospheric perspective
// (far layers pale, near layers dark) gives the depth; the left half stays calm and the bottom dark, so a title in
// white reads over it. Ridges come from a seeded generator, so a scene is the same on every run.
import { mix } from './svg.mjs'

export const SCENE_KINDS = ['mountains', 'coast', 'forest']

function seeded(seed) {
  let s = seed >>> 0 || 1
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296)
}

function hsl(h, s, l) {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100)
  const f = (n) => {
    const k = (n + h / 30) % 12
    return Math.round(255 * (l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)))).toString(16).padStart(2, '0')
  }
  return `#${f(0)}${f(8)}${f(4)}`
}

/** A ridge from left to right around `base` (fraction of height), peaks up to `rise`, filled to the bottom. */
function ridge(random, width, height, base, rise, { steps = 14, peakAt = 0.7, sharp = true, jag = 0 } = {}) {
  const pts = []
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * width
    const bump = Math.exp(-(((i / steps - peakAt) * 2.6) ** 2))
    const notch = i % 2 ? jag * random() : 0
    const y = height * (base - rise * bump * (0.6 + random() * 0.4) + notch - (random() - 0.5) * 0.04)
    pts.push([x, y])
  }
  let d = `M0 ${height} L${pts[0][0].toFixed(0)} ${pts[0][1].toFixed(0)}`
  for (let i = 1; i < pts.length; i++) {
    const [x, y] = pts[i]
    if (sharp) d += ` L${x.toFixed(0)} ${y.toFixed(0)}`
    else {
      const [px, py] = pts[i - 1]
      d += ` Q${px.toFixed(0)} ${py.toFixed(0)} ${((px + x) / 2).toFixed(0)} ${((py + y) / 2).toFixed(0)}`
    }
  }
  const [lx, ly] = pts[pts.length - 1]
  return `${d} L${lx.toFixed(0)} ${ly.toFixed(0)} L${width} ${height} Z`
}

/** Pine trees along a line: triangles of varying height. */
function pines(random, width, height, y0, size, count, colour) {
  let d = ''
  for (let i = 0; i < count; i++) {
    const x = (i + random() * 0.8) * (width / count)
    const h = size * (0.6 + random() * 0.6)
    const y = height * y0 + random() * size * 0.3
    d += `M${x.toFixed(0)} ${(y - h).toFixed(0)} L${(x + h * 0.28).toFixed(0)} ${y.toFixed(0)} L${(x - h * 0.28).toFixed(0)} ${y.toFixed(0)} Z `
  }
  return `<path d="${d}" fill="${colour}"/>`
}

/** One scene as SVG text; `hue` tints the sky (dawn orange, day blue, dusk purple …). */
export function sceneSvg(kind, hue, { width, height }) {
  const random = seeded(hue * 7919 + kind.length * 104729)
  // Skies are blue, dawn-warm or dusk-pink, never green or lime: hues 45-180 become day blues.
  const tint = hue >= 45 && hue < 180 ? 195 + (hue - 45) / 7 : hue
  const sky = [hsl(tint, 70, 86), hsl((tint + 20) % 360, 60, 72)]
  const land = 150 + (hue % 50)
  const layer = (l, s = 22) => hsl(land, s, l)
  const haze = (c, amount) => mix(c, sky[0], amount)
  const defs = `<defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[0]}"/></linearGradient>` +
    `<radialGradient id="sun"><stop offset="0" stop-color="#fffbe8"/><stop offset=".35" stop-color="#fff3c4" stop-opacity=".9"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="fg" x2="0" y2="1"><stop offset="0" stop-color="${layer(24, 26)}"/><stop offset="1" stop-color="${layer(10, 30)}"/></linearGradient></defs>`
  const parts = [`<rect width="${width}" height="${height}" fill="url(#sky)"/>`, `<circle cx="${width * 0.72}" cy="${height * 0.3}" r="${height * 0.32}" fill="url(#sun)"/>`]
  const fill = (d, c, extra = '') => parts.push(`<path d="${d}" fill="${c}"${extra}/>`)
  if (kind === 'mountains') {
    fill(ridge(random, width, height, 0.56, 0.3, { peakAt: 0.78, steps: 22, jag: 0.05 }), haze(layer(64), 0.6))
    const peaks = ridge(random, width, height, 0.62, 0.42, { peakAt: 0.66, steps: 16, jag: 0.09 })
    fill(peaks, haze(layer(44), 0.3))
    let line = `M0 0 H${width} V${(height * 0.36).toFixed(0)}`
    for (let i = 12; i >= 0; i--) line += ` L${((i / 12) * width).toFixed(0)} ${(height * (0.34 + (i % 2 ? 0.05 : 0) * random())).toFixed(0)}`
    parts.push(`<clipPath id="peaks"><path d="${line} Z"/></clipPath>`)
    fill(peaks, '#ffffff', ' opacity=".7" clip-path="url(#peaks)"')
    fill(ridge(random, width, height, 0.72, 0.16, { peakAt: 0.25, sharp: false }), layer(30))
    parts.push(`<rect y="${height * 0.74}" width="${width}" height="${height * 0.1}" fill="${haze(hsl(205, 40, 58), 0.35)}"/>`)
    parts.push(`<path d="M${width * 0.5} ${height * 0.76} h${width * 0.2} M${width * 0.58} ${height * 0.79} h${width * 0.1}" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>`)
    parts.push(pines(random, width, height, 0.88, height * 0.14, 14, layer(20)))
    fill(ridge(random, width, height, 0.88, 0.1, { peakAt: 0.1, sharp: false }), 'url(#fg)')
  } else if (kind === 'coast') {
    fill(ridge(random, width, height, 0.6, 0.14, { peakAt: 0.9, sharp: false }), haze(layer(52), 0.55))
    parts.push(`<rect y="${height * 0.6}" width="${width}" height="${height * 0.4}" fill="${hsl(200, 50, 46)}"/>`)
    parts.push(`<rect y="${height * 0.6}" width="${width}" height="${height * 0.1}" fill="${haze(hsl(200, 45, 60), 0.3)}"/>`)
    for (let i = 0; i < 7; i++) parts.push(`<path d="M${(width * random() * 0.5).toFixed(0)} ${(height * (0.64 + i * 0.045)).toFixed(0)} h${(width * (0.06 + random() * 0.12)).toFixed(0)}" stroke="#fff" stroke-opacity=".4" stroke-width="${1 + i * 0.6}"/>`)
    fill(`M${width * 0.5} ${height} L${width * 0.6} ${height * 0.6} L${width * 0.66} ${height * 0.5} L${width * 0.72} ${height * 0.47} Q${width * 0.85} ${height * 0.42} ${width} ${height * 0.46} L${width} ${height} Z`, layer(34))
    fill(`M${width * 0.6} ${height * 0.6} L${width * 0.66} ${height * 0.5} L${width * 0.7} ${height * 0.62} L${width * 0.64} ${height} L${width * 0.5} ${height} Z`, layer(24))
    fill(`M0 ${height} L0 ${height * 0.84} Q${width * 0.35} ${height * 0.8} ${width * 0.62} ${height * 0.94} L${width * 0.66} ${height} Z`, hsl(40, 45, 72))
    fill(`M0 ${height} L0 ${height * 0.9} Q${width * 0.3} ${height * 0.86} ${width * 0.5} ${height} Z`, 'url(#fg)')
  } else {
    fill(ridge(random, width, height, 0.58, 0.16, { peakAt: 0.6, sharp: false }), haze(layer(50), 0.55))
    parts.push(pines(random, width, height, 0.6, height * 0.12, 40, haze(layer(36), 0.4)))
    fill(ridge(random, width, height, 0.72, 0.08, { peakAt: 0.4, sharp: false }), haze(layer(30), 0.15))
    parts.push(pines(random, width, height, 0.74, height * 0.22, 22, layer(22)))
    parts.push(pines(random, width, height, 0.98, height * 0.42, 9, layer(12, 28)))
    fill(`M0 ${height} L0 ${height * 0.9} Q${width / 2} ${height * 0.86} ${width} ${height * 0.92} L${width} ${height} Z`, 'url(#fg)')
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${defs}${parts.join('')}</svg>\n`
}
