import { useState, type FormEvent } from 'react'
import { Form, useNavigate } from 'react-router'
import { useSetAtom } from 'jotai'
import type { User } from '#kernel/models.ts'
import { ApiError, errorMessage } from '../../api/storefront-api.ts'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { formatMoney } from '#kernel/format.ts'
import { buttonClass } from '../../components/ui/button.tsx'
import { useLocalPath } from '../../components/local-link.tsx'
import { resetSessionAtom } from '../../state/session/atoms.ts'
import { Field, FormStatus, useFormResult } from './fields.tsx'
import { msg, refusalMsg, type Msg } from './messages.ts'

/** Where a deleted member lands: the login page, saying so (also the no-JS action's redirect). */
export const ACCOUNT_DELETED_PATH = '/Login?accountDeleted=1'

/**
 * The account's privacy section (docs/account.md): download everything the store holds about the member as a JSON
 * file (a plain link: works without JavaScript), and delete the account after typing the password again. Without
 * JavaScript the form posts to the account page's action; with it the API is called and the session state cleared,
 * as logging out does.
 */
export function PrivacySettings({ user }: { user: User }) {
  const { t, locale } = useT()
  const api = useApi()
  const navigate = useNavigate()
  const local = useLocalPath()
  const reset = useSetAtom(resetSessionAtom)
  const result = useFormResult(['delete-account'])
  const [error, setError] = useState<Msg | undefined>(result?.errors?.deletePassword)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const password = String(new FormData(event.currentTarget).get('deletePassword') ?? '')
    if (!password) return setError(msg('validation.required'))
    setBusy(true)
    try {
      await api.deleteAccount(password)
      reset()
      navigate(local(ACCOUNT_DELETED_PATH))
    } catch (err) {
      setError(err instanceof ApiError && err.errors?.password ? msg('account.deletePasswordWrong') : err instanceof ApiError ? refusalMsg(err) : { text: errorMessage(err) })
      setBusy(false)
    }
  }

  return (
    <div className="max-w-2xl space-y-10">
      <section className="space-y-3" aria-labelledby="privacy-export">
        <h2 id="privacy-export" className="text-xl font-semibold">
          {t('account.exportTitle')}
        </h2>
        <p className="text-neutral-700">{t('account.exportText')}</p>
        <a href="/api/account/export" download className={buttonClass('secondary')} data-testid="export-data">
          {t('account.exportButton')}
        </a>
      </section>

      <section className="space-y-4 rounded-xl border border-danger-200 bg-danger-50/40 p-5" aria-labelledby="privacy-delete">
        <h2 id="privacy-delete" className="text-xl font-semibold text-danger-800">
          {t('account.deleteTitle')}
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-neutral-800">
          <li>{t('account.deleteOrders')}</li>
          <li>{t('account.deleteRemoved')}</li>
          <li>{t('account.deleteSessions')}</li>
          {user.storeCredits > 0 ? <li className="font-semibold">{t('account.deleteCredit', { amount: formatMoney(user.storeCredits, 'AUD', locale) })}</li> : null}
        </ul>
        <Form method="post" noValidate onSubmit={submit} className="max-w-sm space-y-4" data-testid="delete-account-form">
          <input type="hidden" name="intent" value="delete-account" />
          <Field form="delete" name="deletePassword" type="password" label={t('account.deletePassword')} error={error} autoComplete="current-password" />
          <FormStatus result={result?.errors ? undefined : result} />
          <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClass('danger')}>
            {t('account.deleteButton')}
          </button>
        </Form>
      </section>
    </div>
  )
}
