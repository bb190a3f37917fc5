import { useState } from 'react'
import { useActionData, useNavigate, useSearchParams, type ActionFunctionArgs } from 'react-router'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { useLocalPath } from '../components/local-link.tsx'
import { loaderApi } from '../api/loader-api.ts'
import { ForgotPasswordForm, LoginForm, SignupForm, type AuthFailure } from '../features/auth/auth-modals.tsx'
import { authAction, safeBack } from '../features/auth/auth-action.ts'

/** Log in, join, forgotten password and log out, posted without JavaScript (features/auth/auth-action.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  return authAction(request, loaderApi(context))
}

const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:p-8'

/**
 * /Login: the club pitch with the real login and join forms side by side, and the forgotten-password form. They are
 * the modals' forms: with JavaScript they call the API from the browser, without it they post to this page.
 */
export function Component() {
  const { t } = useT()
  const failure = useActionData<AuthFailure>()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const local = useLocalPath()
  // only one of our own paths: a link's `?back=//elsewhere` (or `https:…`) is dropped, and the login goes to the account
  const back = safeBack(params.get('back')) ?? failure?.values.back ?? undefined
  const [sentTo, setSentTo] = useState<string | null>(failure?.intent === 'forgot-sent' ? (failure.values.email ?? '') : null)
  const notice = params.has('loggedOut') ? t('shop.loggedOut') : params.has('reset') ? t('shop.resetDone') : params.has('accountDeleted') ? t('shop.accountDeleted') : null
  return (
    <section className="mx-auto max-w-5xl py-6" data-testid="login-page">
      <PageTitle title={t('pages.login')} />
      <h1 className="text-3xl font-bold">{t('pages.login')}</h1>
      <p className="mt-2 text-neutral-700">{t('auth.clubPitch')}</p>
      {notice ? (
        <p className="mt-4 rounded-md bg-success-50 px-3 py-2 text-success-800" role="status">
          {notice}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className={card}>
          <h2 className="mb-4 text-xl font-bold">{t('shop.loginTitle')}</h2>
          <LoginForm page back={back} failure={failure} onDone={() => navigate(back ?? local('/my-account'))} />
          <details className="mt-6" open={failure?.intent === 'forgot' || failure?.intent === 'forgot-sent'}>
            <summary className="cursor-pointer py-2.5 font-semibold text-primary-700 underline">{t('auth.forgotPassword')}</summary>
            <div className="mt-4">
              {sentTo !== null ? (
                <p role="status" data-testid="forgot-sent">
                  {t('auth.thankYou', { email: sentTo })}
                </p>
              ) : (
                <ForgotPasswordForm failure={failure} onSent={setSentTo} />
              )}
            </div>
          </details>
        </div>
        <div className={card}>
          <h2 className="mb-4 text-xl font-bold">{t('shop.signupTitle')}</h2>
          <SignupForm failure={failure} onDone={() => navigate(local('/'))} />
        </div>
      </div>
    </section>
  )
}
