import { neutral, primary } from './tokens.ts'

/**
 * The store's look in one value: the mark's colours, which the build writes the favicon and app icons from
 * (vite.config.ts). The shop's facts (name, legal name, ABN, addresses, logo) are not here: they are its settings,
 * edited on the console's Settings page (kernel/store-settings.ts).
 */
export const BRAND = {
  /** The mark's tile and the browser's theme colour: primary-600 (white on it is 4.78:1). */
  colour: primary[600],
  /** The mountain's snow and sun tint inside the mark. */
  highlight: primary[200],
  ink: neutral[900],
  background: '#ffffff',
} as const

/** The mark on a 32-unit grid: a ridge of two peaks with snow caps over a tent's doorway (base camp). */
export const MARK = {
  ridge: 'M3 25 11.5 11l4.2 6.6L20 10.5 29 25Z',
  snow: 'M11.5 11 9.3 14.6l1.5-.7 1.3 1.2 1.2-1.5ZM20 10.5l-2.3 3.8 1.6-.6 1.2 1.1 1.4-1.4Z',
  tent: 'M16 25l-3.6 0L16 19.2 19.6 25Z',
  sun: { cx: 24.5, cy: 7.5, r: 2.5 },
} as const

/** One shape of the mark's drawing, on its viewBox. */
export type MarkShape =
  | { kind: 'rect'; x: number; y: number; size: number; radius: number; fill: string }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string }
  | { kind: 'path'; d: string; fill: string }

/**
 * The mark as a standalone drawing, back to front: the SVG icons (markSvg) and the PNG icons the build rasterises
 * from it (scripts/mark-png.ts) draw these shapes. `padding` leaves the safe zone of maskable icons.
 */
export function markShapes({ padding = 0, rounded = true }: { padding?: number; rounded?: boolean } = {}) {
  const size = 32 + padding * 2
  const shapes: MarkShape[] = [
    { kind: 'rect', x: -padding, y: -padding, size, radius: rounded ? size * 0.22 : 0, fill: BRAND.colour },
    { kind: 'circle', ...MARK.sun, fill: BRAND.highlight },
    { kind: 'path', d: MARK.ridge, fill: '#fff' },
    { kind: 'path', d: MARK.snow, fill: BRAND.highlight },
    { kind: 'path', d: MARK.tent, fill: BRAND.colour },
  ]
  return { viewBox: { x: -padding, y: -padding, size }, shapes }
}

/** The mark as a standalone SVG document (favicon.svg). */
export function markSvg() {
  const { viewBox, shapes } = markShapes()
  const draw = (s: MarkShape) =>
    s.kind === 'rect'
      ? `<rect x="${s.x}" y="${s.y}" width="${s.size}" height="${s.size}" rx="${s.radius}" fill="${s.fill}"/>`
      : s.kind === 'circle'
        ? `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${s.fill}"/>`
        : `<path d="${s.d}" fill="${s.fill}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox.x} ${viewBox.y} ${viewBox.size} ${viewBox.size}">${shapes.map(draw).join('')}</svg>`
}

/**
 * The PNG icons the build writes (vite.config.ts): browsers, home screens and install prompts decode these, where an
 * SVG icon is a whole SVG document parsed, styled and laid out on the page's main thread (measured: 14-76 ms at 1x CPU
 * per decode on a first visit, docs/performance.md); iOS reads only the PNG apple-touch-icon.
 */
export const PNG_ICONS: ReadonlyArray<{ file: string; size: number; padding: number; rounded: boolean; manifest?: 'any' | 'maskable' }> = [
  { file: 'favicon-32.png', size: 32, padding: 0, rounded: true },
  { file: 'apple-touch-icon.png', size: 180, padding: 0, rounded: false },
  { file: 'icon-192.png', size: 192, padding: 0, rounded: true, manifest: 'any' },
  { file: 'icon-512.png', size: 512, padding: 0, rounded: true, manifest: 'any' },
  { file: 'icon-maskable-512.png', size: 512, padding: 6, rounded: false, manifest: 'maskable' },
]

/** The web app manifest (served as /manifest.webmanifest by the worker, with the shop's name from its settings). */
export function webManifest(name: string) {
  return {
    name,
    short_name: name.split(/\s+/)[0] ?? name,
    start_url: '/',
    display: 'standalone',
    background_color: BRAND.background,
    theme_color: BRAND.colour,
    icons: PNG_ICONS.flatMap(({ file, size, manifest }) => (manifest ? [{ src: `/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose: manifest }] : [])),
  }
}
