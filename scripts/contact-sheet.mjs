#!/usr/bin/env node
// A contact sheet of the generated product shots, rendered in Chromium to a PNG (to look at the drawings).
//   node scripts/contact-sheet.mjs [--out build/contact-sheet.png] [--random 20] [--shapes tee,hoodie] [--colours red,black]
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { productImageFiles, productSvg, productViews, shapeColours } from '../kv-seed/images.mjs'
import { generateCatalogue } from '../kv-seed/catalogue.mjs'

const { values } = parseArgs({ options: { out: { type: 'string', default: 'build/contact-sheet.png' }, random: { type: 'string' }, shapes: { type: 'string' }, colours: { type: 'string' }, frame: { type: 'string', default: '3x4' }, seed: { type: 'string', default: '7' } } })
const tiles = []
if (values.random) {
  // Random products of the real catalogue, random colour and view: what a shopper scrolls past.
  const t = generateCatalogue({ products: 420 })
  const images = t.product_images.rows
  let s = Number(values.seed)
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648)
  for (let i = 0; i < Number(values.random); i++) {
    const row = images[Math.floor(next() * images.length)]
    const url = row[values.frame === '1x1' ? 5 : 6]
    const [shape, file] = url.split('/').slice(-2)
    const [colour, view] = file.replace(/-(1x1|3x4)\.svg$/, '').split(/-(front|back|side|sole|detail)$/)
    tiles.push({ label: `${i + 1}`, svg: productSvg(shape, colour, view, values.frame), answer: row[4] })
  }
  console.log(tiles.map((t) => `${t.label}: ${t.answer}`).join('\n'))
} else {
  const shapes = values.shapes ? values.shapes.split(',') : [...shapeColours().keys()]
  const colours = values.colours ? values.colours.split(',') : ['red', 'black', 'white']
  for (const shape of shapes) for (const colour of colours) for (const view of productViews(shape)) tiles.push({ label: `${shape} ${colour} ${view}`, svg: productSvg(shape, colour, view, values.frame) })
}
const w = values.frame === '1x1' ? 160 : 150
const h = values.frame === '1x1' ? 160 : 200
const html = `<body style="margin:0;background:#fff;font:11px sans-serif;display:flex;flex-wrap:wrap;width:${w * 9 + 18}px">` +
  tiles.map((t) => `<figure style="margin:1px;width:${w}px"><img style="width:${w}px;height:${h}px;display:block" src="data:image/svg+xml;base64,${Buffer.from(t.svg).toString('base64')}"><figcaption>${t.label}</figcaption></figure>`).join('') + '</body>'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
const page = await browser.newPage({ viewport: { width: w * 9 + 18, height: 400 } })
await page.setContent(html)
mkdirSync(dirname(values.out), { recursive: true })
await page.screenshot({ path: values.out, fullPage: true })
await browser.close()
console.log(`wrote ${values.out} (${tiles.length} images)`)
