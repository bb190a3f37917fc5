import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { AlreadySentNotice, ErrorSummary, FormToken, Notice, PageHeader, Panel, TextArea, type AlreadySent, type FieldErrors, type FormValues } from './parts.tsx'

export interface SettingsPageProps {
  values: FormValues
  logoUrl: string
  /** STORE_URL, when it is set: it wins over the field, and the page says so. */
  envUrl?: string
  notice?: string
  error?: string
  logoError?: string
  errors?: FieldErrors
  already?: AlreadySent
}

/**
 * The shop's facts in one form (issue 40 item 1): who sells (name, legal name, ABN, addresses, contact), where the
 * store lives (its URL, for every link in emails), its social links, default language and currency, and its short
 * description in English and German. The logo is its own form (a file upload). Works without JavaScript.
 */
export function SettingsPage({ values, logoUrl, envUrl, notice, error, logoError, errors, already }: SettingsPageProps) {
  const v = (key: string) => values[key] ?? ''
  const e = (key: string) => errors?.[key]
  const field = (name: string, label: string, extra: { type?: string; required?: boolean; hint?: string; autoComplete?: string } = {}) => (
    <Input id={name} name={name} label={label} defaultValue={v(name)} error={e(name)} {...extra} />
  )
  return (
    <>
      <PageHeader title="Settings" />
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <AlreadySentNotice already={already} />
      <ErrorSummary errors={errors} />
      <form method="post" action="/admin/settings" aria-label="Store settings" noValidate>
        <FormToken />
        <Panel title="The shop">
          <div className="grid gap-4 lg:grid-cols-2">
            {field('name', "Shop's name", { required: true, hint: 'Shown in the header, page titles and emails.' })}
            {field('legal_name', 'Legal name', { required: true, hint: 'On tax invoices and in the footer.' })}
            {field('abn', 'ABN', { hint: '11 digits, printed on tax invoices.' })}
            {field('support_email', 'Support email', { type: 'email', required: true })}
            {field('phone', 'Phone', { type: 'tel' })}
          </div>
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <TextArea id="address" name="address" label="Address (required)" defaultValue={v('address')} error={e('address')} rows={3} />
            <TextArea id="return_address" name="return_address" label="Return address (required)" defaultValue={v('return_address')} error={e('return_address')} rows={3} hint="Where shoppers send returns." />
          </div>
        </Panel>
        <Panel title="Address on the web">
          <Input
            id="url"
            name="url"
            type="url"
            label="Store URL"
            defaultValue={v('url')}
            error={e('url')}
            hint={envUrl ? `STORE_URL is set to ${envUrl}: it is used instead of this field.` : 'Every link in emails starts with it. Empty: the address the store was opened at.'}
          />
        </Panel>
        <Panel title="Language and currency">
          <div className="grid gap-4 lg:grid-cols-2">
            <Select id="default_locale" name="default_locale" label="Default language" defaultValue={v('default_locale')} error={e('default_locale')}>
              <option value="en">English</option>
              <option value="de">German</option>
            </Select>
            <Select id="default_currency" name="default_currency" label="Default currency" defaultValue={v('default_currency')} error={e('default_currency')}>
              <option value="AUD">AUD</option>
              <option value="USD">USD</option>
            </Select>
          </div>
        </Panel>
        <Panel title="About the shop, as shoppers read it">
          <div className="grid gap-4 lg:grid-cols-2">
            <TextArea id="description_en" name="description_en" label="Description in English" defaultValue={v('description_en')} error={e('description_en')} rows={3} />
            <div lang="de">
              <TextArea id="description_de" name="description_de" label="Description in German" defaultValue={v('description_de')} error={e('description_de')} rows={3} />
            </div>
          </div>
        </Panel>
        <Panel title="Social links">
          <div className="grid gap-4 lg:grid-cols-3">
            {field('facebook', 'Facebook', { type: 'url' })}
            {field('instagram', 'Instagram', { type: 'url' })}
            {field('twitter', 'X (Twitter)', { type: 'url' })}
          </div>
        </Panel>
        <Button type="submit">Save the settings</Button>
      </form>
      <Panel title="Logo" className="mt-6">
        {logoUrl ? <img src={logoUrl} alt="The shop's logo" className="mb-4 h-10 w-auto" /> : <p className="mb-4 text-sm">No logo uploaded: the store shows its name beside the built-in mark.</p>}
        {logoError ? <Notice tone="error">{logoError}</Notice> : null}
        <form method="post" action="/admin/settings/logo" encType="multipart/form-data" aria-label="Upload a logo" className="flex flex-wrap items-end gap-3">
          <FormToken />
          <div>
            <label htmlFor="logo" className="mb-1 block text-sm font-semibold">
              Logo picture
            </label>
            <p id="logo-hint" className="mb-1 text-sm text-neutral-600">
              PNG, JPEG or WebP, at most 512 KB, 32 to 2000 pixels each way.
            </p>
            <input id="logo" name="logo" type="file" accept="image/png,image/jpeg,image/webp" aria-invalid={logoError ? true : undefined} aria-describedby="logo-hint" className="block w-full max-w-xs text-sm" />
          </div>
          <Button type="submit" variant="secondary">
            Upload the logo
          </Button>
        </form>
        {logoUrl ? (
          <form method="post" action="/admin/settings/logo/remove" className="mt-3">
            <FormToken />
            <Button type="submit" variant="danger" size="sm">
              Remove the logo
            </Button>
          </form>
        ) : null}
      </Panel>
    </>
  )
}
