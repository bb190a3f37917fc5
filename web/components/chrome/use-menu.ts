import type { Category, MenuItem } from '#kernel/models.ts'
import type { StorefrontApi } from '../../api/storefront-api.ts'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'

/** Where the console's menus show: the header navigation and the footer's link blocks. */
export type MenuLocation = 'header' | 'footer'

/** The category tree as a menu: roots by taxonomy position, without those marked hide_from_nav (spec §2). */
export function categoryMenu(categories: Category[]): MenuItem[] {
  return [...categories]
    .filter((category) => !category.hide_from_nav)
    .sort((a, b) => a.taxonomy_position - b.taxonomy_position || a.left - b.left)
    .map((category) => ({
      label: category.name,
      link: `/t/${category.permalink}`,
      items: category.items.filter((child) => !child.hide_from_nav).map((child) => ({ label: child.name, link: `/t/${child.permalink}`, items: [] })),
    }))
}

/**
 * What a location shows when the console has no menu for it (none, disabled or empty): the header the category
 * tree, the footer null (its fixed help and company links, which it draws from the dictionary).
 */
const FALLBACKS: Record<MenuLocation, (api: StorefrontApi) => Promise<MenuItem[] | null>> = {
  header: async (api) => categoryMenu(await api.getCategoryTree()),
  footer: async () => null,
}

/** The Deferred id of a location's menu in one language: the server's preload and the component share it. */
export const menuId = (location: MenuLocation, locale: string) => `menu:${location}:${locale}`

/**
 * The console's menu of `location` (KV-cached by the commerce client: no D1 read while its copy is warm), else the
 * location's fallback. A backend that fails gives null: the chrome renders even when the catalogue is down.
 */
export async function loadMenu(api: StorefrontApi, location: MenuLocation): Promise<MenuItem[] | null> {
  try {
    const menu = await api.getMenus(location)
    if (!menu.isDisabled && menu.items.length > 0) return menu.items
    return await FALLBACKS[location](api)
  } catch {
    return null
  }
}

/**
 * The `Deferred` props of a location's menu. The server resolves the menus of the page's layout before rendering
 * (worker/ssr/render.tsx), so they are in the HTML itself, with or without JavaScript; a browser that mounts the
 * chrome later (from the checkout) loads them through the BFF.
 */
export function useMenu(location: MenuLocation) {
  const api = useApi()
  const { locale } = useT()
  return { id: menuId(location, locale), load: () => loadMenu(api, location) }
}
