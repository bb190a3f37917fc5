import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { CMS_IMAGE_SIZES } from '#kernel/config.ts'
import { thumbnailOf, type CmsImage } from '../cms-images.ts'
import { PictureFileFields } from './picture-file-fields.tsx'
import { ErrorSummary, Notice, PageHeader, Panel, TextLink, when, type FieldErrors, type FormValues } from './parts.tsx'


/**
 * The shop's own pictures for CMS sections: the upload form (one picture resized in the browser by the console's
 * script, or the three sizes chosen by hand without JavaScript) and the pictures uploaded so far, each with the path a
 * section's picture field takes (the fields also offer them in a list).
 */
export function ContentPicturesPage({ images, notice, error, errors, values }: { images: CmsImage[]; notice?: string; error?: string; errors?: FieldErrors; values?: FormValues }) {
  return (
    <>
      <PageHeader title="Pictures for pages">
        <TextLink href="/admin/content">Back to the pages</TextLink>
      </PageHeader>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ErrorSummary errors={errors} />
      <Panel title="Upload a picture">
        <form method="post" action="/admin/content/pictures" encType="multipart/form-data" data-image-upload="" aria-label="Upload a picture" className="space-y-4" noValidate>
          <PictureFileFields sizes={CMS_IMAGE_SIZES} hint="resized for you to the three sizes, cropped to 2:1 from the middle" />
          <div className="grid gap-3 lg:grid-cols-2">
            <Input id="alt_en" name="alt_en" label="What the picture shows (English)" required defaultValue={values?.alt_en ?? ''} error={errors?.alt_en} hint="For shoppers who cannot see it; a section uses it unless you write its own." />
            <Input id="alt_de" name="alt_de" label="What the picture shows (German)" required defaultValue={values?.alt_de ?? ''} error={errors?.alt_de} />
          </div>
          <Button type="submit">Upload picture</Button>
        </form>
      </Panel>
      <Panel title={`Uploaded pictures (${images.length})`}>
        {images.length === 0 ? <p className="text-sm">No pictures uploaded yet.</p> : null}
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {images.map((image) => (
            <li key={image.id} className="rounded border border-neutral-200 p-3">
              <img src={thumbnailOf(image.path)} alt={image.alt_en} width={300} height={150} className="mb-2 aspect-[2/1] w-full rounded bg-neutral-100 object-cover" />
              <p className="text-sm">{image.alt_en}</p>
              <p className="text-sm" lang="de">{image.alt_de}</p>
              <p className="mt-1 break-all text-sm text-neutral-700">
                <code>{image.path}</code> · {when(image.created_at)}
              </p>
              <form method="post" action={`/admin/content/pictures/${image.id}/remove`} className="mt-2">
                <Button type="submit" variant="danger" size="sm">
                  Remove <span className="sr-only">{`the picture ${image.alt_en}`}</span>
                </Button>
              </form>
            </li>
          ))}
        </ul>
      </Panel>
    </>
  )
}
