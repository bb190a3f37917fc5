import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Panel } from './parts.tsx'

/**
 * Console access of one account: an admin makes another account an admin or takes the role away, re-entering their
 * own password. The store always keeps one admin (the server refuses to remove the last).
 */
export function RolePanel({ user, self, errors }: { user: { id: number; role: string }; self: boolean; errors?: Record<string, string | undefined> }) {
  const admin = user.role === 'admin'
  const refusal = errors?.form ?? errors?.role
  return (
    <Panel title="Console access">
      <p className="mb-3 text-sm">
        {admin ? 'This account is an admin: it can log in to the console and change anything in the store.' : 'This account cannot open the console.'}
        {self ? ' This is your own account.' : ''}
      </p>
      {refusal ? (
        <p role="alert" className="mb-3 text-sm font-semibold text-danger-700">
          {refusal}
        </p>
      ) : null}
      <form method="post" action={`/admin/customers/${user.id}/role`} className="flex flex-wrap items-end gap-3" aria-label="Console access">
        <input type="hidden" name="role" value={admin ? 'customer' : 'admin'} />
        <Input id="role-password" name="password" type="password" autoComplete="current-password" label="Your password, to confirm" error={errors?.password} frameClassName="w-full max-w-xs" />
        <Button type="submit" variant={admin ? 'danger' : 'primary'}>
          {admin ? 'Take the admin role away' : 'Make this account an admin'}
        </Button>
      </form>
    </Panel>
  )
}
