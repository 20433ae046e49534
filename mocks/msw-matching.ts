/**
 * MSW tries the handlers in order, and for each one reads and parses every cookie of the document
 * (and its own cookie store) before it looks at the method and the path. With some eighty handlers
 * that was most of what a request cost the mock, in the browser and in the screen tests alike
 * (profiled: about a tenth of the renderer's time in the browser journeys). The mock reads no cookie
 * (the session is a bearer token), so a handler first checks the method and the path, which is cheap,
 * and only the one that matches goes on to MSW's own parsing, cookies included, as before.
 */
import { HttpHandler, matchRequestUrl } from 'msw'

type ParseArgs = Parameters<HttpHandler['parse']>[0]

const patched = Symbol.for('afh.msw-matching')
const proto = HttpHandler.prototype as HttpHandler & { [patched]?: true }

if (!proto[patched]) {
  proto[patched] = true
  const parse = proto.parse
  proto.parse = async function (this: HttpHandler, args: ParseArgs) {
    const { method, path } = this.info
    if (typeof path !== 'function') {
      const methodMatches = method instanceof RegExp ? method.test(args.request.method) : method.toUpperCase() === args.request.method.toUpperCase()
      const match = path && methodMatches ? matchRequestUrl(new URL(args.request.url), path, args.resolutionContext?.baseUrl) : { matches: false, params: {} }
      if (!match.matches) return { match, cookies: {} }
    }
    return parse.call(this, args)
  }
}
