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

interface Offer {
  name: string
  price: string
  description: string
  icon: ReactElement
}

/** SPEC.md section 3, landing service offers (static; the spec shows these with '$'). */
export const OFFERS: readonly Offer[] = [
  {
    name: 'Traditional Funeral Services',
    price: 'from $2,500',
    description: 'A complete funeral, from mortuary care to the service and burial, arranged with your family.',
    icon: <PeopleCommunityRegular />,
  },
  {
    name: 'Cremation Services',
    price: 'from $1,800',
    description: 'A dignified cremation, with or without a service beforehand, and care of the ashes.',
    icon: <LeafOneRegular />,
  },
  {
    name: 'Memorial Services',
    price: 'from $1,500',
    description: 'A gathering to remember and celebrate a life, at a place that meant something to them.',
    icon: <HeartRegular />,
  },
  {
    name: 'Pre-Planning Services',
    price: 'free consultation',
    description: 'Set out your wishes in advance, so your family is spared difficult decisions later.',
    icon: <CalendarLtrRegular />,
  },
]

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
