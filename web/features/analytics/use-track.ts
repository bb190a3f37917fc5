import { useEffect, useRef } from 'react'
import type { Cart, Product, ProductCard } from '#kernel/models.ts'
import { track } from './tracked-api.ts'

/** view_item once per product shown (a colour or size change on the same product is not a new view: deps are the id). */
export function useViewItem(product: Product) {
  useEffect(() => {
    track((layer) => layer.trackViewItem(product))
  }, [product._id])
}

/** view_item_list once per list and page of results (`key` changes with the page, filters or sort). */
export function useViewItemList(listId: string, listName: string, products: Array<Pick<ProductCard, 'slug' | 'title'>>, key: string) {
  useEffect(() => {
    if (products.length > 0) track((layer) => layer.trackViewItemList(listId, listName, products))
  }, [listId, key])
}

/** begin_checkout once per visit to checkout, with the cart the checkout step read. */
export function useBeginCheckout(cart: Cart | undefined) {
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current || !cart || cart.lineItems.length === 0) return
    sent.current = true
    track((layer) => layer.trackBeginCheckout(cart))
  }, [cart])
}
