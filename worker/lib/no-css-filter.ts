/**
 * Stands in for the `cssfilter` package inside `xss` in the deployed bundle (wrangler.toml [alias]): the store's
 * sanitiser turns CSS off (`css: false`, and `style` is not an allowed attribute, worker/commerce/sanitize-html.ts), so
 * cssfilter's 9 KB property list is never read. Should anything ever ask it, it keeps no CSS at all.
 */
export class FilterCSS {
  process(): string {
    return ''
  }
}

export const getDefaultWhiteList = (): Record<string, boolean> => ({})
