import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { ErrorSummary, Notice, PageHeader, Panel, Table, TextArea, TextLink, cell, when, type FieldErrors, type FormValues } from './parts.tsx'

export interface CmsPageItem {
  id: number
  slug: string
  locale: string
  title: string
  content?: string | null
  type: string
  meta_title?: string | null
  meta_description?: string | null
  visible: number
  updated_at: string
}

export interface CmsSectionItem {
  id: number
  name: string
  type: string
  position: number
  content: string
  settings: string
  link: string | null
}

/** Where the page lives in the store, in its language. */
export const livePath = (p: { slug: string; locale: string; type: string }) => `${p.locale === 'de' ? '/de' : ''}${p.type === 'homepage' ? '/' : `/${p.slug}`}`

export function ContentPage({ pages, notice }: { pages: CmsPageItem[]; notice?: string }) {
  return (
    <>
      <PageHeader title="Content">
        <form method="post" action="/admin/content/purge">
          <Button type="submit" variant="secondary" size="sm">
            Refresh every cached storefront page
          </Button>
        </form>
      </PageHeader>
      {notice ? <Notice>{notice}</Notice> : null}
      <Table caption="CMS pages" head={['Page', 'Language', 'Kind', 'State', 'Changed']}>
        {pages.map((p) => (
          <tr key={p.id}>
            <td className={cell}>
              <TextLink href={`/admin/content/${p.id}`}>{p.title}</TextLink>
              <span className="block text-neutral-700">{livePath(p)}</span>
            </td>
            <td className={cell}>{p.locale === 'de' ? 'German' : 'English'}</td>
            <td className={cell}>{p.type}</td>
            <td className={cell}>{p.visible ? <Badge tone="club">Published</Badge> : <Badge tone="soldOut">Hidden</Badge>}</td>
            <td className={cell}>{when(p.updated_at)}</td>
          </tr>
        ))}
      </Table>
    </>
  )
}

export function CmsPageEditor({ page, sections, notice, error, form, errors, values }: { page: CmsPageItem; sections: CmsSectionItem[]; notice?: string; error?: string; form?: string; errors?: FieldErrors; values?: FormValues }) {
  const mine = (name: string) => form === name
  const v = (name: string, key: string, fallback: string) => (mine(name) ? (values?.[key] ?? '') : fallback)
  const e = (name: string, key: string) => (mine(name) ? errors?.[key] : undefined)
  const action = `/admin/content/${page.id}`
  return (
    <>
      <PageHeader title={page.title}>
        <TextLink href={livePath(page)}>{page.visible ? 'See the live page' : 'The page is hidden'}</TextLink>
        <form method="post" action={`${action}/${page.visible ? 'unpublish' : 'publish'}`}>
          <Button type="submit" variant={page.visible ? 'danger' : 'primary'} size="sm">
            {page.visible ? 'Unpublish' : 'Publish'}
          </Button>
        </form>
      </PageHeader>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ErrorSummary errors={errors} />
      <p className="mb-4 text-sm">{`${page.locale === 'de' ? 'German' : 'English'} ${page.type} page at ${livePath(page)}. Saving makes the store show the change at once.`}</p>
      <Panel title="Page">
        <form method="post" action={action} className="grid gap-4" aria-label="Page">
          <Input id="title" name="title" label="Title" required defaultValue={v('page', 'title', page.title)} error={e('page', 'title')} />
          <TextArea id="content" name="content" label="Text (HTML: p, h2, ul, a, strong …)" rows={10} defaultValue={v('page', 'content', page.content ?? '')} error={e('page', 'content')} />
          <Input id="meta_title" name="meta_title" label="Title for search engines" defaultValue={v('page', 'meta_title', page.meta_title ?? '')} error={e('page', 'meta_title')} />
          <Input id="meta_description" name="meta_description" label="Description for search engines" defaultValue={v('page', 'meta_description', page.meta_description ?? '')} error={e('page', 'meta_description')} />
          <div>
            <Button type="submit">Save the page</Button>
          </div>
        </form>
      </Panel>
      {sections.map((s) => {
        const name = `section-${s.id}`
        return (
          <Panel key={s.id} title={`Section: ${s.name} (${s.type.replace(/_/g, ' ')})`}>
            <form method="post" action={`${action}/sections/${s.id}`} className="grid gap-4 lg:grid-cols-2" aria-label={`Section ${s.name}`}>
              <Input id={`${name}-name`} name="name" label="Name" defaultValue={v(name, 'name', s.name)} error={e(name, 'name')} />
              <Input id={`${name}-position`} name="position" label="Position on the page" inputMode="numeric" defaultValue={v(name, 'position', String(s.position))} error={e(name, 'position')} />
              <Input id={`${name}-link`} name="link" label="Link" defaultValue={v(name, 'link', s.link ?? '')} error={e(name, 'link')} frameClassName="lg:col-span-2" />
              <TextArea id={`${name}-content`} name="content" label="Content (JSON)" rows={6} defaultValue={v(name, 'content', s.content)} error={e(name, 'content')} />
              <TextArea id={`${name}-settings`} name="settings" label="Settings (JSON)" rows={6} defaultValue={v(name, 'settings', s.settings)} error={e(name, 'settings')} />
              <div>
                <Button type="submit" variant="secondary">
                  Save <span className="sr-only">{s.name}</span>
                </Button>
              </div>
            </form>
          </Panel>
        )
      })}
    </>
  )
}
