// Legwear and dresses, front and back: hiking pants (pockets, knee darts), leggings, shorts, bib shorts, dress.
import { both, dots, lines, path } from './draw.mjs'

const WAIST = (y, left = 58, right = 142) => path(`M${left} ${y} L${right} ${y} L${right} ${y + 12} L${left} ${y + 12} Z`, 'b o') + lines('s', `${left} ${y + 3} ${right} ${y + 3}`, `${left} ${y + 9} ${right} ${y + 9}`)
const loops = (y) => [68, 86, 114, 132].map((x) => path(`M${x} ${y - 1} h4 v14 h-4 z`, 'b o')).join('')

function pants(view) {
  const legs = 'M58 28 L142 28 L152 188 L110 190 L100 74 L90 190 L48 188 Z'
  const common = path(legs, 'b o') + path('M118 40 Q126 120 120 188 L110 190 L102 80 Z', 'sd') + path('M64 40 Q60 120 56 186 L50 186 L58 36 Z', 'hl') +
    WAIST(18) + loops(18) + both('M52 132 Q66 138 86 134', 's') + both('M51 178 L91 180', 's')
  if (view === 'back') return common + both('M66 48 L92 46 L92 72 L68 74 Z', 'b o') + both('M66 48 L92 46 L92 54 L66 56 Z', 'dk o') + path('M58 40 Q100 50 142 40', 's')
  return common + path('M100 30 Q96 52 100 72', 's') + dots('m', 2.2, [100, 24]) + both('M58 32 Q76 34 82 52', 'l') +
    both('M50 92 L72 90 L74 122 L50 124 Z', 'b o') + both('M50 92 L72 90 L72 98 L50 100 Z', 'dk o')
}

function leggings(view) {
  const legs = 'M62 22 L138 22 L136 80 L128 188 L108 190 L100 80 L92 190 L72 188 L64 80 Z'
  const common = path(legs, 'b o') + path('M62 22 L138 22 L138 40 L62 40 Z', 'b o') + path('M120 44 Q124 120 120 186 L108 189 L102 86 Z', 'sd') +
    path('M70 44 Q66 120 76 186 L72 187 L64 60 Z', 'hl') + both('M64 60 Q70 120 80 188', 's') + both('M72 184 L92 186', 's')
  return common + (view === 'back' ? path('M70 42 Q100 60 130 42', 's') + path('M86 44 L114 44 L112 62 L88 62 Z', 'dk o') : path('M118 30 l5 -6 l2.5 3 l2 -2 l4 5 z', 'a'))
}

function shorts(view) {
  const legs = 'M54 44 L146 44 L156 140 L110 146 L100 96 L90 146 L44 140 Z'
  const common = path(legs, 'b o') + path('M120 56 Q128 110 124 144 L110 146 L102 100 Z', 'sd') + WAIST(34, 54, 146) + loops(34) + both('M46 132 L91 138', 's')
  if (view === 'back') return common + both('M64 62 L90 60 L90 84 L66 86 Z', 'b o') + path('M56 56 Q100 64 144 56', 's')
  return common + path('M100 46 Q97 62 100 80', 's') + dots('m', 2, [100, 40]) + both('M56 48 Q72 50 78 68', 'l') + both('M47 100 L66 98 L67 124 L48 126 Z', 'b o')
}

function bibShorts(view) {
  const legs = 'M60 96 L140 96 L146 166 L108 172 L100 128 L92 172 L54 166 Z'
  const straps = view === 'front'
    ? both('M66 98 L74 24 L88 24 L86 98 Z', 'b o') + both('M74 24 L88 24 L86 40 L74 40 Z', 'a')
    : both('M70 98 L94 60 L84 22 L98 22 L106 62 L88 98 Z', 'b o') + path('M86 50 L114 50 L112 80 L88 80 Z', 'a')
  return straps + path(legs, 'k') + path('M60 96 L140 96 L142 120 L58 120 Z', 'k') + both('M55 158 L92 164 L92 172 L54 166 Z', 'b o') +
    both('M66 104 Q80 130 76 164', 'l') + path('M120 100 Q128 130 124 166 L108 170 L102 130 Z', 'hl') +
    (view === 'front' ? path('M120 140 l5 -6 l2.5 3 l2 -2 l4 5 z', 'a') : '')
}

function dress(view) {
  const sleeve = 'M72 26 Q60 30 54 48 L68 54 L74 44 Z'
  const bodice = view === 'front'
    ? 'M72 24 L86 20 Q100 38 114 20 L128 24 Q132 56 130 88 L70 88 Q68 56 72 24 Z'
    : 'M72 24 L86 20 Q100 28 114 20 L128 24 Q132 56 130 88 L70 88 Q68 56 72 24 Z'
  const skirt = 'M70 88 L130 88 L166 188 Q100 198 34 188 Z'
  return both(sleeve, 'b o') + path(skirt, 'b o') + path(bodice, 'b o') + path('M68 86 L132 86 L132 96 L68 96 Z', 'dk o') +
    lines('l', '92 96 82 190', '108 96 118 190') + path('M126 100 L160 186 L146 190 L116 100 Z', 'sd') + path('M74 100 L44 184 L56 188 L84 100 Z', 'hl') +
    lines('s', '38 184 162 184') + (view === 'front' ? path('M86 21 Q100 40 114 21', 's') + dots('m', 1.8, [100, 50], [100, 62], [100, 74]) + path('M96 96 l-6 18 l4 1 l4 -14 l4 14 l4 -1 l-6 -18 z', 'dk o') : path('M100 22 L100 86', 'z'))
}

export const BOTTOMS = {
  pants: { draw: pants, detail: [80, 60, 2.2] },
  leggings: { draw: leggings, detail: [100, 60, 2.2] },
  shorts: { draw: shorts, detail: [96, 80, 2.2], floor: 150 },
  'bib-shorts': { draw: bibShorts, detail: [90, 70, 2], floor: 178 },
  dress: { draw: dress, detail: [100, 60, 2.2] },
}
