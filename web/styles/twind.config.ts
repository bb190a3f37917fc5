import { defineConfig } from 'twind'
import presetTailwind from '@twind/preset-tailwind'
import { richTextPreflight } from './rich-text.ts'
import { componentRules } from './components.ts'
import { club, neutral, primary, sale, scheme, success } from '#kernel/tokens.ts'

/**
 * The design tokens (docs/design.md): colours, type, radii, shadows and motion, in one place. Screens use only these
 * names (primary, neutral, sale, club, success, danger), never a raw palette colour or an arbitrary size, so the whole
 * look changes here. Contrast ratios against white are in docs/design.md; each pairing used for text meets WCAG AA.
 * Used only at build time (vite.config.ts) to write a static CSS file; no twind runs in the browser.
 */
export default defineConfig({
  presets: [presetTailwind()],
  hash: false,
  rules: componentRules,
  theme: {
    colors: {
      transparent: 'transparent',
      current: 'currentColor',
      white: '#ffffff',
      black: '#000000',
      primary,
      neutral,
      sale,
      danger: sale,
      club,
      success,
      scheme,
    },
    fontFamily: {
      sans: ['Figtree Variable', 'Figtree Fallback', 'ui-sans-serif', 'system-ui', 'sans-serif'],
      mono: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'monospace'],
    },
    // The type scale: [size, line height]. Display sizes tighten the line height and tracking.
    fontSize: {
      xs: ['0.75rem', { lineHeight: '1rem' }],
      sm: ['0.875rem', { lineHeight: '1.25rem' }],
      base: ['1rem', { lineHeight: '1.5rem' }],
      lg: ['1.125rem', { lineHeight: '1.75rem' }],
      xl: ['1.25rem', { lineHeight: '1.75rem' }],
      '2xl': ['1.5rem', { lineHeight: '2rem', letterSpacing: '-0.01em' }],
      '3xl': ['1.875rem', { lineHeight: '2.25rem', letterSpacing: '-0.015em' }],
      '4xl': ['2.25rem', { lineHeight: '2.5rem', letterSpacing: '-0.02em' }],
      '5xl': ['3rem', { lineHeight: '1.1', letterSpacing: '-0.02em' }],
      '6xl': ['3.75rem', { lineHeight: '1', letterSpacing: '-0.025em' }],
    },
    extend: {
      screens: { lg: '1024px' },
      maxWidth: { site: '1240px' },
      minWidth: { 5: '1.25rem', 11: '2.75rem', 48: '12rem' },
      minHeight: { 9: '2.25rem', 11: '2.75rem', 12: '3rem' },
      borderRadius: { sm: '0.25rem', DEFAULT: '0.375rem', md: '0.5rem', lg: '0.75rem', xl: '1rem', '2xl': '1.5rem' },
      boxShadow: {
        sm: '0 1px 2px 0 rgb(28 25 23 / 0.06)',
        DEFAULT: '0 1px 3px 0 rgb(28 25 23 / 0.08), 0 1px 2px -1px rgb(28 25 23 / 0.08)',
        card: '0 8px 24px -12px rgb(28 25 23 / 0.25)',
        lg: '0 12px 32px -8px rgb(28 25 23 / 0.22)',
        xl: '0 24px 48px -12px rgb(28 25 23 / 0.3)',
      },
      transitionDuration: { fast: '120ms', DEFAULT: '200ms', slow: '320ms' },
      transitionTimingFunction: { DEFAULT: 'cubic-bezier(0.2, 0.8, 0.2, 1)', out: 'cubic-bezier(0.2, 0.8, 0.2, 1)' },
      aspectRatio: { product: '3 / 4' },
      letterSpacing: { wordmark: '0.3em' },
    },
  },
  preflight: {
    body: { '@apply': 'font-sans text-neutral-900 bg-white antialiased' },
    ...richTextPreflight,
  },
})
