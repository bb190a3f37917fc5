/**
 * What the page after a 303 says happened (`?notice=key`); unknown keys show nothing, so a link cannot put words in the
 * console's mouth. An email is only ever queued when the page answers (the queue sends it a moment later, and it may
 * fail): the notices say 'queued', and the order page's 'Emails' panel and /admin/mail/failed say what became of it.
 */
const NOTICES: Record<string, string> = {
  fulfilled: 'The order is marked as shipped; the email with the tracking number is queued for the customer.',
  collected: 'The order is marked as collected from the store.',
  'ready-for-pickup': 'The order is marked ready for pickup; the customer’s email is queued.',
  refunded: 'The refund was made; the customer’s email is queued.',
  'line-refunded': 'The line was refunded; the customer’s email is queued.',
  'parcel-shipped': 'A parcel is marked as shipped and its email to the customer is queued; the rest of the order is still to be sent.',
  'units-refunded': 'The units were refunded (and put back in stock where ticked); the customer’s email is queued.',
  canceled: 'The order is cancelled: stock is back, payments are returned and the customer’s email is queued.',
  resent: 'The order confirmation is queued to be sent again.',
  saved: 'Your changes are saved.',
  'rate-retired': 'The rate is retired: no longer offered at checkout, kept on the orders that used it.',
  'rate-deleted': 'The rate was deleted: no order had used it, and checkout no longer offers it.',
  'rate-already': 'The rate was already retired.',
  created: 'Created.',
  issued: 'The gift card was issued (no email was given, so none is sent).',
  adjusted: 'The balance was adjusted.',
  // the page names the amount and the customer from the grant's audit entry (worker/admin/promotions-data.ts grantNotice)
  'credit-granted': 'The store credit was granted.',
  published: 'Published: the page is live.',
  'draft-saved': 'Draft saved. The live page is unchanged until you publish.',
  'draft-discarded': 'The draft was discarded: the editor shows the live page.',
  'page-created': 'The page was created, hidden from the store. Write it, save a draft, preview it, then publish it.',
  unpublished: 'Unpublished: the page is hidden from the store.',
  purged: 'Every cached storefront page will be built afresh.',
  imported: 'The import was applied.',
  'product-created': 'The product was created. Add its pictures below; a colour’s pictures are shown when a shopper picks that colour.',
  'product-deleted': 'The product was deleted.',
  'size-added': 'The size was added: the store offers it now, in its size picker and the size filter.',
  'image-added': 'The picture was added in all three sizes.',
  'image-removed': 'The picture was removed.',
  'import-started': 'The import is being applied in the background. This page shows its progress.',
  'import-resumed': 'The import is being applied again from the rows not yet done.',
  blocked: 'The account is blocked: its sessions have ended and it cannot log in.',
  unblocked: 'The account can log in again.',
  'role-granted': 'The account is now an admin: it can log in to the console.',
  'role-revoked': 'The admin role was taken away: the account can no longer open the console.',
  'not-yourself': 'You cannot block your own account.',
  'reset-sent': 'A password-reset link is queued to be emailed to the customer.',
  'reset-failed': 'The reset link could not be sent. Please try again.',
  'return-approved': 'The return is approved: the email with the return address and instructions is queued.',
  'return-received': 'The goods are recorded as received; the customer’s email is queued. Refund the return to close it.',
  'return-refunded': 'The return is refunded and closed: the units marked for it are back in stock, the customer’s email is queued.',
  'return-declined': 'The return is declined; the email telling the customer why is queued.',
  'synonym-added': 'The synonym was added: the next search uses it.',
  'synonym-removed': 'The synonym was removed: the next search goes without it.',
  'logo-saved': 'The logo was uploaded: the store shows it within a minute.',
  'logo-removed': 'The logo was removed: the store shows its name and mark again.',
  'settings-saved': 'The settings are saved: the store and its emails show them within a minute.',
  unchanged: 'Nothing was changed: the settings were already as sent.',
  'mail-resent': 'The email is queued to be sent again. It is listed under ‘Sent again’ until it is sent; if it fails again, it comes back to this list.',
  'too-many': 'Too many reset links were sent from here just now. Please try again in a minute.',
}

/** After issuing a card to an email: the code is emailed, not yet sent. */
export const issuedToNotice = (email: string) => `The gift card was issued; the email with its code and amount is queued for ${email}.`

export const noticeText = (key: string | undefined) => (key ? NOTICES[key] : undefined)
