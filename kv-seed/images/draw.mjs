// Small helpers the drawings share: a path with classes, and left-right mirroring in the 200-wide box so a
// symmetric garment is written once per side.

/** A path element with classes (see svg.mjs for what each class paints). */
export const path = (d, cls) => `<path class="${cls}" d="${d}"/>`

/** The path mirrored about x = 100 (absolute and relative M L Q C S T H V Z; no arcs). */
export function mirror(d) {
  const tokens = d.match(/[A-Za-z]|-?\d*\.?\d+/g) ?? []
  const out = []
  let command = ''
  let index = 0 // position within the current command's coordinate list
  for (const token of tokens) {
    if (/[A-Za-z]/.test(token)) {
      command = token
      index = 0
      out.push(token)
      continue
    }
    const n = Number(token)
    const upper = command.toUpperCase()
    const relative = command !== upper
    const isX = upper === 'H' || (upper !== 'V' && index % 2 === 0)
    out.push(String(isX ? (relative ? -n : 200 - n) : n))
    index++
  }
  return out.join(' ')
}

/** The path and its mirror image, both with the same classes. */
export const both = (d, cls) => path(d, cls) + path(mirror(d), cls)

/** A group drawn mirrored (a side seen from the other side). */
export const flipped = (body) => `<g transform="matrix(-1 0 0 1 200 0)">${body}</g>`

/** Short stitched or plain lines, `points` as 'x1 y1 x2 y2' strings. */
export const lines = (cls, ...segments) => segments.map((s) => `<path class="${cls}" d="M${s}"/>`).join('')

/** Small circles (snaps, eyelets, rivets). */
export const dots = (cls, r, ...centres) => centres.map(([x, y]) => `<circle class="${cls}" cx="${x}" cy="${y}" r="${r}"/>`).join('')
