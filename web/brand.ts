import { neutral, primary } from './styles/tokens.ts'

/**
 * The store's identity in one value: every place that shows the name or the logo reads it (header, checkout logo,
 * page titles, footer, e-mails, structured data) and the build writes the favicon, app icons and web manifest from
 * it (vite.config.ts). Rename the store here.
 */
export const BRAND = {
  name: 'Basecamp Outfitters',
  shortName: 'Basecamp',
  legalName: 'Basecamp Outfitters Pty Ltd',
  founded: 1987,
  /** The Australian Business Number printed on tax invoices (order confirmations). */
  abn: '12 345 678 901',
  /** Where the contact form's messages go. */
  contactEmail: 'hello@basecamp-outfitters.example',
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

/** The mark as a standalone SVG document (favicon, app icons); `padding` leaves the safe zone of maskable icons. */
export function markSvg({ padding = 0, rounded = true }: { padding?: number; rounded?: boolean } = {}) {
  const size = 32 + padding * 2
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-padding} ${-padding} ${size} ${size}">` +
    `<rect x="${-padding}" y="${-padding}" width="${size}" height="${size}" rx="${rounded ? size * 0.22 : 0}" fill="${BRAND.colour}"/>` +
    `<circle cx="${MARK.sun.cx}" cy="${MARK.sun.cy}" r="${MARK.sun.r}" fill="${BRAND.highlight}"/>` +
    `<path d="${MARK.ridge}" fill="#fff"/>` +
    `<path d="${MARK.snow}" fill="${BRAND.highlight}"/>` +
    `<path d="${MARK.tent}" fill="${BRAND.colour}"/>` +
    `</svg>`
  )
}

/** The web app manifest (served as /manifest.webmanifest). */
export function webManifest() {
  return {
    name: BRAND.name,
    short_name: BRAND.shortName,
    start_url: '/',
    display: 'standalone',
    background_color: BRAND.background,
    theme_color: BRAND.colour,
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  }
}
