import { data, Form, useActionData, useNavigation } from 'react-router'
import { ApiError, errorMessage, rateLimitedInit, type StorefrontApi } from '../../api/storefront-api.ts'
import { createTranslator, useT } from '../../i18n/index.tsx'
import { localeOf } from '../../routes/route-helpers.ts'
import { buttonClass } from '../../components/ui/button.tsx'
import { Field } from '../../forms/field.tsx'
import { localizeApiError } from '../../i18n/api-errors.ts'

/** The balance check's answer: the balance, or why not (the code stays in the field). */
export interface BalanceAnswer {
  balanceCheck: true
  code: string
  balance?: string
  error?: string
}

/** /GiftCards 'Check balance' (a form post; the lookup is rate limited per client like redeeming a code). */
export async function balanceAction(request: Request, form: FormData, api: StorefrontApi) {
  const t = createTranslator(localeOf(request))
  const code = String(form.get('code') ?? '').trim().slice(0, 40)
  if (!code) return data<BalanceAnswer>({ balanceCheck: true, code, error: t('validation.required') }, { status: 422 })
  try {
    return { balanceCheck: true as const, code, balance: (await api.checkGiftCardBalance(code)).balance }
  } catch (error) {
    const limited = rateLimitedInit(error)
    if (limited) return data<BalanceAnswer>({ balanceCheck: true, code, error: errorMessage(error) }, limited)
    if (error instanceof ApiError && error.status < 500) return data<BalanceAnswer>({ balanceCheck: true, code, error: localizeApiError(error, t) }, { status: 422 })
    throw error
  }
}

export function BalanceCheck() {
  const { t } = useT()
  const answer = useActionData() as BalanceAnswer | undefined
  const mine = answer?.balanceCheck ? answer : undefined
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'balance'
  return (
    <Form method="post" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" data-testid="balance-check">
      <h2 className="mb-3 text-xl font-bold">{t('shop.checkBalance')}</h2>
      <input type="hidden" name="intent" value="balance" />
      <Field
        name="code"
        label={t('shop.giftCardCode')}
        defaultValue={mine?.code ?? ''}
        errors={mine?.error ? [mine.error] : undefined}
        autoComplete="off"
        maxLength={40}
        beside={
          <button type="submit" disabled={busy} className={buttonClass('secondary', 'md')}>
            {t('shop.checkBalanceSubmit')}
          </button>
        }
      />
      {mine?.balance ? (
        <p className="mt-3 font-semibold text-success-800" role="status" data-testid="balance-result">
          {t('shop.balanceIs', { balance: mine.balance })}
        </p>
      ) : null}
    </Form>
  )
}
