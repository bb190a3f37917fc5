import { ApiError, type StockAlertOperations, type StorefrontApi } from './storefront-api.ts'

/**
 * The alert operations of `api` (the server's), or a 404 where they are missing: the browser's API leaves them out,
 * so the first visit's code does not carry them (decision 0073).
 */
export function stockAlertOperations(api: StorefrontApi): StockAlertOperations {
  const { askStockAlert, confirmStockAlert, unsubscribeStockAlerts, setPriceDropEmails } = api
  if (!askStockAlert || !confirmStockAlert || !unsubscribeStockAlerts || !setPriceDropEmails) throw new ApiError(404, 'Back-in-stock alerts are answered by the server.')
  return { askStockAlert, confirmStockAlert, unsubscribeStockAlerts, setPriceDropEmails }
}
