/**
 * CMS rich text rendered as markup. The HTML was allow-listed on the server when the page was mapped
 * (worker/commerce/sanitize-html.ts), before it was cached or sent anywhere, so it is safe to insert here and no
 * sanitiser ships to the browser. Never pass HTML from any other source.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  if (!html) return null
  return <div className={className ? `rich-text ${className}` : 'rich-text'} data-rich-text="" dangerouslySetInnerHTML={{ __html: html }} />
}
