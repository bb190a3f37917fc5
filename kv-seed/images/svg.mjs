// The studio of the product shots: colour shades, the shared gradients and classes every drawing uses, and the
// frame (soft background, floor shadow). Drawings are colour-free SVG fragments in a 200×200 box that name these
// classes, so one drawing serves all twelve colours and a file stays a few kilobytes.

/** '#rrggbb' mixed towards `to` ('#ffffff' lighter, '#000000' darker) by `amount` (0-1). */
export function mix(hex, to, amount) {
  const channel = (h, i) => parseInt(h.slice(1 + i * 2, 3 + i * 2), 16)
  const out = [0, 1, 2].map((i) => Math.round(channel(hex, i) + (channel(to, i) - channel(hex, i)) * amount))
  return `#${out.map((n) => n.toString(16).padStart(2, '0')).join('')}`
}

function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The defs and classes for one colour: `g` body gradient, `v` puffed (vertical), `h` cylinder (horizontal). */
export function palette(hex) {
  const light = mix(hex, '#ffffff', 0.3)
  const dark = mix(hex, '#000000', 0.3)
  const bright = luminance(hex) > 0.6
  const line = mix(hex, '#000000', bright ? 0.5 : 0.55)
  const stitch = bright ? mix(hex, '#000000', 0.3) : mix(hex, '#ffffff', 0.35)
  const accent = luminance(hex) > 0.45 ? '#2b2b2b' : '#f2f0ea'
  const stop = (offset, colour) => `<stop offset="${offset}" stop-color="${colour}"/>`
  const linear = (id, [x2, y2], stops) => `<linearGradient id="${id}" x2="${x2}" y2="${y2}">${stops.join('')}</linearGradient>`
  const defs =
    linear('g', [1, 1], [stop(0, light), stop(0.5, hex), stop(1, dark)]) +
    linear('v', [0, 1], [stop(0, light), stop(0.55, hex), stop(1, dark)]) +
    linear('h', [1, 0], [stop(0, dark), stop(0.3, light), stop(0.6, hex), stop(1, dark)]) +
    linear('k', [1, 1], [stop(0, '#4a4a4a'), stop(1, '#161616')]) +
    linear('m', [1, 0], [stop(0, '#8d9196'), stop(0.35, '#eef0f2'), stop(0.7, '#b4b8bd'), stop(1, '#70747a')]) +
    `<radialGradient id="bg" cx=".5" cy=".38" r=".8">${stop(0, '#fbfaf7')}${stop(0.7, '#efece6')}${stop(1, '#e2ded6')}</radialGradient>` +
    `<radialGradient id="sh">${stop(0, 'rgba(40,32,20,.32)')}${stop(1, 'rgba(40,32,20,0)')}</radialGradient>`
  const css =
    `.o{stroke:${line};stroke-width:1.1;stroke-linejoin:round;stroke-linecap:round}` +
    `.b{fill:url(#g)}.v{fill:url(#v)}.h{fill:url(#h)}.f{fill:${hex}}.dk{fill:${dark}}.lt{fill:${light}}` +
    `.s{fill:none;stroke:${stitch};stroke-width:.7;stroke-dasharray:2 1.6}` +
    `.l{fill:none;stroke:${line};stroke-width:.9;stroke-linecap:round;stroke-linejoin:round}` +
    `.k{fill:url(#k);stroke:#111;stroke-width:.8;stroke-linejoin:round}.kl{fill:none;stroke:#222;stroke-width:1.2;stroke-linecap:round}` +
    `.m{fill:url(#m);stroke:#5d6166;stroke-width:.7}.a{fill:${accent}}.al{fill:none;stroke:${accent};stroke-width:1.4;stroke-linecap:round}` +
    `.z{fill:none;stroke:#262626;stroke-width:2;stroke-dasharray:.9 .7}` +
    `.hl{fill:#fff;opacity:.2}.sd{fill:#000;opacity:.14}.w{fill:#f4f2ec;stroke:#8b8b86;stroke-width:.8}`
  return { defs, css }
}

/** The two frames: square (mobile, 240×240) and portrait (desktop and large, 3:4). */
export const FRAMES = {
  '1x1': { width: 240, height: 240, scale: 1.02, x: 18, y: 14 },
  '3x4': { width: 300, height: 400, scale: 1.32, x: 18, y: 62 },
}

/**
 * One product shot: the studio background, a floor shadow under the drawing and the drawing itself.
 * `zoom` ([x, y, factor] in drawing units) frames a detail instead of the whole item.
 */
export function shot(hex, body, frameName, { zoom = null, floor = 190, shadowWidth = 70 } = {}) {
  const frame = FRAMES[frameName]
  const { defs, css } = palette(hex)
  const { width, height } = frame
  let transform = `translate(${frame.x} ${frame.y}) scale(${frame.scale})`
  let shadow = `<ellipse cx="100" cy="${floor}" rx="${shadowWidth}" ry="7" fill="url(#sh)"/>`
  if (zoom) {
    const [zx, zy, factor] = zoom
    const s = frame.scale * factor
    transform = `translate(${(width / 2 - zx * s).toFixed(1)} ${(height / 2 - zy * s).toFixed(1)}) scale(${s.toFixed(3)})`
    shadow = ''
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs><style>${css}</style>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<g transform="${transform}">${shadow}${body}</g></svg>\n`
}
