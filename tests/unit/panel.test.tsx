/**
 * `Panel` (src/components/panel.tsx) stands in for Fluent's Card where nothing on the card itself is
 * tapped or selected: the family sees the same card, and no screen that uses it loads Fluent's focus
 * manager for it.
 */
import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { Card, FluentProvider, Text, makeStyles, webLightTheme } from '@fluentui/react-components'
import { Panel } from '../../src/components/panel'

const useStyles = makeStyles({ own: { maxWidth: '640px' } })

function Both() {
  const styles = useStyles()
  const content = (
    <>
      <Text id="h">Recent bookings</Text>
      <a href="/x">Rose Achieng</a>
    </>
  )
  return (
    <>
      <div data-testid="card">
        <Card className={styles.own} aria-labelledby="h">
          {content}
        </Card>
      </div>
      <div data-testid="panel">
        <Panel className={styles.own} aria-labelledby="h">
          {content}
        </Panel>
      </div>
    </>
  )
}

describe('Panel', () => {
  it('draws what Fluent’s Card draws for a card nothing can tap: the same element, classes, role and content', () => {
    const { getByTestId } = render(
      <FluentProvider theme={webLightTheme}>
        <Both />
      </FluentProvider>,
    )
    const card = getByTestId('card').innerHTML
    expect(card).toContain('fui-Card')
    expect(card).toContain('role="group"')
    expect(getByTestId('panel').innerHTML).toBe(card)
  })

  it('passes a ref and the attributes given to it on to the card', () => {
    let node: HTMLDivElement | null = null
    const { getByRole } = render(
      <FluentProvider theme={webLightTheme}>
        <Panel ref={(n) => void (node = n)} id="booking-tribute" appearance="outline">
          text
        </Panel>
      </FluentProvider>,
    )
    const group = getByRole('group')
    expect(node).toBe(group)
    expect(group.id).toBe('booking-tribute')
    expect(group.className).toContain('fui-Card')
  })
})
