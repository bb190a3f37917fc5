// Generated product and content illustrations (SVG), one file per shape × colour × size, so 50,000 products share
// a few hundred files. Pure: returns paths and file contents; generate.mjs writes them under build/client.
import { COLOURS } from './catalogue-data.mjs'

/** The three image styles of spec §9. */
export const IMAGE_STYLES = {
  mobile: { width: 240, height: 240 },
  desktop: { width: 350, height: 468 },
  large: { width: 650, height: 870 },
}

/** Drawings in a 100×100 box. */
const SHAPES = {
  jacket: 'M30 15 L42 10 Q50 18 58 10 L70 15 L88 40 L78 48 L70 38 L70 90 L30 90 L30 38 L22 48 L12 40 Z M50 20 L50 90',
  top: 'M32 15 L44 12 Q50 20 56 12 L68 15 L86 32 L76 42 L68 35 L68 88 L32 88 L32 35 L24 42 L14 32 Z',
  pants: 'M30 10 L70 10 L74 90 L56 90 L50 35 L44 90 L26 90 Z',
  shorts: 'M28 25 L72 25 L76 70 L56 72 L50 45 L44 72 L24 70 Z',
  dress: 'M40 10 L60 10 L62 30 L80 90 L20 90 L38 30 Z',
  shoe: 'M12 55 L40 50 L55 35 L68 40 L72 55 L90 62 L90 74 L12 74 Z',
  tent: 'M50 15 L90 85 L10 85 Z M50 15 L50 85 M40 85 L50 60 L60 85',
  bag: 'M20 30 Q20 15 50 15 Q80 15 80 30 L80 80 Q80 90 50 90 Q20 90 20 80 Z M20 45 L80 45',
  pot: 'M20 40 L80 40 L75 85 L25 85 Z M10 40 L90 40 M40 30 L60 30',
  chair: 'M30 20 L70 20 L70 55 L30 55 Z M25 55 L75 55 L75 62 L25 62 Z M30 62 L22 90 M70 62 L78 90',
  backpack: 'M30 20 Q30 10 50 10 Q70 10 70 20 L76 88 L24 88 Z M36 50 L64 50 L64 74 L36 74 Z',
  poles: 'M35 10 L45 90 M65 10 L55 90 M30 10 L40 10 M60 10 L70 10',
  bottle: 'M42 10 L58 10 L58 22 L66 32 L66 90 L34 90 L34 32 L42 22 Z',
  helmet: 'M14 65 Q14 20 50 20 Q86 20 86 65 Z M30 65 L30 40 M50 65 L50 22 M70 65 L70 40',
  light: 'M25 35 L70 35 L85 50 L70 65 L25 65 Z M85 50 L95 40 M85 50 L95 60',
  pouch: 'M15 30 L85 30 L85 80 L15 80 Z M15 30 L50 55 L85 30',
  card: 'M10 25 L90 25 L90 80 L10 80 Z M10 40 L90 40 M20 65 L50 65',
}

export function productImageUrl(shape, colour, style) {
  const { width, height } = IMAGE_STYLES[style]
  return `/images/products/${shape}-${colour}-${width}x${height}.svg`
}

function hexOf(colour) {
  return COLOURS.find((c) => c[0] === colour)?.[3] ?? '#f07d19'
}

/** One illustration: the shape centred on a soft background, filling the shorter side. */
export function productSvg(shape, colour, { width, height }) {
  const size = Math.min(width, height) * 0.8
  const x = (width - size) / 2
  const y = (height - size) / 2
  const fill = hexOf(colour)
  const stroke = colour === 'black' || colour === 'navy' ? '#ffffff' : '#222222'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#f3f1ec"/>` +
    `<g transform="translate(${x} ${y}) scale(${size / 100})"><path d="${SHAPES[shape]}" fill="${fill}" stroke="${stroke}" stroke-width="1.5" stroke-linejoin="round"/></g>` +
    `</svg>\n`
}

/** CMS and banner art: a wide landscape scene with a title, at a given size. */
// One image serves both languages, so it carries no words: the page writes the title over it in the shopper's language.
export function sceneSvg(_title, hue, { width, height }) {
  const sky = `hsl(${hue} 60% 80%)`
  const hill = `hsl(${(hue + 120) % 360} 35% 40%)`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${sky}"/>` +
    `<path d="M0 ${height * 0.7} L${width * 0.3} ${height * 0.35} L${width * 0.55} ${height * 0.65} L${width * 0.75} ${height * 0.45} L${width} ${height * 0.7} L${width} ${height} L0 ${height} Z" fill="${hill}"/>` +
    `</svg>\n`
}

/** CMS section image sizes (Spree's image_one_sm … image_one_xl). */
export const SCENE_SIZES = { sm: { width: 600, height: 300 }, md: { width: 900, height: 450 }, lg: { width: 1200, height: 600 }, xl: { width: 1600, height: 800 } }

/** Every product illustration: `{ path, contents }`, path relative to the static assets folder. */
export function* productImageFiles() {
  for (const shape of Object.keys(SHAPES)) {
    for (const [colour] of COLOURS) {
      for (const [style, size] of Object.entries(IMAGE_STYLES)) {
        yield { path: productImageUrl(shape, colour, style).slice(1), contents: productSvg(shape, colour, size) }
      }
    }
  }
}

/** Every CMS/banner scene: `scenes` maps a base path ('/images/cms/hero-home') to its title and hue. */
export function* sceneImageFiles(scenes) {
  for (const [base, { title, hue }] of Object.entries(scenes)) {
    for (const [suffix, size] of Object.entries(SCENE_SIZES)) {
      yield { path: `${base.slice(1)}-${suffix}.svg`, contents: sceneSvg(title, hue, size) }
    }
  }
}
