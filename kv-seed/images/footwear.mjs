// Footwear in profile (toe to the right) and from below: hiking boot, trail runner, sandal.
import { dots, lines, path } from './draw.mjs'

/** Lugs under a sole from x0 to x1 at y. */
const lugs = (x0, x1, y) => {
  let d = ''
  for (let x = x0; x < x1; x += 12) d += `M${x} ${y} l2 5 h7 l2 -5 z `
  return path(d, 'k')
}

/** The outsole seen from below: foot shape with chevron lugs. */
function outsole(width = 1) {
  const foot = 'M100 16 Q140 16 142 62 Q144 96 134 120 Q128 140 132 166 Q130 190 100 190 Q70 190 68 166 Q72 140 66 120 Q56 96 58 62 Q60 16 100 16 Z'
  let chevrons = ''
  for (let y = 36; y < 180; y += 14) chevrons += `M78 ${y} L100 ${y + 7} L122 ${y} L122 ${y + 6} L100 ${y + 13} L78 ${y + 6} Z `
  return `<g transform="translate(100 0) scale(${width} 1) translate(-100 0)">` + path(foot, 'b o') + path('M100 22 Q134 22 136 62 Q138 96 128 120 Q122 140 126 166 Q124 184 100 184 Q76 184 74 166 Q78 140 72 120 Q62 96 64 62 Q66 22 100 22 Z', 'k') +
    path(chevrons, 'dk') + path('M84 120 L116 120 L114 132 L86 132 Z', 'f') + '</g>'
}

function boot(view) {
  if (view === 'sole') return outsole()
  return path('M26 150 L182 150 L182 160 Q182 170 170 170 L34 170 Q22 168 26 150 Z', 'k') + lugs(30, 176, 170) +
    path('M24 140 L182 140 Q186 146 182 152 L26 152 Q22 146 24 140 Z', 'w') +
    path('M30 142 L36 40 Q40 30 52 30 L92 30 Q102 34 100 50 L106 92 Q142 98 170 116 Q186 128 182 142 Z', 'b o') +
    path('M136 112 Q176 114 184 142 L148 142 Q148 126 136 112 Z', 'k') + path('M30 142 L34 96 Q50 104 60 142 Z', 'dk o') +
    path('M36 42 Q40 30 52 30 L92 30 Q102 34 100 50 Q70 54 36 50 Z', 'dk o') + path('M88 32 L96 14 L112 20 L106 52 Z', 'dk o') +
    path('M100 50 L106 92 Q124 94 138 104', 'l') + path('M40 60 Q80 58 96 64', 's') + path('M42 120 Q100 110 150 126', 's') +
    lines('kl', '96 42 112 58', '108 44 99 56', '99 56 116 72', '112 58 102 70', '102 70 122 86', '116 72 107 84', '96 42 86 28', '108 44 114 28') +
    dots('m', 2, [96, 42], [99, 56], [102, 70], [107, 84], [108, 44], [112, 58], [116, 72], [122, 86]) + path('M36 36 Q60 28 92 32', 'hl')
}

function runner(view) {
  if (view === 'sole') return outsole(0.92)
  return path('M24 150 L184 150 L184 158 Q184 166 172 166 L34 166 Q20 164 24 150 Z', 'k') + lugs(30, 178, 166) +
    path('M20 132 L182 134 Q190 144 184 152 L24 152 Q16 142 20 132 Z', 'w') +
    path('M24 134 Q22 96 36 86 Q60 80 84 84 L100 76 Q150 96 176 112 Q190 122 182 136 Z', 'b o') +
    path('M24 134 Q22 110 30 96 Q44 104 48 134 Z', 'dk o') + path('M36 86 Q60 80 84 84 L90 92 Q62 90 40 94 Z', 'dk o') +
    path('M60 128 Q100 96 150 104 L156 112 Q110 110 74 132 Z', 'a') + path('M140 108 Q172 112 182 134 L156 134 Q152 118 140 108 Z', 'dk o') +
    lines('kl', '92 84 100 92', '104 88 110 96', '116 92 120 100', '100 92 104 88', '110 96 116 92') + path('M30 146 Q100 142 180 146', 's')
}

function sandal(view) {
  if (view === 'sole') return outsole(0.95) + path('M74 70 Q100 56 126 70 L126 82 Q100 70 74 82 Z', 'b o') + path('M70 150 Q100 140 130 150 L130 162 Q100 152 70 162 Z', 'b o')
  return path('M20 150 L182 150 Q190 158 182 166 L30 166 Q16 162 20 150 Z', 'k') + lugs(26, 176, 166) + path('M20 142 L184 142 L184 152 L22 152 Z', 'dk o') +
    path('M38 142 Q34 100 56 92 L72 94 Q66 110 70 142 Z', 'b o') + path('M84 142 Q86 96 110 90 L124 96 Q104 108 106 142 Z', 'b o') +
    path('M126 142 Q132 112 158 114 L168 120 Q150 126 146 142 Z', 'b o') + path('M56 92 L124 96 L122 104 L58 100 Z', 'b o') +
    path('M108 88 h10 v14 h-10 z', 'm') + lines('s', '44 130 50 98', '92 130 102 98', '134 136 150 120')
}

export const FOOTWEAR = {
  boot: { draw: boot, second: 'sole', detail: [104, 66, 2.2], floor: 172, shadow: 84 },
  'trail-runner': { draw: runner, second: 'sole', detail: [140, 116, 2.2], floor: 168, shadow: 84 },
  sandal: { draw: sandal, second: 'sole', detail: [112, 110, 2.2], floor: 168, shadow: 84 },
}
