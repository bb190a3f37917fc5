// Trail and bike gear: trekking poles, water bottle, head torch, beanie, bike helmet, bike light, and the gift card.
import { both, dots, flipped, lines, path } from './draw.mjs'

/** One pole, upright at x = 100: foam grip, wrist strap, coloured upper shaft, flick locks, basket and tip. */
const pole = path('M93 14 Q93 6 100 6 Q107 6 107 14 L106 50 L94 50 Z', 'k') + path('M96 50 L104 50 L103.5 100 L96.5 100 Z', 'h o') +
  path('M95 98 h10 v8 h-10 z', 'm') + path('M97 106 L103 106 L102.6 146 L97.4 146 Z', 'm') + path('M95.5 144 h9 v7 h-9 z', 'm') +
  path('M98 151 L102 151 L101.4 190 L98.6 190 Z', 'm') + '<ellipse class="k" cx="100" cy="176" rx="9" ry="3"/>' + path('M99 190 L101 190 L100 196 Z', 'k') +
  path('M94 18 Q76 26 80 48 Q86 40 94 30 Z', 'v o') + lines('s', '94 22 106 22', '94 40 106 40')

function poles(view) {
  const pair = `<g transform="rotate(-9 100 196) translate(-22 0)">${pole}</g><g transform="rotate(9 100 196) translate(22 0)">${pole}</g>`
  return view === 'side' ? `<g transform="rotate(-30 100 110)">${pole}</g>` : pair
}

function bottle(view) {
  const body = path('M72 56 Q72 42 84 40 L84 28 L116 28 L116 40 Q128 42 128 56 L130 176 Q130 188 100 188 Q70 188 70 176 Z', 'h o') +
    path('M71 110 L129 110 L129.6 150 L70.4 150 Z', 'a') + path('M84 134 l10 -12 l5 6 l4 -4 l9 10 z', 'dk') + path('M78 60 Q76 120 78 176', 'hl')
  const cap = path('M80 14 L120 14 L120 32 L80 32 Z', 'k') + path('M86 14 Q86 -4 100 -4 Q114 -4 114 14 L108 14 Q108 3 100 3 Q92 3 92 14 Z', 'k') + lines('l', '80 20 120 20')
  return view === 'side' ? flipped(body + cap) : body + cap
}

function headTorch(view) {
  const band = '<ellipse cx="100" cy="112" rx="76" ry="40" fill="none" stroke="url(#g)" stroke-width="14"/>' +
    '<ellipse cx="100" cy="112" rx="76" ry="40" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2" stroke-dasharray="6 5"/>'
  const top = '<path d="M100 72 Q100 30 100 28" fill="none" stroke="url(#g)" stroke-width="12"/>'
  const lamp = path('M66 128 Q66 118 76 118 L124 118 Q134 118 134 128 L134 160 Q134 170 124 170 L76 170 Q66 170 66 160 Z', 'k') +
    '<circle cx="100" cy="144" r="19" fill="#fffbe6" stroke="#888" stroke-width="2"/><circle cx="100" cy="144" r="9" fill="#ffe89a"/>' +
    path('M124 122 h8 v6 h-8 z', 'f')
  return view === 'side' ? top + band + `<g transform="translate(70 -12)">${path('M66 128 L100 122 L104 166 L66 170 Z', 'k')}</g>` : top + band + lamp
}

function beanie(view) {
  let ribs = ''
  for (let x = 44; x <= 156; x += 8) ribs += `M${x} 134 L${x} 172 `
  let knit = ''
  for (let x = 56; x <= 144; x += 12) knit += `M${x} 128 Q${x + (x - 100) * 0.15} 90 ${100 + (x - 100) * 0.4} 52 `
  return path('M46 134 Q44 52 100 48 Q156 52 154 134 Z', 'b o') + path(knit, 'l') + path('M118 56 Q150 80 150 130 L138 130 Q138 84 118 56 Z', 'sd') +
    path('M38 128 Q100 120 162 128 L164 170 Q100 178 36 170 Z', 'b o') + path(ribs, 'l') +
    '<circle cx="100" cy="36" r="22" class="lt" stroke="#fff" stroke-opacity=".6" stroke-width="4" stroke-dasharray="2 3"/>' +
    (view === 'back' ? '' : path('M86 140 L114 140 L114 158 L86 158 Z', 'a'))
}

function helmet(view) {
  const shell = path('M22 132 Q22 54 100 42 Q170 40 186 110 Q188 128 172 134 L40 140 Q22 140 22 132 Z', 'b o') +
    path('M26 126 L176 122 L172 134 L40 140 Z', 'w') + path('M118 46 Q170 50 184 110 L160 112 Q150 70 118 46 Z', 'sd') +
    path('M44 84 Q70 58 104 54 L100 68 Q76 72 56 92 Z', 'k') + path('M108 54 Q140 56 158 76 L146 86 Q130 70 106 68 Z', 'k') +
    path('M60 102 Q90 86 120 84 L120 96 Q92 98 66 112 Z', 'k') + path('M128 90 Q156 94 170 108 L158 112 Q144 102 126 100 Z', 'k') +
    path('M160 112 L196 116 L192 126 L164 126 Z', 'k') + path('M44 66 Q70 50 100 48', 'hl')
  const straps = lines('kl', '70 140 100 184', '140 134 104 184') + path('M96 180 h10 v8 h-10 z', 'k') + path('M30 132 L42 150 L54 140 Z', 'k')
  return view === 'side' ? flipped(straps + shell) : straps + shell
}

function bikeLight(view) {
  // On a handlebar with its grip and brake lever, so it reads as a bike light and not a torch.
  const bar = '<rect x="6" y="134" width="188" height="18" rx="9" fill="url(#m)" stroke="#5d6166" stroke-width=".8"/>' +
    '<rect x="-4" y="128" width="44" height="30" rx="12" class="k"/>' + lines('kl', '8 130 8 156', '16 130 16 156', '24 130 24 156') +
    '<path d="M52 130 Q50 160 30 178" fill="none" stroke="#3a3a3a" stroke-width="5" stroke-linecap="round"/>' + path('M46 124 h12 v14 h-12 z', 'k')
  const body = path('M44 84 Q44 70 58 70 L146 70 Q160 70 160 84 L160 118 Q160 132 146 132 L58 132 Q44 132 44 118 Z', 'b o') +
    path('M48 84 Q48 74 58 74 L146 74', 'hl') + path('M146 70 Q160 70 160 84 L160 118 Q160 132 146 132 Z', 'k') +
    path('M92 64 h20 v8 h-20 z', 'k') + path('M80 126 L124 126 L126 160 L78 160 Z', 'k') + lines('l', '60 100 128 100')
  const beam = '<path d="M162 80 L200 62 L200 142 L162 122 Z" fill="#fff7c2" opacity=".8"/><rect x="156" y="80" width="8" height="42" rx="3" fill="#fffbe6" stroke="#777"/>'
  return view === 'side' ? bar + flipped(body) : bar + beam + body
}

function giftCard(view) {
  const card = '<rect x="16" y="46" width="168" height="108" rx="10" class="b o"/>'
  if (view === 'back') {
    return `<g transform="rotate(-6 100 100)">${card}${path('M16 66 L184 66 L184 86 L16 86 Z', 'k')}${lines('al', '30 116 130 116', '30 130 100 130')}</g>`
  }
  const ribbon = path('M120 46 L136 46 L136 154 L120 154 Z', 'a') + path('M16 92 L184 92 L184 106 L16 106 Z', 'a')
  const bow = both('M128 98 Q104 70 112 64 Q120 60 128 96 Z', 'a') + path('M122 94 h12 v10 h-12 z', 'a')
  return `<g transform="rotate(-6 100 100)">${card}${ribbon}${bow}${path('M34 136 l16 -20 l8 10 l6 -6 l14 16 z', 'a')}${path('M24 56 L60 52', 'hl')}</g>`
}

export const TRAIL = {
  'trekking-poles': { draw: poles, second: 'side', detail: [100, 36, 2.4], floor: 196, shadow: 50 },
  'water-bottle': { draw: bottle, second: 'side', detail: [100, 24, 2.4], floor: 188, shadow: 40 },
  'head-torch': { draw: headTorch, second: 'side', detail: [100, 144, 2.2], floor: 164 },
  beanie: { draw: beanie, detail: [100, 140, 2.2], floor: 176 },
  helmet: { draw: helmet, second: 'side', detail: [110, 100, 1.8], floor: 190 },
  'bike-light': { draw: bikeLight, second: 'side', detail: [150, 100, 2], floor: 166 },
  'gift-card': { draw: giftCard, detail: [128, 100, 2.2], floor: 170 },
}
