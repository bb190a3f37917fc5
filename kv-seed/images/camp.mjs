// Camping gear: dome tent (fly, door, poles, guy lines), mummy sleeping bag, canister stove, cook pot, enamel mug,
// camp chair and roll-top table. Second views are the side (or, for the tent, the back with its vent).
import { dots, flipped, lines, path } from './draw.mjs'

function tent(view) {
  const guys = lines('l', '44 104 4 182', '156 98 196 178', '70 66 30 150', '134 62 176 144') + path('M2 178 l4 8 M194 174 l4 8 M28 146 l4 8 M174 140 l4 8', 'kl')
  const fly = path('M22 176 Q40 76 104 42 Q166 64 184 176 Z', 'b o') + path('M104 42 Q166 64 184 176 L140 176 Q138 96 104 42 Z', 'sd') +
    path('M30 174 Q58 66 104 44', 'l') + path('M104 44 Q160 70 178 174', 'l') + path('M36 116 Q104 84 172 118', 'l') + path('M18 176 L188 176 L186 184 L20 184 Z', 'k')
  if (view === 'back') {
    return guys + fly + path('M86 62 Q104 50 122 62 L118 74 Q104 66 90 74 Z', 'dk o') + path('M88 72 Q104 64 120 72', 'k') + path('M50 150 Q104 132 160 150', 's')
  }
  return guys + fly + path('M58 176 Q72 110 104 86 Q136 110 150 176 Z', 'v o') + path('M104 90 Q124 118 128 176 L104 176 Z', 'k') +
    path('M104 88 L104 176', 'z') + path('M104 90 Q124 118 128 176', 'z') + path('M96 100 Q104 94 112 100', 'l') + dots('m', 2.4, [104, 100]) +
    path('M96 44 Q104 36 114 46 L110 52 Q104 46 98 50 Z', 'dk o')
}

function sleepingBag(view) {
  const outline = 'M66 38 Q64 8 100 6 Q136 8 134 38 L142 120 Q146 160 130 190 L70 190 Q54 160 58 120 Z'
  let baffles = ''
  for (let y = 44; y < 188; y += 16) baffles += path(`M${60 - (y - 44) / 40} ${y} Q100 ${y + 6} ${140 + (y - 44) / 40} ${y}`, 'l')
  const puffs = path('M60 44 Q100 54 140 44 L143 130 Q100 140 57 130 Z', 'hl')
  if (view === 'side') return path(outline, 'v o') + puffs + baffles + path('M76 30 Q100 18 124 30', 'l') + path('M100 8 L100 40', 's')
  return path(outline, 'v o') + puffs + baffles + path('M76 40 Q74 20 100 18 Q126 20 124 40 Q100 50 76 40 Z', 'k') + path('M82 38 Q100 46 118 38', 'l') +
    lines('kl', '80 42 74 56', '120 42 126 56') + dots('k', 2.2, [74, 57], [126, 57]) + path('M136 50 L140 186', 'z') + path('M133 60 h6 v10 h-6 z', 'm')
}

function stove(view) {
  const canister = path('M54 118 Q54 106 100 106 Q146 106 146 118 L146 176 Q146 188 100 188 Q54 188 54 176 Z', 'h o') + path('M54 118 Q100 132 146 118', 'l') +
    path('M54 140 L146 140 L146 164 L54 164 Z', 'a') + path('M70 152 l10 -10 l6 6 l5 -4 l9 8 z', 'dk')
  const burner = path('M90 84 L110 84 L114 110 L86 110 Z', 'm') + path('M70 66 L130 66 L122 84 L78 84 Z', 'm') + path('M66 60 L134 60 L134 66 L66 66 Z', 'm') +
    lines('kl', '66 62 44 54', '134 62 156 54', '100 60 100 48') + path('M112 98 Q140 96 142 112', 'kl') + dots('k', 3, [142, 114])
  const flame = '<path d="M76 60 Q82 40 90 58 Q96 34 104 58 Q112 38 118 58 Q122 46 126 60 Z" fill="#3b82f6" opacity=".75"/>'
  return view === 'side' ? flipped(canister + burner) : canister + burner + flame
}

function pot(view) {
  const body = path('M40 90 L160 90 L154 168 Q100 184 46 168 Z', 'h o') + path('M40 90 Q100 100 160 90 L160 98 Q100 108 40 98 Z', 'dk o') + path('M48 150 Q100 162 152 150', 's')
  const lid = view === 'side' ? '' : path('M36 90 Q100 58 164 90 Q100 98 36 90 Z', 'm') + path('M92 66 Q100 58 108 66 L106 72 L94 72 Z', 'k') + dots('k', 1.6, [70, 80], [78, 78])
  const handle = path('M160 98 L192 94 L194 102 L162 108 Z', 'm') + path('M176 96 L194 94 L196 100 L178 104 Z', 'k')
  return (view === 'side' ? flipped(body + handle) + path('M40 90 Q100 80 160 90', 'l') : body + lid + handle)
}

function mug(view) {
  const cup = path('M56 70 L144 70 L140 174 Q100 184 60 174 Z', 'h o') + path('M56 70 Q100 80 144 70 Q100 60 56 70 Z', 'w') + path('M60 72 Q100 78 140 72', 'kl') +
    path('M60 170 Q100 180 140 170', 'kl') + dots('w', 1.4, [80, 120], [112, 140], [96, 100], [124, 104], [76, 154])
  const handle = '<path d="M142 92 Q176 92 174 122 Q172 150 140 150" fill="none" stroke="#2b2b2b" stroke-width="9" stroke-linecap="round"/>'
  return view === 'side' ? flipped(cup + handle) : cup + handle
}

function chair(view) {
  const frame = lines('kl', '54 150 36 190', '146 150 164 190', '54 150 150 190', '146 150 50 190', '60 40 54 150', '140 40 146 150') +
    path('M34 190 h8 M158 190 h8', 'kl')
  const seat = path('M60 34 Q100 28 140 34 L146 118 Q100 126 54 118 Z', 'b o') + path('M50 116 Q100 126 150 116 L158 150 Q100 160 42 150 Z', 'v o') +
    path('M64 40 Q100 36 136 40', 's') + path('M56 112 Q100 120 144 112', 's')
  const arms = path('M28 110 L60 104 L60 112 L30 118 Z', 'k') + path('M140 104 L172 110 L170 118 L140 112 Z', 'k') + path('M166 112 h14 v14 h-14 z', 'dk o')
  return view === 'side' ? flipped(frame + seat + arms) + path('M60 50 Q100 46 140 50', 'hl') : frame + seat + arms + path('M92 64 l8 -10 l4 5 l3 -3 l7 8 z', 'a')
}

function table(view) {
  // A roll-top table in three-quarter view: a slatted top with a visible edge, X-legs at each end and a stretcher.
  const legs = lines('kl', '30 100 62 182', '60 120 28 176', '150 82 182 162', '180 98 146 168', '46 140 164 124') + path('M24 176 h10 M56 182 h10 M142 168 h10 M178 162 h10', 'kl')
  let slats = ''
  for (let i = 1; i < 7; i++) slats += `M${20 + i * 6.3} ${92 + i * 3.4} L${140 + i * 6.3} ${72 + i * 2.9} `
  const top = path('M20 92 L140 72 L184 92 L64 116 Z', 'b o') + path(slats, 'l') + path('M20 92 L64 116 L64 123 L20 99 Z', 'dk o') +
    path('M64 116 L184 92 L184 99 L64 123 Z', 'dk o') + path('M30 92 L138 74 L146 78 L40 96 Z', 'hl')
  return view === 'side' ? flipped(legs + top) : legs + top
}

export const CAMP = {
  tent: { draw: tent, detail: [112, 120, 2], shadow: 90, floor: 184 },
  'sleeping-bag': { draw: sleepingBag, second: 'side', detail: [100, 44, 2.2] },
  stove: { draw: stove, second: 'side', detail: [100, 76, 2.2], floor: 188, shadow: 56 },
  'cook-pot': { draw: pot, second: 'side', detail: [176, 98, 2.2], floor: 176, shadow: 68 },
  mug: { draw: mug, second: 'side', detail: [150, 110, 2], floor: 178, shadow: 52 },
  'camp-chair': { draw: chair, second: 'side', detail: [150, 112, 2.2] },
  'camp-table': { draw: table, second: 'side', detail: [100, 100, 2] },
}
