// Every product drawing by shape name. `draw(view)` returns the SVG fragment of the front or second view; `second`
// names that view ('back' unless said), `detail` is the [x, y, zoom] the detail shot frames, `floor`/`shadow` place
// the floor shadow.
import { BOTTOMS } from './bottoms.mjs'
import { CAMP } from './camp.mjs'
import { FOOTWEAR } from './footwear.mjs'
import { JACKETS } from './jackets.mjs'
import { PACKS } from './packs.mjs'
import { TOPS } from './tops.mjs'
import { TRAIL } from './trail.mjs'

export const DRAWINGS = { ...TOPS, ...JACKETS, ...BOTTOMS, ...FOOTWEAR, ...CAMP, ...PACKS, ...TRAIL }
