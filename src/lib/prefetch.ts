/**
 * Route chunks fetched ahead of the click: on intent (pointer over, touch, focus of a link to the
 * route) and, for the next step most visitors take, when the browser is idle. A chunk that is
 * already loaded costs nothing: the import() promise is cached.
 */
const importers = new Map<string, () => Promise<unknown>>()

/** Register how to load the screen of a path (called by the router). */
export function registerRoute(path: string, load: () => Promise<unknown>) {
  importers.set(path, load)
}

/** Start loading the chunk of this path, if it is a lazy route; errors are left to the real load. */
export function prefetchRoute(path: string) {
  const load = importers.get(path.split(/[?#]/)[0] ?? path)
  if (load) load().catch(() => {})
}
