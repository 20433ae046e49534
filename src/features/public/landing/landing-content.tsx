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
import { paths } from '../../../app/paths'

import { formatKsh } from '../../../lib/format'
import type { PricingKey, StartingPrices } from '../../../app/starting-prices'

interface Offer {
  name: string
  /** The catalogue packages whose lowest price is the offer's starting price; none: no price. */
  pricedBy: readonly PricingKey[]
  /** Shown when the offer has no catalogue price. */
  priceText?: string
  description: string
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
    name: 'Traditional Funeral Services',
    pricedBy: ['basicFuneral', 'premiumFuneral'],
    description: 'A complete funeral, from mortuary care to the service and burial, arranged with your family.',
    icon: <PeopleCommunityRegular />,
  },
  {
    name: 'Cremation Services',
    pricedBy: ['cremation'],
    description: 'A dignified cremation, with or without a service beforehand, and care of the ashes.',
    icon: <LeafOneRegular />,
  },
  {
    name: 'Burial Services',
    pricedBy: ['burial'],
    description: 'Graveside arrangements and the committal, at the place your family chooses.',
    icon: <HeartRegular />,
  },
  {
    name: 'Pre-Planning Services',
    pricedBy: [],
    priceText: 'free consultation',
    description: 'Set out your wishes in advance, so your family is spared difficult decisions later.',
    icon: <CalendarLtrRegular />,
  },
]

/** 'from KSH 5,000': the lowest of the offer's packages in `prices` (the seed's where missing). */
export function offerPrice(offer: Offer, prices: StartingPrices): string {
  const amounts = offer.pricedBy.map((key) => prices[key] ?? SEED_STARTING_PRICES[key])
  if (amounts.length === 0) return offer.priceText ?? ''
  return `from ${formatKsh(Math.min(...amounts))}`
}

export const RESOURCES = [
  {
    to: paths.resources.planning,
    title: 'Planning a funeral',
    text: 'First steps after a death, choosing burial or cremation, and what to expect.',
    icon: <ClipboardTaskListLtrRegular />,
  },
  {
    to: paths.resources.griefSupport,
    title: 'Grief support',
    text: 'Looking after yourself and your children, and where to find someone to talk to.',
    icon: <HandOpenHeartRegular />,
  },
  {
    to: paths.resources.legal,
    title: 'Legal requirements',
    text: 'Notification, registration, the burial permit and the death certificate in Kenya.',
    icon: <DocumentTextRegular />,
  },
] as const

export const TESTIMONIALS = [
  {
    quote: 'When we lost our father, the team took care of everything with patience and respect. We could simply be together as a family.',
    name: 'Wanjiru Kamau',
    place: 'Nairobi',
  },
  {
    quote: 'They explained every cost clearly and helped us bring Mama home to Kisumu. We will always be grateful.',
    name: 'Otieno Odhiambo',
    place: 'Kisumu',
  },
] as const
