// Bags: backpack (lid, pockets, compression straps; harness on the back), duffel, wheeled bag, packing cells,
// travel pillow, money belt.
import { both, dots, flipped, lines, path } from './draw.mjs'

const BODY = 'M56 44 Q56 24 100 22 Q144 24 144 44 L150 176 Q150 190 136 190 L64 190 Q50 190 50 176 Z'

function backpack(view) {
  if (view === 'back') {
    return both('M60 80 L40 132 L44 136 L62 100 Z', 'k') + path(BODY, 'b o') + path('M64 40 L136 40 L138 170 L62 170 Z', 'dk o') +
      both('M74 36 Q64 40 66 60 Q72 100 66 140 L80 142 Q86 100 82 60 Q82 46 88 38 Z', 'k') + path('M72 92 L128 92 L128 98 L72 98 Z', 'k') +
      both('M52 150 L20 148 Q12 160 22 172 L54 170 Z', 'k') + dots('m', 3, [100, 95]) + path('M92 28 Q100 16 108 28', 'kl')
  }
  return both('M52 120 L36 124 L38 178 L54 182 Z', 'dk o') + path(BODY, 'b o') + path('M122 40 Q140 100 134 186 L146 186 L142 44 Z', 'sd') +
    path('M54 40 Q56 12 100 10 Q144 12 146 40 Q100 54 54 40 Z', 'v o') + path('M58 38 Q100 48 142 38', 's') + path('M92 12 Q100 0 108 12', 'kl') +
    both('M78 44 L84 44 L84 92 L78 92 Z', 'k') + both('M76 84 h10 v8 h-10 z', 'm') + path('M66 108 L134 108 L138 178 L62 178 Z', 'b o') +
    path('M66 110 Q100 118 134 110', 'z') + path('M126 108 l3 10 l-3 1 z', 'k') + both('M50 132 L66 132 L66 138 L50 138 Z', 'k') +
    path('M90 134 l10 -12 l5 6 l4 -4 l9 10 z', 'a') + lines('s', '64 172 136 172')
}

function duffel(view) {
  // A barrel bag in profile: round end panels, webbing that wraps under it into the carry handles, a shoulder strap.
  const strap = '<path d="M34 96 Q26 20 100 18 Q174 20 166 96" fill="none" stroke="#2a2a2a" stroke-width="4"/>'
  const body = path('M40 78 L160 78 Q184 78 184 126 Q184 174 160 174 L40 174 Q16 174 16 126 Q16 78 40 78 Z', 'b o') +
    '<ellipse class="dk o" cx="160" cy="126" rx="24" ry="48"/><ellipse class="o" cx="160" cy="126" rx="15" ry="34" fill="none"/>' +
    path('M40 150 Q100 160 150 150 L150 172 L40 172 Z', 'sd') + path('M40 84 Q100 78 150 84', 'hl') + path('M30 84 L146 84', 'z') + path('M140 80 h6 v10 h-6 z', 'm') +
    path('M70 78 L80 78 L80 174 L70 174 Z M120 78 L130 78 L130 174 L120 174 Z', 'k') +
    '<path d="M75 80 Q78 42 100 42 Q122 42 125 80" fill="none" stroke="#222" stroke-width="7" stroke-linecap="round"/>'
  return view === 'side' ? flipped(strap + body) : strap + body + path('M88 132 l10 -12 l5 6 l4 -4 l9 10 z', 'a')
}

function wheeled(view) {
  const handle = path('M80 30 L80 4 L86 4 L86 30 Z M114 30 L114 4 L120 4 L120 30 Z', 'm') + path('M76 0 Q100 -4 124 0 L124 8 Q100 4 76 8 Z', 'k')
  const shell = path('M50 40 Q50 28 62 28 L138 28 Q150 28 150 40 L150 174 Q150 184 140 184 L60 184 Q50 184 50 174 Z', 'b o') +
    path('M128 30 Q146 100 140 182 L148 180 L148 36 Z', 'sd') + lines('l', '72 36 72 176', '100 36 100 176', '128 36 128 176') +
    path('M50 104 L150 104', 'z') + both('M50 40 Q50 28 62 28 L66 28 L66 36 L56 44 L56 48 L50 48 Z', 'k') + dots('k', 7, [64, 188], [136, 188]) + dots('m', 2.4, [64, 188], [136, 188])
  return view === 'side' ? flipped(shell + handle) : shell + handle + path('M92 16 L108 16 L108 22 L92 22 Z', 'k')
}

function cells(view) {
  // Soft zipped cubes with mesh lids: the folded clothes show through the mesh, a webbing grab loop on the side.
  const cube = (x, y, w, h, d) => {
    let mesh = ''
    for (let i = 0; i <= 8; i++) mesh += `M${x + 4 + (i * (w - 6)) / 8} ${y - 2} l${d - 2} ${-(d - 2)} M${x + 4 + (i * (w - 6)) / 8} ${y - 2} l${d + 8} ${-(d - 2)} `
    let folds = ''
    for (let i = 0; i < 3; i++) folds += path(`M${x + 6 + i * (d / 3)} ${y - 3 - i * (d / 3)} L${x + w - 6 + i * (d / 3)} ${y - 3 - i * (d / 3)} L${x + w - 2 + (i + 1) * (d / 3)} ${y - 3 - (i + 1) * (d / 3)} L${x + 10 + (i + 1) * (d / 3)} ${y - 3 - (i + 1) * (d / 3)} Z`, i % 2 ? 'w' : 'lt')
    return path(`M${x} ${y + 4} Q${x} ${y} ${x + 4} ${y} L${x + w} ${y} L${x + w + 2} ${y + h - 6} Q${x + w} ${y + h + 2} ${x + w - 6} ${y + h} L${x + 6} ${y + h} Q${x - 2} ${y + h + 2} ${x} ${y + h - 6} Z`, 'b o') +
      path(`M${x + 2} ${y} L${x + d + 2} ${y - d} L${x + w + d} ${y - d} L${x + w} ${y} Z`, 'dk o') + folds + `<path d="${mesh}" fill="none" stroke="#2a2a2a" stroke-opacity=".55" stroke-width=".8"/>` +
      path(`M${x + w} ${y} L${x + w + d} ${y - d} L${x + w + d} ${y + h - d - 4} Q${x + w + d} ${y + h - d} ${x + w + d - 3} ${y + h - d + 3} L${x + w} ${y + h} Z`, 'v o') +
      path(`M${x + 2} ${y + 2} L${x + w - 1} ${y + 2} L${x + w + d - 2} ${y - d + 2}`, 'z') + path(`M${x + w + d / 2 - 3} ${y + h / 2 - 10} q8 2 6 12 q-4 4 -6 -2 z`, 'k') +
      path(`M${x + 8} ${y + h / 2} Q${x + w / 2} ${y + h / 2 + 4} ${x + w - 8} ${y + h / 2}`, 'hl')
  }
  const stack = cube(30, 136, 116, 44, 24) + cube(44, 94, 92, 38, 20)
  return view === 'side' ? flipped(stack) : stack
}

function pillow(view) {
  const u = 'M52 58 Q16 104 50 152 Q100 196 150 152 Q184 104 148 58 Q138 46 126 58 Q146 100 128 130 Q100 152 72 130 Q54 100 74 58 Q62 46 52 58 Z'
  return path(u, 'v o') + path('M40 100 Q60 150 100 164 Q140 150 160 100', 's') + path('M58 70 Q40 110 62 140', 'hl') +
    (view === 'side' ? '' : path('M94 150 L106 150 L106 186 L94 186 Z', 'k') + dots('m', 2.5, [100, 180]))
}

function moneyBelt(view) {
  const belt = '<path d="M6 112 Q100 92 194 112" fill="none" stroke="#2a2a2a" stroke-width="12"/>'
  const pouch = path('M46 84 Q46 76 54 76 L146 76 Q154 76 154 84 L154 146 Q154 154 146 154 L54 154 Q46 154 46 146 Z', 'b o') +
    path('M54 90 L146 90', 'z') + path('M140 86 h6 v10 h-6 z', 'm') + path('M56 100 L144 100 L144 146 L56 146 Z', 'dk') + path('M60 142 L140 142', 's')
  return view === 'side' ? flipped(belt + pouch) : belt + pouch + path('M12 104 h18 v16 h-18 z', 'm')
}

export const PACKS = {
  backpack: { draw: backpack, detail: [100, 60, 2.2] },
  duffel: { draw: duffel, second: 'side', detail: [100, 52, 2.2], floor: 178, shadow: 80 },
  'wheeled-bag': { draw: wheeled, second: 'side', detail: [100, 30, 2.2], floor: 194 },
  'packing-cells': { draw: cells, second: 'side', detail: [90, 100, 2], floor: 182, shadow: 80 },
  'travel-pillow': { draw: pillow, second: 'side', detail: [100, 160, 2.2], floor: 176 },
  'money-belt': { draw: moneyBelt, second: 'side', detail: [140, 100, 2.2], floor: 160, shadow: 80 },
}
