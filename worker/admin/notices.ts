/** What the page after a 303 says happened (`?notice=key`); unknown keys show nothing, so a link cannot put words in the console's mouth. */
const NOTICES: Record<string, string> = {
  fulfilled: 'The order is marked as shipped and the customer has been emailed the tracking number.',
  refunded: 'The refund was made and the customer has been emailed.',
  'line-refunded': 'The line was refunded and the customer has been emailed.',
  canceled: 'The order is cancelled: stock is back, payments are returned and the customer has been emailed.',
  resent: 'The order confirmation was sent again.',
  saved: 'Your changes are saved.',
  created: 'Created.',
  issued: 'The gift card was issued.',
  adjusted: 'The balance was adjusted.',
  // the page names the amount and the customer from the grant's audit entry (worker/admin/promotions-data.ts grantNotice)
  'credit-granted': 'The store credit was granted.',
  published: 'Published: the page is live.',
  unpublished: 'Unpublished: the page is hidden from the store.',
  purged: 'Every cached storefront page will be built afresh.',
  imported: 'The import was applied.',
  'image-added': 'The picture was added in all three sizes.',
  'image-removed': 'The picture was removed.',
  'import-started': 'The import is being applied in the background. This page shows its progress.',
  'import-resumed': 'The import is being applied again from the rows not yet done.',
  blocked: 'The account is blocked: its sessions have ended and it cannot log in.',
  unblocked: 'The account can log in again.',
  'role-granted': 'The account is now an admin: it can log in to the console.',
  'role-revoked': 'The admin role was taken away: the account can no longer open the console.',
  'not-yourself': 'You cannot block your own account.',
  'reset-sent': 'A password-reset link was emailed to the customer.',
  'reset-failed': 'The reset link could not be sent. Please try again.',
  'return-approved': 'The return is approved: the units are back in stock, the refund was made and the customer has been emailed.',
  'return-declined': 'The return is declined and the customer has been emailed why.',
  'too-many': 'Too many reset links were sent from here just now. Please try again in a minute.',
}

export const noticeText = (key: string | undefined) => (key ? NOTICES[key] : undefined)
