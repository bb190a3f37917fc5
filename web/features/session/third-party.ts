import type { RequestInfo } from '../../app-context.ts'

function addScript(src: string) {
  const script = document.createElement('script')
  script.src = src
  script.async = true
  document.head.appendChild(script)
}

/**
 * Third-party scripts of spec §1 load only when the operator set their variable, and only once the page is
 * interactive and idle, so they never delay the first paint or hydration. In tests none is set. The tag manager is
 * not among them: it waits for the shopper's consent (web/features/consent/tag-manager.ts).
 */
export function loadThirdPartyScripts(info: RequestInfo | undefined) {
  if (!info) return
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1))
  idle(() => {
    if (info.thirdParty.chatWidgetUrl) addScript(info.thirdParty.chatWidgetUrl)
  })
}
