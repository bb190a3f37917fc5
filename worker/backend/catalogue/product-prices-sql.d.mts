// Types for product-prices-sql.mjs.
export function productPricesInsert(productId: number | null): string
