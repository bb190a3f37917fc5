import { defineConfig } from 'twind'
import presetTailwind from '@twind/preset-tailwind'
import * as colors from '@twind/preset-tailwind/colors'

/**
 * The store's theme: orange primary accent, the desktop breakpoint at 1024 px and a 1240 px maximum width
 * (spec §9). Used only at build time (vite.config.ts) to write a static CSS file; no twind runs in the browser.
 */
export default defineConfig({
  presets: [presetTailwind()],
  hash: false,
  theme: {
    extend: {
      colors: { primary: colors.orange },
      screens: { lg: '1024px' },
      maxWidth: { site: '1240px' },
      minWidth: { 5: '1.25rem', 48: '12rem' },
    },
  },
})
