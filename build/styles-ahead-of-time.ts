import type { Plugin } from 'vite'
import griffel from '@griffel/vite-plugin'

/**
 * Griffel's ahead-of-time transform (Fluent UI's recommended production set-up): our makeStyles
 * calls become precomputed class maps and CSS rules at build time, as Fluent's own components
 * already ship. The browser then neither downloads Griffel's style compiler nor runs it while the
 * first screen renders: 3.3 KB less on `/`, 4.5 KB on `/login` (docs/performance.md), and no
 * style compiling before the first screen is interactive. Builds only: Vitest and the dev server
 * use the runtime path.
 * The evaluator reads our TypeScript with Babel's presets.
 */
export function stylesAheadOfTime(): Plugin {
  return {
    ...griffel({
      include: ['src/**/*.{ts,tsx}'],
      babelOptions: { presets: ['@babel/preset-typescript', ['@babel/preset-react', { runtime: 'automatic' }]] },
    }),
    // The build-time render (prerender-pages.ts) runs Griffel at run time: the same class names.
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
  }
}
