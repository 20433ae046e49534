import { Component, type ReactNode } from 'react'
import { Body1, Button } from '@fluentui/react-components'
import { Trans } from '@lingui/react/macro'

interface State {
  failed: boolean
}

/**
 * Around a portal's screens: a screen whose code could not be fetched (offline, on a screen not
 * opened before, so not kept by public/sw.js) says so inside the portal, whose top bar keeps the
 * home's phone number, instead of leaving a blank page. Another address (the menu) tries again.
 */
export class ScreenUnavailable extends Component<{ children: ReactNode; at: string }, State> {
  state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  componentDidUpdate(previous: { at: string }) {
    if (previous.at !== this.props.at && this.state.failed) this.setState({ failed: false })
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <div role="alert" style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 12 }}>
        <Body1>
          <Trans>This page could not be opened: you may be offline. Pages you opened before still work; try this one again when you are connected.</Trans>
        </Body1>
        <Button onClick={() => window.location.reload()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )
  }
}
