// @vitest-environment node
/**
 * Taking over a pre-rendered page's styles (src/lib/style-hydration.ts) cuts each Griffel `<style>`
 * element's text back into the rules Griffel wrote: compared here over what Fluent's components and
 * styles of our own (media queries, keyframes, pseudo-classes, quoted content) really produce.
 */
import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import {
  Button,
  Checkbox,
  Field,
  FluentProvider,
  Input,
  Link,
  MessageBar,
  RendererProvider,
  Spinner,
  createDOMRenderer,
  makeStyles,
  webLightTheme,
} from '@fluentui/react-components'
import { splitCSSRules } from '../../src/lib/style-hydration'

const useOwnStyles = makeStyles({
  quoted: { '::before': { content: '"{ a; }"' }, '::after': { content: "'}'" } },
  narrow: { '@media (max-width: 480px)': { display: 'none' }, ':hover': { color: 'red' } },
  moving: { animationName: { from: { opacity: 0 }, to: { opacity: 1 } }, animationDuration: '1s' },
  supports: { '@supports (display: grid)': { display: 'grid' } },
})

function Page() {
  const own = useOwnStyles()
  return (
    <FluentProvider theme={webLightTheme}>
      <div className={`${own.quoted} ${own.narrow} ${own.moving} ${own.supports}`}>
        <Button appearance="primary">Sign in</Button>
        <Button appearance="subtle" size="large">Back</Button>
        <Field label="Email" validationMessage="Enter your email">
          <Input type="email" />
        </Field>
        <Checkbox label="Remember me" />
        <Link href="/register">Create an account</Link>
        <Spinner size="tiny" label="Loading" />
        <MessageBar intent="warning">Careful</MessageBar>
      </div>
    </FluentProvider>
  )
}

describe("a pre-rendered page's styles, read back", () => {
  it('gives back every rule of every bucket exactly as Griffel wrote it', () => {
    const renderer = createDOMRenderer()
    renderToString(
      <RendererProvider renderer={renderer}>
        <Page />
      </RendererProvider>,
    )
    const sheets = Object.values(renderer.stylesheets)
    expect(sheets.length).toBeGreaterThan(5)
    let count = 0
    for (const sheet of sheets) {
      const rules = sheet.cssRules()
      count += rules.length
      expect(splitCSSRules(rules.join(''))).toEqual(rules)
    }
    expect(count).toBeGreaterThan(300)
    const all = sheets.flatMap((s) => s.cssRules()).join('')
    expect(all).toContain('@media (max-width: 480px)')
    expect(all).toContain('@keyframes')
    expect(all).toContain('"{ a; }"')
  })
})
