import type { ReactElement } from 'react'
import {
  CalendarLtrRegular,
  ClipboardTaskListLtrRegular,
  DocumentTextRegular,
  HandOpenHeartRegular,
  HeartRegular,
  LeafOneRegular,
  PeopleCommunityRegular,
} from '@fluentui/react-icons'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { paths } from '../../../app/paths'

import { formatKsh } from '../../../lib/format'
import type { PricingKey, StartingPrices } from '../../../app/starting-prices'

interface Offer {
  /** Also the card's key: a stable id, whatever the language. */
  key: string
  name: MessageDescriptor
  /** The catalogue packages whose lowest price is the offer's starting price; none: no price. */
  pricedBy: readonly PricingKey[]
  /** Shown when the offer has no catalogue price. */
  priceText?: MessageDescriptor
  description: MessageDescriptor
  icon: ReactElement
}

/**
 * The seed catalogue's package prices: what the page is built with, so the pre-rendered HTML
 * already shows KSH prices; the live catalogue replaces them once loaded.
 */
export const SEED_STARTING_PRICES: Required<StartingPrices> = { basicFuneral: 5000, premiumFuneral: 8000, cremation: 3000, burial: 4000 }

/**
 * SPEC.md section 3's four offers, priced from the service catalogue (KSH) instead of its static
 * dollar text, so the landing page and the booking wizard agree. The catalogue has no memorial
 * service, so the third offer is the burial package, which a family can book.
 */
export const OFFERS: readonly Offer[] = [
  {
    key: 'traditional',
    name: msg`Traditional Funeral Services`,
    pricedBy: ['basicFuneral', 'premiumFuneral'],
    description: msg`A complete funeral, from mortuary care to the service and burial, arranged with your family.`,
    icon: <PeopleCommunityRegular />,
  },
  {
    key: 'cremation',
    name: msg`Cremation Services`,
    pricedBy: ['cremation'],
    description: msg`A dignified cremation, with or without a service beforehand, and care of the ashes.`,
    icon: <LeafOneRegular />,
  },
  {
    key: 'burial',
    name: msg`Burial Services`,
    pricedBy: ['burial'],
    description: msg`Graveside arrangements and the committal, at the place your family chooses.`,
    icon: <HeartRegular />,
  },
  {
    key: 'preplanning',
    name: msg`Pre-Planning Services`,
    pricedBy: [],
    priceText: msg`free consultation`,
    description: msg`Set out your wishes in advance, so your family is spared difficult decisions later.`,
    icon: <CalendarLtrRegular />,
  },
]

/** 'from KSH 5,000': the lowest of the offer's packages in `prices` (the seed's where missing). */
export function offerPrice(offer: Offer, prices: StartingPrices): MessageDescriptor | null {
  const amounts = offer.pricedBy.map((key) => prices[key] ?? SEED_STARTING_PRICES[key])
  if (amounts.length === 0) return offer.priceText ?? null
  const price = formatKsh(Math.min(...amounts))
  return msg`from ${price}`
}

export const RESOURCES = [
  {
    to: paths.resources.planning,
    title: msg`Planning a funeral`,
    text: msg`First steps after a death, choosing burial or cremation, and what to expect.`,
    icon: <ClipboardTaskListLtrRegular />,
  },
  {
    to: paths.resources.griefSupport,
    title: msg`Grief support`,
    text: msg`Looking after yourself and your children, and where to find someone to talk to.`,
    icon: <HandOpenHeartRegular />,
  },
  {
    to: paths.resources.legal,
    title: msg`Legal requirements`,
    text: msg`Notification, registration, the burial permit and the death certificate in Kenya.`,
    icon: <DocumentTextRegular />,
  },
] as const

export const TESTIMONIALS = [
  {
    quote: msg`When we lost our father, the team took care of everything with patience and respect. We could simply be together as a family.`,
    name: 'Wanjiru Kamau',
    place: 'Nairobi',
  },
  {
    quote: msg`They explained every cost clearly and helped us bring Mama home to Kisumu. We will always be grateful.`,
    name: 'Otieno Odhiambo',
    place: 'Kisumu',
  },
] as const
