/**
 * A value as JSON to write inside an inline <script> element (executed or data): `<` is escaped, so no string in the
 * value can close the element (`</script>`) or open a comment. One rule for the server's bootstrap and personal state,
 * the deferred data React streams, and JSON-LD.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
