import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useSetAtom } from 'jotai'
import { useAtom, useAtomValue } from '../../state/use-atom.ts'
import { useNavigate } from 'react-router'
import { ApiError, errorMessage } from '../../api/storefront-api.ts'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { localizeApiError } from '../../i18n/api-errors.ts'
import { Dialog } from '../../components/ui/dialog.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { focusRing } from '../../components/ui/cx.ts'
import { useLocalPath } from '../../components/local-link.tsx'
import { useReloadSession } from '../../state/session/use-reload-session.ts'
import { closePanelAtom, forgotPasswordModalOpenAtom, loginModalOpenAtom, loginScreenAtom, resetEmailAtom, signupModalOpenAtom, switchToLoginAtom, switchToSignupAtom } from '../../state/ui.ts'
import { SIGNUP_API_FIELDS, signupErrors, validateEmail, validateRequired } from '../../forms/validation.ts'
import { apiFieldErrors } from '../../api/field-errors.ts'
import { useEmailVerification } from './use-email-verification.ts'
import type { EmailCheckStatus } from './email-verification-widget.ts'
import { CaptchaField, useCaptchaConfigured } from '../../forms/captcha/captcha-field.tsx'
import { captchaMessage } from '../../forms/captcha/captcha-error.ts'
import { notifyAtom } from '../../state/notifications.ts'
import { TOAST_TIMEOUT_MS } from '#kernel/config.ts'

/** Session storage marker of a guest checkout; cleared at login and signup (spec §4). */
export const GUEST_MARKER_KEY = 'guest-checkout'

const textLink = `min-h-9 rounded-sm font-semibold text-primary-700 underline underline-offset-2 hover:text-primary-800 ${focusRing}`

export function Field(props: { id: string; label: string; type?: string; value: string; onChange: (value: string) => void; error?: string | null; autoComplete?: string }) {
  return (
    <Input
      id={props.id}
      name={props.id}
      label={props.label}
      type={props.type ?? 'text'}
      value={props.value}
      autoComplete={props.autoComplete}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error ?? undefined}
      frameClassName="mb-4"
    />
  )
}

function Submit({ children, busy, disabled }: { children: ReactNode; busy: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" size="lg" block loading={busy} disabled={disabled} className="mt-2">
      {children}
    </Button>
  )
}

/** What the /Login page's action answered a refused form without JavaScript (features/auth/auth-action.ts). */
export interface AuthFailure {
  intent: string
  errors: Record<string, string | null>
  values: Record<string, string>
}

/**
 * The login form: a real form posted to /Login (works without JavaScript); with JavaScript it logs in through the API
 * and `onDone` closes the modal or leaves the page. `back` is where the page sends a shopper without JavaScript.
 */
export function LoginForm({ onDone, failure, back, page = false }: { onDone: () => void; failure?: AuthFailure; back?: string; page?: boolean }) {
  const { t } = useT()
  const api = useApi()
  const local = useLocalPath()
  const reload = useReloadSession()
  const setScreen = useSetAtom(loginScreenAtom)
  const toSignup = useSetAtom(switchToSignupAtom)
  const notify = useSetAtom(notifyAtom)
  const mine = failure?.intent === 'login' ? failure : undefined
  const [email, setEmail] = useState(mine?.values.email ?? '')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null; captcha?: string | null }>(mine?.errors ?? {})
  const [busy, setBusy] = useState(false)
  // asked for only after many wrong passwords for the account (the backend says so); shown from then on
  const [captchaShown, setCaptchaShown] = useState(Boolean(mine?.errors.captcha))
  const captchaToken = useRef('')
  const [captchaRound, setCaptchaRound] = useState(0)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const next = { email: validateEmail(email, t), password: validateRequired(password, t) }
    setErrors(next)
    if (next.email || next.password) return
    setBusy(true)
    try {
      const user = await api.logIn(email.trim(), password, captchaShown ? captchaToken.current || undefined : undefined)
      sessionStorage.removeItem(GUEST_MARKER_KEY)
      await reload()
      onDone()
      // the saved cart of an earlier visit joined the guest cart: said, so the cart never changes unseen (issue 42)
      if (user.savedItemsAdded) notify({ message: t('cart.savedItemsAdded', { count: user.savedItemsAdded }), type: 'info', timeout: TOAST_TIMEOUT_MS })
    } catch (error) {
      const captcha = captchaMessage(error, t)
      const message = error instanceof ApiError && error.message === 'invalid_grant' ? t('auth.invalidCredentials') : errorMessage(error)
      setErrors(captcha ? { captcha } : { password: message })
      if (captcha || captchaShown) {
        // an answer is good for one try: a fresh widget for the next
        setCaptchaShown(true)
        captchaToken.current = ''
        setCaptchaRound((n) => n + 1)
      }
    } finally {
      setBusy(false)
    }
  }
  return (
    <form method="post" action={local('/Login')} onSubmit={submit} noValidate data-testid="login-form">
      <input type="hidden" name="intent" value="login" />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      {page ? null : <p className="-mt-2 mb-5 rounded-md bg-club-50 px-3 py-2 text-sm text-club-800">{t('auth.clubPitch')}</p>}
      <Field id="login-email" label={t('auth.email')} type="email" value={email} onChange={setEmail} error={errors.email} autoComplete="email" />
      <Field id="login-password" label={t('auth.password')} type="password" value={password} onChange={setPassword} error={errors.password} autoComplete="current-password" />
      {captchaShown ? <CaptchaField key={captchaRound} onToken={(token) => (captchaToken.current = token)} error={errors.captcha} /> : null}
      <Submit busy={busy}>{t('auth.login')}</Submit>
      {page ? null : <div className="mt-4 flex justify-between gap-4 text-sm">
        <button type="button" className={textLink} onClick={() => setScreen('forgotten-password')}>
          {t('auth.forgotPassword')}
        </button>
        <button type="button" className={textLink} onClick={() => toSignup()}>
          {t('auth.joinClub')}
        </button>
      </div>}
    </form>
  )
}

export function ForgotPasswordForm({ onSent, failure }: { onSent: (email: string) => void; failure?: AuthFailure }) {
  const { t } = useT()
  const api = useApi()
  const local = useLocalPath()
  const mine = failure?.intent === 'forgot' ? failure : undefined
  const [email, setEmail] = useState(mine?.values.email ?? '')
  const [error, setError] = useState<string | null>(mine?.errors.email ?? null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const invalid = validateEmail(email, t)
    setError(invalid)
    if (invalid) return
    setBusy(true)
    try {
      await api.forgotPassword(email.trim())
      onSent(email.trim())
    } catch (err) {
      setError(err instanceof ApiError && err.status === 404 ? t('auth.noUser') : errorMessage(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form method="post" action={local('/Login')} onSubmit={submit} noValidate data-testid="forgot-form">
      <input type="hidden" name="intent" value="forgot" />
      <Field id="forgot-email" label={t('auth.email')} type="email" value={email} onChange={setEmail} error={error} autoComplete="email" />
      <Submit busy={busy}>{t('auth.resetSubmit')}</Submit>
    </form>
  )
}

export function LoginModal() {
  const { t } = useT()
  const open = useAtomValue(loginModalOpenAtom)
  const close = useSetAtom(closePanelAtom)
  const [screen, setScreen] = useAtom(loginScreenAtom)
  const [resetEmail, setResetEmail] = useAtom(resetEmailAtom)
  const title = screen === 'login' ? t('auth.loginTitle') : t('auth.forgotTitle')
  return (
    <Dialog open={open} onClose={() => close('login')} title={title} closeLabel={t('auth.close')} testId="login-modal">
      {screen === 'login' ? <LoginForm onDone={() => close('login')} /> : null}
      {screen === 'forgotten-password' ? (
        <ForgotPasswordForm
          onSent={(email) => {
            setResetEmail(email)
            setScreen('thank-you')
          }}
        />
      ) : null}
      {screen === 'thank-you' ? (
        <div>
          <p className="mb-4">{t('auth.thankYou', { email: resetEmail })}</p>
          <button type="button" className={textLink} onClick={() => setScreen('login')}>
            {t('auth.backToLogin')}
          </button>
        </div>
      ) : null}
    </Dialog>
  )
}

/** What the email check says under the address (spec §5 labels); nothing while it is off, idle or failed. */
function EmailCheckLabel({ status }: { status: EmailCheckStatus | 'off' }) {
  const { t } = useT()
  const text = status === 'loading' || status === 'checking' ? t('auth.emailChecking') : status === 'valid' ? t('auth.emailValid') : status === 'invalid' ? t('auth.emailInvalid') : ''
  const tone = status === 'valid' ? 'text-success-700' : status === 'invalid' ? 'text-danger-700' : 'text-neutral-600'
  // a failed widget is only logged: the form goes on as if there were none
  if (status === 'off' || status === 'failed') return null
  return (
    <p className={`-mt-3 mb-4 min-h-5 text-sm ${tone}`} role="status" aria-live="polite" data-testid="email-check" data-status={status}>
      {text}
    </p>
  )
}

/** The signup form: posted to /Login without JavaScript; with JavaScript it registers, logs in and `onDone` runs. */
export function SignupForm({ onDone, failure }: { onDone: () => void; failure?: AuthFailure }) {
  const { t } = useT()
  const api = useApi()
  const local = useLocalPath()
  const reload = useReloadSession()
  const toLogin = useSetAtom(switchToLoginAtom)
  const mine = failure?.intent === 'signup' ? failure : undefined
  const [form, setForm] = useState({ email: mine?.values.email ?? '', firstName: mine?.values.firstName ?? '', lastName: mine?.values.lastName ?? '', password: '' })
  const [errors, setErrors] = useState<Record<string, string | null>>(mine?.errors ?? {})
  const [busy, setBusy] = useState(false)
  // the widget's answer is read only when submitting: a ref, so a submit right after the answer (before React has
  // rendered the state update the widget's callback queued) still sees it
  const captchaToken = useRef('')
  const [captchaRound, setCaptchaRound] = useState(0)
  const needsCaptcha = useCaptchaConfigured()
  const emailCheck = useEmailVerification('signup-email', form.email)
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value })
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const next = { ...signupErrors(form, t), captcha: needsCaptcha && !captchaToken.current ? t('captcha.required') : null }
    setErrors(next)
    if (Object.values(next).some(Boolean)) return
    setBusy(true)
    try {
      await api.registerUser({ ...form, email: form.email.trim(), ...(needsCaptcha ? { captchaToken: captchaToken.current } : {}) })
      await api.logIn(form.email.trim(), form.password)
      sessionStorage.removeItem(GUEST_MARKER_KEY)
      await reload()
      onDone()
    } catch (error) {
      const captcha = captchaMessage(error, t)
      const fields = apiFieldErrors(error, SIGNUP_API_FIELDS, t)
      setErrors(captcha ? { captcha } : Object.keys(fields).length ? fields : { form: localizeApiError(error, t) })
      // the answer was spent on this attempt: a fresh widget for the next
      captchaToken.current = ''
      setCaptchaRound((n) => n + 1)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form method="post" action={local('/Login')} onSubmit={submit} noValidate data-testid="signup-form">
      <input type="hidden" name="intent" value="signup" />
      <Field id="signup-email" label={t('auth.email')} type="email" value={form.email} onChange={set('email')} error={errors.email} autoComplete="email" />
      <EmailCheckLabel status={emailCheck.status} />
      <Field id="signup-first-name" label={t('auth.firstName')} value={form.firstName} onChange={set('firstName')} error={errors.firstName} autoComplete="given-name" />
      <Field id="signup-last-name" label={t('auth.lastName')} value={form.lastName} onChange={set('lastName')} error={errors.lastName} autoComplete="family-name" />
      <Field id="signup-password" label={t('auth.password')} type="password" value={form.password} onChange={set('password')} error={errors.password} autoComplete="new-password" />
      <CaptchaField key={captchaRound} onToken={(token) => (captchaToken.current = token)} error={errors.captcha} />
      {errors.form ? <p className="mb-3 text-sm text-danger-700" role="alert">{errors.form}</p> : null}
      <Submit busy={busy} disabled={emailCheck.blocksSubmit}>
        {t('auth.signup')}
      </Submit>
      <p className="mt-4 text-sm text-neutral-700">
        {t('auth.haveAccount')}{' '}
        <button type="button" className={textLink} onClick={() => toLogin()}>
          {t('auth.login')}
        </button>
      </p>
    </form>
  )
}

export function SignupModal() {
  const { t } = useT()
  const navigate = useNavigate()
  const local = useLocalPath()
  const open = useAtomValue(signupModalOpenAtom)
  const close = useSetAtom(closePanelAtom)
  return (
    <Dialog open={open} onClose={() => close('signup')} title={t('auth.signupTitle')} closeLabel={t('auth.close')} testId="signup-modal">
      <SignupForm
        onDone={() => {
          close('signup')
          navigate(local('/'))
        }}
      />
    </Dialog>
  )
}

export function ForgotPasswordModal() {
  const { t } = useT()
  const open = useAtomValue(forgotPasswordModalOpenAtom)
  const close = useSetAtom(closePanelAtom)
  const [sentTo, setSentTo] = useState<string | null>(null)
  return (
    <Dialog open={open} onClose={() => close('forgot-password')} title={t('auth.forgotTitle')} closeLabel={t('auth.close')} testId="forgot-password-modal">
      {sentTo ? <p>{t('auth.thankYou', { email: sentTo })}</p> : <ForgotPasswordForm onSent={setSentTo} />}
    </Dialog>
  )
}
