import { forwardRef } from 'react'
import {
  getIntrinsicElementProps,
  renderCard_unstable,
  slot,
  useCardStyles_unstable,
  useFocusWithin,
  useMergedRefs,
  type CardProps,
  type CardState,
} from '@fluentui/react-components'

/** What a card passes to its header: nothing here is selectable, so nothing to tell it. */
const NOT_SELECTABLE: Parameters<typeof renderCard_unstable>[1] = {
  selectableA11yProps: { referenceId: undefined, setReferenceId: () => {}, referenceLabel: undefined, setReferenceLabel: () => {} },
}

export type PanelProps = Omit<CardProps, 'selected' | 'defaultSelected' | 'onSelectionChange' | 'floatingAction' | 'checkbox' | 'focusMode' | 'disabled'>

/**
 * Fluent's Card as a plain surface for content (nothing to tap or select on the card itself): the
 * same markup, classes and look, from the parts Fluent exports to build a card. Fluent's `Card` sets
 * up its focus manager (tabster, about 20 KB compressed) even for a card nothing can focus, and the
 * module holding it imports that manager, so a screen of such cards (the family's dashboard) loaded
 * and ran it on its first view. A card a person taps or selects stays Fluent's `Card`.
 */
export const Panel = forwardRef<HTMLDivElement, PanelProps>(function Panel({ appearance = 'filled', orientation = 'vertical', size = 'medium', ...props }, ref) {
  // The outline round the card while the keyboard is on something inside it, as Card draws it.
  const focusWithinRef = useFocusWithin<HTMLDivElement>()
  const state: CardState = {
    appearance,
    orientation,
    size,
    interactive: false,
    selectable: false,
    selectFocused: false,
    selected: false,
    disabled: false,
    selectableA11yProps: NOT_SELECTABLE.selectableA11yProps,
    components: { root: 'div', floatingAction: 'div', checkbox: 'input' },
    root: slot.always(getIntrinsicElementProps('div', { role: 'group', ...props, ref: useMergedRefs(focusWithinRef, ref) }), { elementType: 'div' }),
  }
  useCardStyles_unstable(state)
  return renderCard_unstable(state, NOT_SELECTABLE)
})
