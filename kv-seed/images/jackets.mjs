// Jackets, front and back: shell (collar, zips, pockets), rain jacket (hood, storm flap, taped seams), down jacket
// (puffed baffles), fleece (contrast overlays). Built on the tops' torso and sleeves.
import { both, dots, lines, mirror, path } from './draw.mjs'
import { CUFF, LONG_SLEEVE, torso } from './tops.mjs'

const COLLAR = 'M76 30 L78 10 Q100 4 122 10 L124 30 Q100 38 76 30 Z'
const shade = (hem) => path(`M134 84 Q142 130 136 ${hem} L148 ${hem} L148 84 Z`, 'sd') + path(`M60 60 Q70 120 62 ${hem - 2} L54 ${hem - 2} L54 66 Z`, 'hl')
const zip = (from, to) => path(`M100 ${from} L100 ${to}`, 'z') + path(`M97 ${from + 2} h6 v10 h-6 z`, 'm')

function shell(view) {
  const common = both(LONG_SLEEVE, 'b o') + both(CUFF, 'dk o') + path(torso(184), 'b o') + shade(184) + both('M50 36 Q57 58 53 84', 's')
  // The back: a vented yoke flap across the shoulders, the stand collar, a hem drawcord.
  if (view === 'back') {
    return common + path('M51 40 L80 28 Q100 34 120 28 L149 40 L149 66 Q100 76 51 66 Z', 'dk o') + path('M54 62 Q100 72 146 62', 's') +
      path('M76 30 L78 10 Q100 4 122 10 L124 30 Q100 34 76 30 Z', 'b o') + lines('s', '54 178 146 178') + dots('k', 2, [60, 180], [140, 180]) + path('M92 100 l6 -8 l3 4 l2.5 -3 l5 7 z', 'a')
  }
  return common + path(COLLAR, 'b o') + path('M82 28 Q100 34 118 28 L116 14 Q100 10 84 14 Z', 'dk') + zip(12, 184) +
    path('M112 64 L138 58', 'z') + both('M62 118 L70 150', 'z') + path('M136 58 l3 6 l-2 1 z', 'k') + lines('s', '54 178 98 178', '102 178 146 178') +
    dots('k', 2, [60, 180], [140, 180])
}

function rain(view) {
  const body = both(LONG_SLEEVE, 'b o') + both(CUFF, 'dk o') + path(torso(192), 'b o') + shade(192)
  const hood = view === 'front'
    ? path('M70 40 Q60 0 100 -4 Q140 0 130 40 Q100 30 70 40 Z', 'b o') + path('M80 36 Q76 8 100 6 Q124 8 120 36 Q100 28 80 36 Z', 'dk o') +
      path('M78 34 Q74 2 100 0', 's') + lines('kl', '80 38 76 52', '120 38 124 52') + dots('k', 2.2, [76, 53], [124, 53])
    : path('M66 42 Q56 -6 100 -8 Q144 -6 134 42 Q100 52 66 42 Z', 'b o') + path('M100 -7 L100 46', 'l') + path('M68 34 Q100 46 132 34 L132 42 Q100 52 68 42 Z', 'sd')
  const taped = both('M50 36 Q57 58 53 84', 'l') + both('M34 60 L20 156', 'l')
  if (view === 'back') return body + hood + taped + path('M51 60 Q100 72 149 60', 'l') + path('M60 60 L140 60 L140 74 Q100 80 60 74 Z', 'sd')
  return body + hood + taped + path('M94 32 L106 32 L106 192 L94 192 Z', 'b o') + dots('m', 2.3, [100, 50], [100, 90], [100, 130], [100, 170]) +
    both('M58 116 L86 116 L86 124 L58 124 Z', 'b o') + both('M56 100 L60 106', 'z')
}

function down(view) {
  const baffles = []
  for (let y = 36; y < 178; y += 20) {
    const h = Math.min(20, 184 - y)
    baffles.push(path(`M51 ${y} Q100 ${y - 4} 149 ${y} Q154 ${y + h / 2} 149 ${y + h} Q100 ${y + h - 4} 51 ${y + h} Q46 ${y + h / 2} 51 ${y} Z`, 'v o'))
  }
  // Sleeves: the long sleeve quilted across its length, each baffle bulging a little.
  let quilt = ''
  for (let t = 0.16; t < 0.95; t += 0.13) {
    const [lx, ly, rx, ry] = [33 - 15 * t, 60 + 96 * t, 52 - 14 * t, 84 + 77 * t]
    quilt += `M${lx.toFixed(1)} ${ly.toFixed(1)} Q${((lx + rx) / 2).toFixed(1)} ${((ly + ry) / 2 + 5).toFixed(1)} ${rx.toFixed(1)} ${ry.toFixed(1)} `
  }
  const puff = 'M50 35 Q34 40 29 62 L14 156 L40 163 L53 94 L52 80 Z'
  const sleeves = both(puff, 'v o') + both(quilt, 'l') + both('M24 80 Q20 120 18 150', 'hl') + both(CUFF, 'dk o')
  const body = sleeves + baffles.join('') + path('M68 34 Q100 44 132 34 L130 40 Q100 50 70 40 Z', 'sd') + both('M54 160 Q52 176 58 180', 'hl')
  if (view === 'back') return body + path('M74 34 L76 14 Q100 8 124 14 L126 34 Q100 40 74 34 Z', 'v o')
  return body + path('M74 34 L76 12 Q100 6 124 12 L126 34 Q100 42 74 34 Z', 'v o') + path('M84 30 Q100 36 116 30 L114 16 Q100 12 86 16 Z', 'dk') +
    zip(14, 182) + both('M62 120 L68 150', 'z') + path('M118 62 l5 -6 l2.5 3 l2 -2 l4 5 z', 'a')
}

function fleece(view) {
  const overlay = both('M50 35 L80 26 Q86 40 84 60 Q66 62 52 70 Q48 50 50 35 Z', 'dk o') + both('M18 150 L38 156 L36 170 L16 165 Z', 'dk o')
  const common = both(LONG_SLEEVE, 'b o') + path(torso(182), 'b o') + overlay + path('M51 172 Q100 177 149 172 L149 184 Q100 189 51 184 Z', 'dk o') + shade(172)
  if (view === 'back') return common + path('M78 30 L80 14 Q100 9 120 14 L122 30 Q100 35 78 30 Z', 'dk o')
  return common + path('M78 30 L80 12 Q100 6 120 12 L122 30 Q100 38 78 30 Z', 'dk o') + zip(12, 184) + path('M110 76 L132 72 L134 96 L112 100 Z', 'dk o') +
    path('M112 78 L130 75', 'z') + lines('s', '52 176 98 176', '102 176 148 176')
}

export const JACKETS = {
  jacket: { draw: shell, detail: [112, 44, 2.2] },
  'rain-jacket': { draw: rain, detail: [100, 30, 2.2] },
  'down-jacket': { draw: down, detail: [110, 50, 2.2] },
  fleece: { draw: fleece, detail: [112, 60, 2.1] },
}
