import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { get } from './helpers.ts'
import { auditOf, operator } from './admin-helpers.ts'

async function cmsPage(slug: string) {
  const row = await env.DB.prepare("INSERT INTO cms_pages (slug, locale, title, content, type, visible, updated_at) VALUES (?, 'en', 'Summer news', '<p>Old words</p>', 'standard', 1, '2026-01-01T00:00:00Z') RETURNING id")
    .bind(slug)
    .first<{ id: number }>()
  const section = await env.DB.prepare("INSERT INTO cms_sections (cms_page_id, name, type, position, content) VALUES (?, 'Intro', 'rich_text_content', 1, '{\"body\":\"<p>Hi</p>\"}') RETURNING id").bind(row!.id).first<{ id: number }>()
  return { id: row!.id, sectionId: section!.id }
}
const live = async (path: string) => {
  const res = await get(path)
  return { status: res.status, body: await res.text() }
}

describe('content in the console', () => {
  it('edits a CMS page and the live page shows it at once (its cached copy is dropped); unpublishing hides it', async () => {
    const { b } = await operator()
    const slug = `news-${crypto.randomUUID().slice(0, 6)}`
    const page = await cmsPage(slug)
    expect((await live(`/${slug}`)).body).toContain('Old words')

    const bad = await b.post(`/admin/content/${page.id}`, { title: '', content: '' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('The title is required.')
    expect((await b.post(`/admin/content/${page.id}`, { title: 'Summer news', content: '<p>Fresh words</p>', meta_title: '', meta_description: '' })).status).toBe(303)
    expect((await live(`/${slug}`)).body).toContain('Fresh words')

    const badSection = await b.post(`/admin/content/${page.id}/sections/${page.sectionId}`, { name: 'Intro', position: '1', link: '', content: '{not json', settings: '{}' })
    expect(badSection.status).toBe(422)
    expect(badSection.body).toContain('Content must be a JSON object')

    expect((await b.post(`/admin/content/${page.id}/unpublish`, {})).status).toBe(303)
    expect((await live(`/${slug}`)).body).not.toContain('Fresh words')
    expect((await b.post(`/admin/content/${page.id}/publish`, {})).status).toBe(303)
    expect((await live(`/${slug}`)).body).toContain('Fresh words')

    expect((await auditOf('cms_page.update'))[0]).toMatchObject({ subject_id: `en/${slug}`, before: { content: '<p>Old words</p>' }, after: { content: '<p>Fresh words</p>' } })
    expect((await auditOf('cms_page.unpublish'))[0]).toMatchObject({ before: { visible: true }, after: { visible: false } })
    const log = await b.get('/admin/audit?action=cms_page.update')
    expect(log.body).toContain(`en/${slug}`)
    expect(log.body).toContain('Fresh words')
  })

  it('purges every cached menu, category tree and page', async () => {
    const { b } = await operator()
    await env.CACHE.put('v2:menu:en:header', JSON.stringify({ value: [], storedAt: Date.now() }))
    expect((await b.post('/admin/content/purge', {})).status).toBe(303)
    expect(await env.CACHE.get('v2:menu:en:header')).toBeNull()
    expect((await auditOf('cache.purge')).length).toBe(1)
  })
})
