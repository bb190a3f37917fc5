/** What a shopper or a stranger sees at any console address but the login page: the same as any missing page. */
export function NotFoundPage() {
  return (
    <main id="main" className="mx-auto mt-16 max-w-md px-4 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-2">
        <a className="text-primary-700 underline" href="/">
          Go to the home page
        </a>
      </p>
    </main>
  )
}
