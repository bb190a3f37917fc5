import type { StorefrontApi } from '../../api/storefront-api.ts'
import { ApiError } from '../../api/storefront-api.ts'
import { fromApiError, msg, type AccountActionResult, type FieldErrors } from './messages.ts'
import type { Translate } from '../../i18n/index.tsx'
import { hasErrors, validatePassword, validateProfile } from './validation.ts'
import { addressFromForm, validateAddress } from '../../forms/address-validation.ts'
import { shippingCountries } from '../../forms/countries.ts'
import { stockAlertOperations } from '../../api/stock-alert-api.ts'

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
const pick = (form: FormData, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, text(form, name)]))

/** What was typed into an address form, as the form shows it again (the state without its country: `VIC`). */
const addressValues = (form: FormData): Record<string, string> =>
  Object.fromEntries(Object.entries(addressFromForm(form)).map(([field, value]) => [field, value ?? '']))

/** The backend's verdict on the current password, in the shopper's language: missing or not correct. */
function withCurrentPasswordMessage(result: AccountActionResult, typed: string): AccountActionResult {
  if (!result.errors?.currentPassword) return result
  const currentPassword = msg(typed ? 'account.currentPasswordWrong' : 'account.currentPasswordForEmail')
  return { ...result, errors: { ...result.errors, currentPassword } }
}

/**
 * One intent of an account form post → the StorefrontApi call; validation first, so bad input changes nothing.
 * Addresses follow checkout's rules for the same destinations (its messages come translated, hence `t`).
 */
export async function runAccountIntent(api: StorefrontApi, form: FormData, t: Translate): Promise<AccountActionResult> {
  const intent = text(form, 'intent')
  const id = text(form, 'id') || undefined
  try {
    switch (intent) {
      case 'profile': {
        const values = pick(form, ['firstName', 'lastName', 'email'])
        const currentPassword = text(form, 'currentPassword')
        const errors = validateProfile(values)
        const user = await api.getCurrentUser()
        // a new email needs the current password: a stolen session alone must not move the account to another mailbox
        if (!currentPassword && user && values.email!.trim().toLowerCase() !== user.email.toLowerCase()) errors.currentPassword = msg('account.currentPasswordForEmail')
        if (hasErrors(errors)) return { intent, ok: false, errors, values }
        try {
          await api.updateCurrentUser({ firstName: values.firstName!.trim(), lastName: values.lastName!.trim(), email: values.email!.trim(), currentPassword: currentPassword || undefined })
        } catch (error) {
          return { ...withCurrentPasswordMessage(fromApiError(error, intent), currentPassword), values }
        }
        return { intent, ok: true, message: msg('account.profileUpdated') }
      }
      case 'password': {
        const errors = validatePassword(pick(form, ['currentPassword', 'newPassword', 'confirmation']))
        if (hasErrors(errors)) return { intent, ok: false, errors, message: msg('account.passwordFailed') }
        try {
          await api.changePassword(text(form, 'currentPassword'), text(form, 'newPassword'))
        } catch (error) {
          return withCurrentPasswordMessage(fromApiError(error, intent, msg('account.passwordFailed')), text(form, 'currentPassword'))
        }
        return { intent, ok: true, message: msg('account.passwordChanged') }
      }
      case 'add-address':
      case 'update-address': {
        const address = addressFromForm(form)
        const values = addressValues(form)
        const refused = validateAddress(address, t, await shippingCountries(api))
        const errors: FieldErrors = Object.fromEntries(Object.entries(refused).map(([field, messages]) => [field, { text: messages.join(' ') }]))
        if (hasErrors(errors)) return { intent, id, ok: false, errors, values, status: 422 }
        if (intent === 'add-address') {
          await api.addAddress({ ...address, isDefault: form.get('isDefault') === 'on' })
          return { intent, ok: true, message: msg('account.addressAdded') }
        }
        const current = (await api.getAddresses()).find((a) => a._id === id)
        if (!current) return { intent, id, ok: false, message: msg('account.failed'), values }
        await api.updateAddress({ ...current, ...address })
        return { intent, id, ok: true, message: msg('account.addressUpdated') }
      }
      case 'default-address': {
        const current = (await api.getAddresses()).find((a) => a._id === id)
        if (!current) return { intent, id, ok: false, message: msg('account.failed') }
        await api.updateAddress({ ...current, isDefault: true })
        return { intent, id, ok: true, message: msg('account.defaultChanged') }
      }
      case 'delete-address':
        if (!id) return { intent, ok: false, message: msg('account.failed') }
        await api.deleteAddress(id)
        return { intent, id, ok: true, message: msg('account.addressDeleted') }
      case 'subscribe':
      case 'unsubscribe': {
        const user = await api.getCurrentUser()
        if (!user) return { intent, ok: false, message: msg('account.failed') }
        await (intent === 'subscribe' ? api.subscribeNewsletter(user.email) : api.unsubscribeNewsletter(user.email))
        return { intent, ok: true, message: msg(intent === 'subscribe' ? 'account.subscribed' : 'account.unsubscribed') }
      }
      case 'price-drops-on':
      case 'price-drops-off':
        await stockAlertOperations(api).setPriceDropEmails(intent === 'price-drops-on')
        return { intent, ok: true, message: msg(intent === 'price-drops-on' ? 'stockAlert.priceDropsOnDone' : 'stockAlert.priceDropsOffDone') }
      case 'request-return': {
        const values = pick(form, ['reason', 'comment'])
        const items = [...form.keys()].filter((k) => k.startsWith('qty-')).map((k) => ({ lineItemId: k.slice(4), quantity: Number(text(form, k) || '0') }))
        const errors: FieldErrors = {}
        if (!values.reason) errors.reason = msg('returns.chooseReason')
        if (!items.some((i) => Number.isInteger(i.quantity) && i.quantity > 0)) errors.items = msg('returns.chooseItems')
        if (items.some((i) => !Number.isInteger(i.quantity) || i.quantity < 0)) errors.items = msg('returns.wholeNumber')
        if (hasErrors(errors)) return { intent, ok: false, errors, values, status: 422 }
        try {
          await api.requestReturn(text(form, 'order'), { reason: values.reason!, comment: values.comment!.trim() || null, items })
        } catch (error) {
          return { ...fromApiError(error, intent), values, status: error instanceof ApiError ? error.status : 422 }
        }
        return { intent, ok: true, message: msg('returns.requested') }
      }
      case 'delete-account': {
        const password = text(form, 'deletePassword')
        if (!password) return { intent, ok: false, errors: { deletePassword: msg('validation.required') }, status: 422 }
        try {
          await api.deleteAccount(password)
        } catch (error) {
          const result = fromApiError(error, intent)
          const status = error instanceof ApiError ? error.status : 422
          return result.errors?.newPassword ? { intent, ok: false, errors: { deletePassword: msg('account.deletePasswordWrong') }, status } : { ...result, status }
        }
        return { intent, ok: true }
      }
      default:
        return { intent, ok: false, message: msg('account.failed') }
    }
  } catch (error) {
    // the store's own status (an address that is not the shopper's is a 404, a store that does not answer a 503)
    const status = error instanceof ApiError && error.status >= 400 ? error.status : 422
    return { ...fromApiError(error, intent), status, id, values: intent === 'profile' ? pick(form, ['firstName', 'lastName', 'email']) : intent.endsWith('-address') ? addressValues(form) : undefined }
  }
}
