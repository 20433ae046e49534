/**
 * A contribution link's page as the server sends it (`/contribute/{token}`): the build's shell for
 * every link (`contribute/index.html`, the public frame and "Opening the contribution page…") with
 * this link's harambee written in, from the same use case as `GET /api/contributions/{token}`
 * (shared/contribution-page-html.ts), and its data for the app's first render. The name and the
 * progress paint before any script; the app then hydrates the same markup (src/main.tsx: the root
 * names this path) and loads only the payment form's code.
 */
import type { ContributionPage } from '../shared/contracts/contributions'
import { CONTRIBUTION_DATA_ID, CONTRIBUTION_SLOT_ID, contributionLoadingHtml, contributionSummaryHtml, contributionUnknownHtml } from '../shared/contribution-page-html'
import { escapeHtml } from '../shared/page-data'
import type { PageLanguage } from '../shared/page-language'

/** The data script: JSON that no `<` can end early. */
function dataScript(token: string, page: ContributionPage | null): string {
  const json = JSON.stringify({ token, page }).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
  return `<script type="application/json" id="${CONTRIBUTION_DATA_ID}">${json}</script>`
}

/**
 * The shell with the link's page in its slot, the root marked as rendered for this very path (so
 * the app hydrates instead of drawing it again) and the data the app's first render reads. A shell
 * whose slot does not hold what this build writes there is sent as it is (the app then asks).
 */
export function fillContributionShell(shell: string, at: { path: string; token: string; lang: PageLanguage; page: ContributionPage | null; contact: { phone: string; email: string } }): string {
  const slot = shell.indexOf(`id="${CONTRIBUTION_SLOT_ID}"`)
  const open = slot < 0 ? -1 : shell.indexOf('>', slot) + 1
  const loading = contributionLoadingHtml(at.lang)
  if (open <= 0 || !shell.startsWith(loading, open)) return shell
  const body = at.page ? contributionSummaryHtml(at.page, at.lang) : contributionUnknownHtml(at.lang, at.contact)
  return (shell.slice(0, open) + body + shell.slice(open + loading.length))
    .replace(/(<div id="root" data-prerendered=")[^"]*"/, `$1${escapeHtml(at.path)}"`)
    .replace('</head>', `${dataScript(at.token, at.page)}\n  </head>`)
}
