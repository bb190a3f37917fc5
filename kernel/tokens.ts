/**
 * The colour tokens (docs/design.md), plain values: the twind theme (build time) and the brand (favicon, manifest,
 * e-mails; kernel/brand.ts) read the same hexes. Contrast ratios against white are in docs/design.md.
 */
export const primary = {
  50: '#fff7ed',
  100: '#ffedd5',
  200: '#fed7aa',
  300: '#fdba74',
  400: '#fb923c',
  /** UI edges and large text only (3.56:1 on white). */
  500: '#ea580c',
  /** Buttons: white text 4.78:1. */
  600: '#c9470e',
  /** Hover, links and small text on white (6.33:1). */
  700: '#a93b0c',
  800: '#8a300d',
  900: '#6c270e',
}

/** Warm stone neutrals: 400 is the lightest that still marks a form edge (3.64:1), 500 the lightest text (4.80:1). */
export const neutral = {
  50: '#fafaf9',
  100: '#f5f5f4',
  200: '#e7e5e4',
  300: '#d6d3d1',
  400: '#8c857f',
  500: '#78716c',
  600: '#57534e',
  700: '#44403c',
  800: '#292524',
  900: '#1c1917',
}

/** Sale prices and errors: 700 on white is 6.47:1. */
export const sale = { 50: '#fef2f2', 100: '#fee2e2', 200: '#fecaca', 300: '#fca5a5', 500: '#ef4444', 600: '#dc2626', 700: '#b91c1c', 800: '#991b1b', 900: '#7f1d1d' }
/** The members' club: a pine teal beside the orange; 700 on white is 5.47:1. */
export const club = { 50: '#f0fdfa', 100: '#ccfbf1', 200: '#99f6e4', 500: '#14b8a6', 600: '#0d9488', 700: '#0f766e', 800: '#115e59', 900: '#134e4a' }
export const success = { 50: '#f0fdf4', 100: '#dcfce7', 600: '#16a34a', 700: '#15803d', 800: '#166534' }
/** The card schemes' own colours, for their marks beside the footer and the checkout only (their rules, not ours). */
export const scheme = { visa: '#1a1f71', mastercard: '#eb001b', maestro: '#f79e1b', amex: '#006fcf' }

export const tokens = { primary, neutral, sale, club, success, scheme }
