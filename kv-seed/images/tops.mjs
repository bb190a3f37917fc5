// Tops laid flat, front and back: tee, long-sleeve crew, tank, hoodie, cycling jersey. 200×200 box, neck at the top.
import { both, dots, lines, path } from './draw.mjs'

/** The torso shared by tops and jackets; `hem` is the bottom edge. */
export const torso = (hem = 182) => `M80 26 Q100 36 120 26 L150 35 Q152 60 148 82 L149 ${hem} Q100 ${hem + 5} 51 ${hem} L52 82 Q48 60 50 35 Z`
export const LONG_SLEEVE = 'M50 35 Q37 40 32 62 L18 156 L38 161 L52 94 L52 80 Z'
export const CUFF = 'M18 156 L38 161 L36 171 L16 166 Z'
const SHORT_SLEEVE = 'M50 35 Q36 42 24 70 L44 84 L53 74 Z'
const shading = (hem) => path(`M132 84 Q140 130 134 ${hem} L148 ${hem} L148 84 Z`, 'sd') + path(`M58 64 Q68 120 60 ${hem - 2} L53 ${hem - 2} L53 70 Z`, 'hl')
const mark = (x, y) => path(`M${x} ${y} l6 -8 l3 4 l2.5 -3 l5 7 z`, 'a')

function tee(view) {
  const neck = view === 'front' ? path('M82 28 Q100 46 118 28 Q100 37 82 28 Z', 'dk o') + path('M80 26 Q100 44 120 26', 'l') : path('M80 26 Q100 33 120 26', 'l')
  return both(SHORT_SLEEVE, 'b o') + path(torso(), 'b o') + shading(182) + neck +
    lines('s', '27 72 45 85', '155 85 173 72', '55 177 145 177') + both('M50 36 Q56 56 53 76', 's') +
    (view === 'front' ? mark(118, 68) : path('M94 30 h12 v6 h-12 z', 'a'))
}

function crew(view) {
  const raglan = both('M82 29 L53 84', 's')
  const neck = view === 'front' ? path('M82 28 Q100 46 118 28 Q100 37 82 28 Z', 'dk o') + path('M78 25 Q100 48 122 25', 'l') : path('M80 26 Q100 33 120 26', 'l')
  return both(LONG_SLEEVE, 'b o') + both(CUFF, 'dk o') + path(torso(180), 'b o') + path('M51 172 Q100 177 149 172 L149 182 Q100 187 51 182 Z', 'dk o') +
    shading(172) + raglan + neck + (view === 'front' ? mark(116, 64) : '')
}

function tank(view) {
  const outline = view === 'front'
    ? 'M68 18 L82 18 Q100 62 118 18 L132 18 Q130 56 150 80 L150 182 Q100 187 50 182 L50 80 Q70 56 68 18 Z'
    : 'M72 18 L86 18 Q100 44 114 18 L128 18 Q124 70 150 86 L150 182 Q100 187 50 182 L50 86 Q76 70 72 18 Z'
  return path(outline, 'b o') + shading(182) + both(view === 'front' ? 'M71 22 Q72 58 54 78' : 'M75 22 Q78 70 55 84', 's') +
    (view === 'front' ? path('M84 21 Q100 58 116 21', 's') + mark(114, 96) : path('M88 21 Q100 42 112 21', 's')) + lines('s', '52 177 148 177')
}

function hoodie(view) {
  const hood = view === 'front'
    ? path('M70 36 Q60 4 100 2 Q140 4 130 36 Q100 22 70 36 Z', 'b o') + path('M80 32 Q78 12 100 10 Q122 12 120 32 Q100 40 80 32 Z', 'dk o')
    : path('M66 40 Q56 -2 100 -4 Q144 -2 134 40 Q100 52 66 40 Z', 'b o') + path('M100 -3 Q104 20 100 46', 's') + path('M70 30 Q100 44 130 30 L128 40 Q100 50 72 40 Z', 'sd')
  const front = view === 'front'
    ? path('M64 124 L136 124 L146 168 L54 168 Z', 'b o') + both('M64 124 Q58 140 54 168', 'l') + path('M66 128 L134 128', 's') +
      lines('kl', '92 38 90 72', '108 38 110 72') + dots('m', 2, [90, 74], [110, 74])
    : ''
  return both(LONG_SLEEVE, 'b o') + both(CUFF, 'dk o') + path(torso(176), 'b o') + path('M51 170 Q100 175 149 170 L149 184 Q100 189 51 184 Z', 'dk o') +
    shading(170) + hood + front + both('M50 36 Q56 58 53 82', 's')
}

function jersey(view) {
  const sleeve = 'M50 35 Q38 42 30 64 L48 76 L54 70 Z'
  const body = 'M82 24 Q100 30 118 24 L150 35 Q150 60 146 82 L146 182 Q100 188 54 182 L54 82 Q50 60 50 35 Z'
  const panels = both('M54 90 Q62 130 60 182 L54 182 Z', 'dk') + path('M54 96 L146 96 L146 108 L54 108 Z', 'a') + path('M54 112 L146 112 L146 116 L54 116 Z', 'dk')
  const detail = view === 'front'
    ? path('M100 24 L100 180', 'z') + path('M97 26 h6 v9 h-6 z', 'm') + path('M84 22 L100 28 L116 22 L116 18 Q100 22 84 18 Z', 'b o') + mark(112, 56)
    : path('M58 140 L142 140 L144 178 L56 178 Z', 'b o') + lines('s', '58 144 142 144', '86 141 86 178', '114 141 114 178') + path('M84 20 Q100 26 116 20 L116 16 Q100 20 84 16 Z', 'b o')
  return both(sleeve, 'b o') + both('M30 64 L48 76 L46 80 L28 68 Z', 'a') + path(body, 'b o') + panels + shading(182) + detail
}

export const TOPS = {
  tee: { draw: tee, detail: [110, 60, 2.4] },
  crew: { draw: crew, detail: [100, 44, 2.4] },
  tank: { draw: tank, detail: [104, 70, 2.2] },
  hoodie: { draw: hoodie, detail: [100, 60, 2.2] },
  jersey: { draw: jersey, detail: [104, 60, 2.3] },
}
