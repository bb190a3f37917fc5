// Generated product shots and landscape scenes (SVG). One drawing per kind of product, rendered per colour in three
// views (front, back or side, detail) and two frames (square for the 240×240 style, 3:4 for 350×468 and 650×870:
// vector art is sharp at both sizes), so 50,000 products share the same ~2,600 files. Pure: returns paths and
// contents; generate.mjs writes them under build/client.
import { COLOURS, KINDS } from './catalogue-data.mjs'
import { DRAWINGS } from './images/drawings.mjs'
import { palette, shot } from './images/svg.mjs'
import { SCENE_KINDS, sceneSvg } from './images/scenes.mjs'

export { SCENE_KINDS }

/**
 * Where the generated images live. `/images/*` is cached as immutable for a year, so a changed drawing must get a new
 * URL: bump the revision (and SEED_VERSION, since the URLs are in the SQL) whenever a drawing or scene changes.
 */
export const IMAGE_ROOT = '/images/r1'

/** The three image styles of spec §9 and the frame each is drawn in. */
export const IMAGE_STYLES = {
  mobile: { width: 240, height: 240, frame: '1x1' },
  desktop: { width: 350, height: 468, frame: '3x4' },
  large: { width: 650, height: 870, frame: '3x4' },
}

/** Words for each view in the alt text. */
const VIEW_WORDS = {
  front: ['front view', 'Vorderansicht'], back: ['back view', 'Rückansicht'], side: ['side view', 'Seitenansicht'],
  sole: ['outsole', 'Laufsohle'], detail: ['detail', 'Detailansicht'],
}

/** What each detail shot shows, for its alt text. */
const DETAILS = {
  tee: ['neckline and chest logo', 'Ausschnitt und Brustlogo'], crew: ['crew neck and raglan seams', 'Rundhalsausschnitt und Raglannähte'],
  tank: ['neckline and straps', 'Ausschnitt und Träger'], hoodie: ['hood and drawcords', 'Kapuze und Kordeln'],
  jersey: ['collar, zip and chest stripe', 'Kragen, Reißverschluss und Bruststreifen'], jacket: ['collar and chest pocket zip', 'Kragen und Brusttaschen-Reißverschluss'],
  'rain-jacket': ['hood and storm flap', 'Kapuze und Sturmleiste'], 'down-jacket': ['collar and down baffles', 'Kragen und Daunenkammern'],
  fleece: ['zip and chest pocket', 'Reißverschluss und Brusttasche'], pants: ['waistband and pockets', 'Bund und Taschen'],
  leggings: ['high waistband', 'hoher Bund'], shorts: ['waistband and pockets', 'Bund und Taschen'], 'bib-shorts': ['straps and leg', 'Träger und Beinabschluss'],
  dress: ['bodice and waist tie', 'Oberteil und Taillenband'], boot: ['lacing hooks and padded collar', 'Schnürhaken und gepolsterter Schaft'],
  'trail-runner': ['toe cap and midsole', 'Zehenkappe und Zwischensohle'], sandal: ['straps and buckle', 'Riemen und Schnalle'],
  tent: ['door zip and guy lines', 'Türreißverschluss und Abspannleinen'], 'sleeping-bag': ['hood and drawcord', 'Kapuze und Kordelzug'],
  stove: ['burner and pot supports', 'Brenner und Topfauflage'], 'cook-pot': ['folding handle', 'Klappgriff'], mug: ['handle and enamel rim', 'Henkel und Emaillerand'],
  'camp-chair': ['armrest and cup holder', 'Armlehne und Getränkehalter'], 'camp-table': ['roll-up slats', 'Rolltischplatte'],
  backpack: ['lid and buckles', 'Deckel und Schnallen'], duffel: ['carry handles and zip', 'Tragegriffe und Reißverschluss'],
  'wheeled-bag': ['telescopic handle', 'Teleskopgriff'], 'packing-cells': ['zips and grab handles', 'Reißverschlüsse und Griffe'],
  'travel-pillow': ['snap strap', 'Druckknopfriemen'], 'money-belt': ['zip pocket', 'Reißverschlusstasche'],
  'trekking-poles': ['grips and wrist straps', 'Griffe und Handschlaufen'], 'water-bottle': ['cap and carry loop', 'Deckel und Trageschlaufe'],
  'head-torch': ['lamp', 'Lampe'], beanie: ['ribbed cuff', 'Rippbündchen'], helmet: ['vents', 'Belüftungsöffnungen'],
  'bike-light': ['lens and beam', 'Linse und Lichtkegel'], 'gift-card': ['ribbon and bow', 'Band und Schleife'],
}

/** The views of a drawing, in gallery order: front, its second view (back, side or sole), a detail. */
export function productViews(shape) {
  return ['front', DRAWINGS[shape].second ?? 'back', 'detail']
}

export function productImageUrl(shape, colour, view, style) {
  return `${IMAGE_ROOT}/products/${shape}/${colour}-${view}-${IMAGE_STYLES[style].frame}.svg`
}

/**
 * The alt text of one view: 'Tasman Peak Alpine Down Jacket in Red, back view', '…, detail: collar and down baffles'
 * (German: 'Tasman Peak Alpine Daunenjacke in Rot, Rückansicht').
 */
export function productImageAlt(name, colourName, view, locale = 'en', shape = null) {
  const detail = view === 'detail' && DETAILS[shape]
  const en = detail ? `detail: ${detail[0]}` : VIEW_WORDS[view][0]
  const de = detail ? `Detail: ${detail[1]}` : VIEW_WORDS[view][1]
  if (locale === 'de') return colourName ? `${name} in ${colourName}, ${de}` : `${name}, ${de}`
  return colourName ? `${name} in ${colourName}, ${en}` : `${name}, ${en}`
}

const hexOf = (colour) => COLOURS.find((c) => c[0] === colour)?.[3] ?? '#f07d19'

/** One product shot as SVG text. */
export function productSvg(shape, colour, view, frame) {
  const drawing = DRAWINGS[shape]
  const options = { floor: drawing.floor, shadowWidth: drawing.shadow }
  if (view === 'detail') {
    // A close-up, but not so close that the kind of product is lost: zoom at most ~1.8×.
    const [x, y, factor] = drawing.detail
    return shot(hexOf(colour), drawing.draw('front'), frame, { ...options, zoom: [x, y, 1 + (factor - 1) * 0.6] })
  }
  return shot(hexOf(colour), drawing.draw(view), frame, options)
}

/** The colours each drawing is needed in: all twelve for kinds sold in colours, else grey (gift card: orange). */
export function shapeColours() {
  const out = new Map()
  for (const kind of Object.values(KINDS)) {
    const colours = kind.options.includes('color') ? COLOURS.map((c) => c[0]) : ['grey']
    for (const noun of kind.nouns) {
      const shape = noun[2] ?? kind.shape
      out.set(shape, [...new Set([...(out.get(shape) ?? []), ...colours])])
    }
  }
  out.set('gift-card', ['orange'])
  return out
}

/** Every product shot: `{ path, contents }`, path relative to the static assets folder. */
export function* productImageFiles() {
  for (const [shape, colours] of shapeColours()) {
    for (const colour of colours) {
      for (const view of productViews(shape)) {
        for (const frame of ['1x1', '3x4']) {
          yield { path: productImageUrl(shape, colour, view, frame === '1x1' ? 'mobile' : 'desktop').slice(1), contents: productSvg(shape, colour, view, frame) }
        }
      }
    }
  }
}

/** CMS section image sizes (Spree's image_one_sm … image_one_xl). */
export const SCENE_SIZES = { sm: { width: 600, height: 300 }, md: { width: 900, height: 450 }, lg: { width: 1200, height: 600 }, xl: { width: 1600, height: 800 } }

/** Category tiles: one picture per top category at {IMAGE_ROOT}/categories/{slug}-{size}.svg (4:5 portrait). */
export const TILE_SIZES = { sm: { width: 320, height: 400 }, lg: { width: 640, height: 800 } }

/** Each visible top category's tile: a product standing in a landscape, with its alt text (en, de). */
export const CATEGORY_TILES = {
  men: { scene: 'mountains', hue: 200, shape: 'jacket', colour: 'navy', alt: ['A navy jacket in the mountains', 'Eine marineblaue Jacke in den Bergen'] },
  women: { scene: 'coast', hue: 30, shape: 'rain-jacket', colour: 'yellow', alt: ['A yellow rain jacket on the coast', 'Eine gelbe Regenjacke an der Küste'] },
  kids: { scene: 'forest', hue: 40, shape: 'hoodie', colour: 'orange', alt: ['An orange hoodie in the forest', 'Ein orangefarbener Kapuzenpullover im Wald'] },
  camping: { scene: 'forest', hue: 20, shape: 'tent', colour: 'orange', alt: ['An orange dome tent among pines', 'Ein orangefarbenes Kuppelzelt zwischen Kiefern'] },
  hiking: { scene: 'mountains', hue: 30, shape: 'backpack', colour: 'red', alt: ['A red backpack below snowy peaks', 'Ein roter Rucksack vor verschneiten Gipfeln'] },
  cycling: { scene: 'coast', hue: 200, shape: 'helmet', colour: 'blue', alt: ['A blue bike helmet by the sea', 'Ein blauer Fahrradhelm am Meer'] },
  travel: { scene: 'coast', hue: 260, shape: 'wheeled-bag', colour: 'forest-green', alt: ['A green wheeled bag on the coast', 'Ein grüner Trolley an der Küste'] },
  'new-in': { scene: 'mountains', hue: 260, shape: 'down-jacket', colour: 'forest-green', alt: ['A green down jacket in the mountains', 'Eine grüne Daunenjacke in den Bergen'] },
  sale: { scene: 'forest', hue: 10, shape: 'trail-runner', colour: 'red', alt: ['A red trail runner on a forest track', 'Ein roter Trailschuh auf einem Waldweg'] },
  'gift-cards': { scene: 'mountains', hue: 330, shape: 'gift-card', colour: 'orange', alt: ['A gift card with a ribbon', 'Eine Geschenkkarte mit Schleife'] },
}

export const categoryTileUrl = (slug, size) => `${IMAGE_ROOT}/categories/${slug}-${size}.svg`

/** One category tile: the scene as backdrop, the product standing in the foreground on its shadow. */
export function tileSvg(slug, { width, height }) {
  const tile = CATEGORY_TILES[slug]
  const backdrop = sceneSvg(tile.scene, tile.hue, { width, height }).replace(/^<svg[^>]*>/, '').replace(/<\/svg>\n$/, '')
  const drawing = DRAWINGS[tile.shape]
  const { defs, css } = palette(hexOf(tile.colour))
  const scale = (width * 0.7) / 200
  const floor = drawing.floor ?? 190
  const transform = `translate(${((width - 200 * scale) / 2).toFixed(1)} ${(height * 0.95 - floor * scale).toFixed(1)}) scale(${scale.toFixed(3)})`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${backdrop}<defs>${defs}</defs><style>${css}</style>` +
    `<g transform="${transform}"><ellipse cx="100" cy="${floor}" rx="${drawing.shadow ?? 70}" ry="8" fill="url(#sh)"/>${drawing.draw('front')}</g></svg>\n`
}

/** Every category tile: `{ path, contents }`. */
export function* tileImageFiles() {
  for (const slug of Object.keys(CATEGORY_TILES)) {
    for (const [size, box] of Object.entries(TILE_SIZES)) yield { path: categoryTileUrl(slug, size).slice(1), contents: tileSvg(slug, box) }
  }
}

/** Every CMS/banner scene: `scenes` maps a base path ('/images/r1/cms/hero-home') to its scene kind and hue. */
export function* sceneImageFiles(scenes) {
  for (const [base, { scene, hue }] of Object.entries(scenes)) {
    for (const [suffix, size] of Object.entries(SCENE_SIZES)) {
      yield { path: `${base.slice(1)}-${suffix}.svg`, contents: sceneSvg(scene, hue, size) }
    }
  }
}
