import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { RolePanel } from './role-panel.tsx'
import { Notice, PageHeader, Pager, Panel, Table, TextLink, cell, money, when } from './parts.tsx'

export interface CustomerItem {
  id: number
  email: string
  first_name: string
  last_name: string
  role: string
  blocked_at: string | null
  created_at: string
  orders: number
}

const state = (c: CustomerItem) => (c.blocked_at ? <Badge tone="sale">Blocked</Badge> : c.role === 'admin' ? <Badge tone="new">Admin</Badge> : <Badge tone="club">Club member</Badge>)

export function CustomersPage(props: { customers: CustomerItem[]; total: number; page: number; pageSize: number; q: string }) {
  return (
    <>
      <PageHeader title="Customers" />
      <form method="get" action="/admin/customers" className="mb-6 flex flex-wrap items-end gap-3" aria-label="Find a customer">
        <Input id="q" name="q" label="Email or name" defaultValue={props.q} frameClassName="w-full max-w-md" />
        <Button type="submit">Find</Button>
      </form>
      <Table caption="Customers" head={['Customer', 'Email', 'Orders', 'Joined', 'State']}>
        {props.customers.map((c) => (
          <tr key={c.id}>
            <td className={cell}>
              <TextLink href={`/admin/customers/${c.id}`}>{`${c.first_name} ${c.last_name}`}</TextLink>
            </td>
            <td className={cell}>{c.email}</td>
            <td className={cell}>{c.orders}</td>
            <td className={cell}>{when(c.created_at)}</td>
            <td className={cell}>{state(c)}</td>
          </tr>
        ))}
      </Table>
      <Pager page={props.page} total={props.total} pageSize={props.pageSize} href={(p) => `/admin/customers?${new URLSearchParams({ q: props.q, page: String(p) })}`} />
    </>
  )
}

export function CustomerPage(props: {
  customer: CustomerItem
  orders: Array<{ number: string; currency: string; total_cents: number; completed_at: string; canceled_at: string | null }>
  addresses: Array<{ id: number; firstname: string; lastname: string; address1: string; city: string; zipcode: string; state_name: string; country_iso: string; is_default: number }>
  credits: Array<{ currency: string; balance_cents: number }>
  notice?: string
  /** Why a block or unblock was refused. */
  error?: string
  /** The signed-in operator's id (their own account says so) and the refused role form's messages. */
  operatorId?: number
  roleErrors?: Record<string, string | undefined>
}) {
  const { customer } = props
  return (
    <>
      <PageHeader title={`${customer.first_name} ${customer.last_name}`}>{state(customer)}</PageHeader>
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      {props.error ? <Notice tone="error">{props.error}</Notice> : null}
      <p className="mb-4">{`${customer.email} · joined ${when(customer.created_at)} · store credit ${props.credits.map((c) => money(c.balance_cents, c.currency)).join(', ') || 'none'}`}</p>
      <div className="mb-6 flex flex-wrap gap-3">
        <form method="post" action={`/admin/customers/${customer.id}/${customer.blocked_at ? 'unblock' : 'block'}`}>
          <Button type="submit" variant={customer.blocked_at ? 'secondary' : 'danger'}>
            {customer.blocked_at ? 'Unblock the account' : 'Block the account'}
          </Button>
        </form>
        <form method="post" action={`/admin/customers/${customer.id}/reset`}>
          <Button type="submit" variant="secondary">
            Email a password-reset link
          </Button>
        </form>
      </div>
      <RolePanel user={customer} self={customer.id === props.operatorId} errors={props.roleErrors} />
      <Panel title="Orders">
        <Table caption="Orders" head={['Order', 'Placed', 'Total']}>
          {props.orders.map((o) => (
            <tr key={o.number}>
              <td className={cell}>
                <TextLink href={`/admin/orders/${o.number}`}>{o.number}</TextLink>
                {o.canceled_at ? ' (cancelled)' : ''}
              </td>
              <td className={cell}>{when(o.completed_at)}</td>
              <td className={`${cell} tabular-nums`}>{money(o.total_cents, o.currency)}</td>
            </tr>
          ))}
        </Table>
      </Panel>
      <Panel title="Addresses">
        {props.addresses.length === 0 ? <p className="text-sm">No saved addresses: the addresses of an order are on the order.</p> : null}
        <ul className="space-y-2 text-sm">
          {props.addresses.map((a) => (
            <li key={a.id}>{`${a.firstname} ${a.lastname}, ${a.address1}, ${a.city} ${a.state_name} ${a.zipcode} ${a.country_iso}${a.is_default ? ' (default)' : ''}`}</li>
          ))}
        </ul>
      </Panel>
    </>
  )
}
