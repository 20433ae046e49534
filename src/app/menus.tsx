import type { ReactElement } from 'react'
import {
  Board20Regular,
  BookAdd20Regular,
  Calendar20Regular,
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
import type { Role } from '../api/contracts/auth'
import { paths } from './paths'

export interface MenuEntry {
  label: string
  to: string
  icon: ReactElement
  /** Only this exact path marks the entry as current (the portal's home). */
  end?: boolean
}

/** Each role's side menu, exactly as SPEC.md section 2 lists it. */
export const MENUS: Record<Role, MenuEntry[]> = {
  client: [
    { label: 'Dashboard', to: paths.client.home, icon: <Home20Regular />, end: true },
    { label: 'Book Service', to: paths.client.bookService, icon: <BookAdd20Regular /> },
    { label: 'My Bookings', to: paths.client.bookings, icon: <Calendar20Regular /> },
    { label: 'Documents', to: paths.client.documents, icon: <DocumentText20Regular /> },
    { label: 'Payments', to: paths.client.payments, icon: <Payment20Regular /> },
    { label: 'Messages', to: paths.client.messages, icon: <Chat20Regular /> },
  ],
  morgueAttendant: [
    { label: 'Dashboard', to: paths.morgue.home, icon: <Home20Regular />, end: true },
    { label: 'Body Management', to: paths.morgue.bodyManagement, icon: <Bed20Regular /> },
    { label: 'Preparation Tasks', to: paths.morgue.tasks, icon: <ClipboardTask20Regular /> },
    { label: 'Transport', to: paths.morgue.transport, icon: <VehicleTruckProfile20Regular /> },
    { label: 'Documents', to: paths.morgue.documents, icon: <DocumentText20Regular /> },
    { label: 'Messages', to: paths.morgue.messages, icon: <Chat20Regular /> },
  ],
  admin: [
    { label: 'Dashboard', to: paths.admin.home, icon: <Board20Regular />, end: true },
    { label: 'Users', to: paths.admin.users, icon: <People20Regular /> },
    { label: 'Services', to: paths.admin.services, icon: <Calendar20Regular /> },
    { label: 'Reports', to: paths.admin.reports, icon: <DataBarVertical20Regular /> },
    { label: 'Documents', to: paths.admin.documents, icon: <DocumentText20Regular /> },
    { label: 'Messages', to: paths.admin.messages, icon: <Chat20Regular /> },
    { label: 'Settings', to: paths.admin.settings, icon: <Settings20Regular /> },
  ],
}

export const ROLE_NAMES: Record<Role, string> = {
  client: 'Client',
  morgueAttendant: 'Morgue Attendant',
  admin: 'Admin',
}
