import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger } from '@fluentui/react-components'
import { ArrowCounterclockwise20Regular } from '@fluentui/react-icons'
import { Trans } from '@lingui/react/macro'

/** "Start over": clears the draft after asking, since it cannot be undone. */
export function DiscardDraft({ onConfirm }: { onConfirm: () => void }) {
  return (
    <Dialog modalType="alert">
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="secondary" icon={<ArrowCounterclockwise20Regular />}>
          <Trans>Start over</Trans>
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            <Trans>Discard this draft?</Trans>
          </DialogTitle>
          <DialogContent>
            <Trans>The services, details and date you have entered will be cleared. This cannot be undone.</Trans>
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">
                <Trans>Keep my draft</Trans>
              </Button>
            </DialogTrigger>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="primary" onClick={onConfirm}>
                <Trans>Discard draft</Trans>
              </Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
