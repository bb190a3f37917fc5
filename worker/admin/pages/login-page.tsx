import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Notice, type FieldErrors, type FormValues } from './parts.tsx'

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto mt-16 max-w-sm px-4">
      {children}
    </main>
  )
}

/** /admin/login: email and password, nothing else. No hint of which of the two was wrong. */
export function LoginPage({ error, errors, values, notice }: { error?: string; errors?: FieldErrors; values?: FormValues; notice?: string }) {
  return (
    <Centered>
      <h1 className="mb-6 text-2xl font-bold">Console log in</h1>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <form method="post" action="/admin/login" className="space-y-4 rounded-md border border-neutral-200 bg-white p-6" noValidate>
        <Input id="email" name="email" type="email" label="Email" autoComplete="username" required defaultValue={values?.email ?? ''} error={errors?.email} />
        <Input id="password" name="password" type="password" label="Password" autoComplete="current-password" required error={errors?.password} />
        <Button type="submit" block>
          Log in
        </Button>
      </form>
    </Centered>
  )
}

/** /admin/setup?token=…: the first admin of a deployed store chooses a password with the one-time link. */
export function SetupPage({ token, error, errors }: { token: string; error?: string; errors?: FieldErrors }) {
  return (
    <Centered>
      <h1 className="mb-6 text-2xl font-bold">Choose your console password</h1>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <form method="post" action="/admin/setup" className="space-y-4 rounded-md border border-neutral-200 bg-white p-6" noValidate>
        <input type="hidden" name="token" value={token} />
        <Input id="password" name="password" type="password" label="New password" hint="At least 12 characters." autoComplete="new-password" required error={errors?.password} />
        <Input id="confirmation" name="confirmation" type="password" label="Repeat the password" autoComplete="new-password" required error={errors?.confirmation} />
        <Button type="submit" block>
          Set password
        </Button>
      </form>
    </Centered>
  )
}

/** With COMMERCE_URL set the shop is run from the remote Spree's own admin; this console has nothing to manage. */
export function RemoteCommercePage({ adminUrl }: { adminUrl: string }) {
  return (
    <Centered>
      <h1 className="mb-4 text-2xl font-bold">Use the Spree admin</h1>
      <p className="text-base">
        This store runs on a remote Spree (COMMERCE_URL). Orders, the catalogue, promotions and content are managed in its own admin:{' '}
        <a className="font-semibold text-primary-700 underline" href={adminUrl}>
          {adminUrl}
        </a>
        .
      </p>
    </Centered>
  )
}
