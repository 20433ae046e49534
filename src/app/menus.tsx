import type { ReactElement } from 'react'
import {
  Board20Regular,
  BookAdd20Regular,
  Calendar20Regular,
  CalendarLtr20Regular,
  Chat20Regular,
  ClipboardTask20Regular,
  DataBarVertical20Regular,
  DocumentText20Regular,
  Home20Regular,
  People20Regular,
  Payment20Regular,
  Settings20Regular,
  VehicleTruckProfile20Regular,
  Bed20Regular,
} from '@fluentui/react-icons'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Role } from '../../shared/contracts/auth'
import { paths } from './paths'

export interface MenuEntry {
  label: MessageDescriptor
  to: string
  icon: ReactElement
  /** Only this exact path marks the entry as current (the portal's home). */
  end?: boolean
}

/** Each role's side menu, exactly as SPEC.md section 2 lists it. */
export const MENUS: Record<Role, MenuEntry[]> = {
  client: [
    { label: msg`Dashboard`, to: paths.client.home, icon: <Home20Regular />, end: true },
    { label: msg`Book Service`, to: paths.client.bookService, icon: <BookAdd20Regular /> },
    { label: msg`My Bookings`, to: paths.client.bookings, icon: <Calendar20Regular /> },
    { label: msg`Documents`, to: paths.client.documents, icon: <DocumentText20Regular /> },
    { label: msg`Payments`, to: paths.client.payments, icon: <Payment20Regular /> },
    { label: msg`Messages`, to: paths.client.messages, icon: <Chat20Regular /> },
  ],
  morgueAttendant: [
    { label: msg`Dashboard`, to: paths.morgue.home, icon: <Home20Regular />, end: true },
    { label: msg`Body Management`, to: paths.morgue.bodyManagement, icon: <Bed20Regular /> },
    { label: msg`Preparation Tasks`, to: paths.morgue.tasks, icon: <ClipboardTask20Regular /> },
    { label: msg`Transport`, to: paths.morgue.transport, icon: <VehicleTruckProfile20Regular /> },
    { label: msg`Documents`, to: paths.morgue.documents, icon: <DocumentText20Regular /> },
    { label: msg`Messages`, to: paths.morgue.messages, icon: <Chat20Regular /> },
    { label: msg`My calendar`, to: paths.morgue.calendarFeed, icon: <CalendarLtr20Regular /> },
  ],
  admin: [
    { label: msg`Dashboard`, to: paths.admin.home, icon: <Board20Regular />, end: true },
    { label: msg`Users`, to: paths.admin.users, icon: <People20Regular /> },
    { label: msg`Bookings`, to: paths.admin.services, icon: <Calendar20Regular /> },
    { label: msg`Calendar`, to: paths.admin.calendar, icon: <CalendarLtr20Regular /> },
    { label: msg`Reports`, to: paths.admin.reports, icon: <DataBarVertical20Regular /> },
    { label: msg`Documents`, to: paths.admin.documents, icon: <DocumentText20Regular /> },
    { label: msg`Messages`, to: paths.admin.messages, icon: <Chat20Regular /> },
    { label: msg`Settings`, to: paths.admin.settings, icon: <Settings20Regular /> },
  ],
}

export const ROLE_NAMES: Record<Role, MessageDescriptor> = {
  client: msg`Client`,
  morgueAttendant: msg`Morgue Attendant`,
  admin: msg`Admin`,
}

/** The portal's name in its footer ("Client Portal"), one sentence so Kiswahili can order it. */
export const PORTAL_NAMES: Record<Role, MessageDescriptor> = {
  client: msg`Family Portal`,
  morgueAttendant: msg`Morgue Attendant Portal`,
  admin: msg`Admin Portal`,
}
