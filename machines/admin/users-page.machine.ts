import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { ADMIN_PAGE_SIZE } from '../../shared/constants'
import type { StaffRequest, User, WireRole } from '../../shared/contracts/auth'
import type { UserUpdateRequest } from '../../shared/contracts/admin'
import { notify, type NotifyEvent } from '../shared/notify'
import { recordFailure, serverMessageOr } from '../shared/failure'

type TUser = User
type TRole = WireRole
type TCreate = StaffRequest
type TUpdate = UserUpdateRequest

/** SPEC.md section 9: admin users list page size. */
export const USERS_PAGE_SIZE = ADMIN_PAGE_SIZE

export const USERS_MESSAGES = {
  fetchFailure: 'Failed to fetch users',
  createFailure: 'Failed to create user',
  updateFailure: 'Failed to update user',
  deleteFailure: 'Failed to delete user',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
} as const

/** How long typing must pause before the search is sent. */
export const SEARCH_PAUSE_MS = 400

export interface UsersQuery {
  page: number
  limit: number
  role: TRole | null
  search: string
}

export interface UsersPageResult {
  users: TUser[]
  pagination: { total: number; pages: number }
}

export type UsersDialog = { kind: 'create' } | { kind: 'edit'; user: TUser } | { kind: 'delete'; user: TUser } | null

export interface UsersPageContext {
  page: number
  role: TRole | null
  /** Sent with the page request after a pause in typing, so a user is found on any page. */
  search: string
  users: TUser[]
  total: number
  pages: number
  error: string | null
  dialog: UsersDialog
  /** Why the open dialog's last submission failed (also a toast). */
  dialogError: string | null
}

export type UsersPageEvent =
  | { type: 'users.page'; page: number }
  | { type: 'users.role'; role: TRole | null }
  | { type: 'users.search'; text: string }
  | { type: 'users.reload' }
  | { type: 'dialog.create' }
  | { type: 'dialog.edit'; user: TUser }
  | { type: 'dialog.delete'; user: TUser }
  | { type: 'dialog.close' }
  | { type: 'users.create'; payload: TCreate }
  | { type: 'users.update'; id: string; payload: TUpdate }
  | { type: 'users.delete'; id: string }

/**
 * User management: one server page of users at a time (page, role filter and search sent),
 * and the create / edit / delete dialogs. After a change the page is fetched again.
 */
export const usersPageMachine = setup({
  types: {
    context: {} as UsersPageContext,
    events: {} as UsersPageEvent,
    emitted: {} as NotifyEvent,
  },
  actors: {
    fetchUsers: fromPromise<UsersPageResult, UsersQuery>(async () => {
      throw new Error('fetchUsers actor not provided')
    }),
    createUser: fromPromise<unknown, TCreate>(async () => {
      throw new Error('createUser actor not provided')
    }),
    updateUser: fromPromise<unknown, { id: string; payload: TUpdate }>(async () => {
      throw new Error('updateUser actor not provided')
    }),
    deleteUser: fromPromise<unknown, string>(async () => {
      throw new Error('deleteUser actor not provided')
    }),
  },
  delays: { searchPause: SEARCH_PAUSE_MS },
  guards: {
    pastLastPage: ({ context }) => context.pages > 0 && context.page > context.pages,
  },
  actions: {
    /** The list's failure: the error slot and the toast. */
    fail: recordFailure<UsersPageContext, UsersPageEvent>('error'),
    /** A dialog's failure: shown inside the dialog and as a toast. */
    failInDialog: recordFailure<UsersPageContext, UsersPageEvent>('dialogError'),
    setSearch: assign({
      search: ({ event }) => {
        assertEvent(event, 'users.search')
        return event.text
      },
      page: 1,
    }),
  },
}).createMachine({
  id: 'usersPage',
  description: 'One server page of users with a role filter and a server search, and the create / edit / delete dialogs.',
  context: {
    page: 1,
    role: null,
    search: '',
    users: [],
    total: 0,
    pages: 0,
    error: null,
    dialog: null,
    dialogError: null,
  },
  initial: 'loading',
  on: {
    // A new search starts at page 1 once typing pauses (a change or an open dialog is not interrupted:
    // only `ready`, `loading` and `typing` go to `typing`).
    'users.search': { actions: assign({ search: ({ event }) => event.text }) },
    // The dialogs open whatever the list is doing (e.g. still loading).
    'dialog.create': { actions: assign({ dialog: { kind: 'create' }, dialogError: null }) },
    'dialog.edit': { actions: assign({ dialog: ({ event }) => ({ kind: 'edit', user: event.user }), dialogError: null }) },
    'dialog.delete': { actions: assign({ dialog: ({ event }) => ({ kind: 'delete', user: event.user }), dialogError: null }) },
  },
  states: {
    loading: {
      description: 'Fetching the page for the chosen page number and role; the last page stays on screen.',
      tags: ['loading'],
      entry: assign({ error: null }),
      on: {
        // A new page or filter while loading restarts the load with it (the last choice wins).
        'users.page': { target: 'loading', reenter: true, actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
        'users.role': { target: 'loading', reenter: true, actions: assign({ role: ({ event }) => event.role, page: 1 }) },
        'users.search': { target: 'typing', actions: 'setSearch' },
        'dialog.close': { actions: assign({ dialog: null, dialogError: null }) },
        'users.create': 'creating',
        'users.update': 'updating',
        'users.delete': 'deleting',
      },
      invoke: {
        src: 'fetchUsers',
        input: ({ context }) => ({ page: context.page, limit: USERS_PAGE_SIZE, role: context.role, search: context.search.trim() }),
        onDone: {
          target: 'checkPage',
          actions: assign({
            users: ({ event }) => event.output.users,
            total: ({ event }) => event.output.pagination.total,
            pages: ({ event }) => event.output.pagination.pages,
          }),
        },
        onError: {
          target: 'ready',
          actions: { type: 'fail', params: { message: USERS_MESSAGES.fetchFailure } },
        },
      },
    },
    typing: {
      description: 'The search text changed: wait for a pause in typing, then fetch page 1 with it.',
      tags: ['loading'],
      after: { searchPause: 'loading' },
      on: {
        'users.search': { target: 'typing', reenter: true, actions: 'setSearch' },
        'users.page': { target: 'loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
        'users.role': { target: 'loading', actions: assign({ role: ({ event }) => event.role, page: 1 }) },
        'dialog.close': { actions: assign({ dialog: null, dialogError: null }) },
        'users.create': 'creating',
        'users.update': 'updating',
        'users.delete': 'deleting',
      },
    },
    checkPage: {
      description: 'A page that no longer exists (after a delete) falls back to the last one.',
      always: [{ guard: 'pastLastPage', target: 'loading', actions: assign({ page: ({ context }) => context.pages }) }, { target: 'ready' }],
    },
    ready: {
      description: 'The page is shown (or its load failed, with Retry); a dialog may be open.',
      on: {
        'users.page': { target: 'loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
        'users.role': { target: 'loading', actions: assign({ role: ({ event }) => event.role, page: 1 }) },
        'users.reload': 'loading',
        'users.search': { target: 'typing', actions: 'setSearch' },
        'dialog.close': { actions: assign({ dialog: null, dialogError: null }) },
        'users.create': 'creating',
        'users.update': 'updating',
        'users.delete': 'deleting',
      },
    },
    creating: {
      description: 'POST /users from the create dialog; the dialog stays open until it is done.',
      tags: ['saving'],
      invoke: {
        src: 'createUser',
        input: ({ event }) => {
          assertEvent(event, 'users.create')
          return event.payload
        },
        onDone: { target: 'loading', actions: [assign({ dialog: null, dialogError: null }), emit(notify('success', USERS_MESSAGES.created))] },
        onError: { target: 'ready', actions: { type: 'failInDialog', params: serverMessageOr(USERS_MESSAGES.createFailure) } },
      },
    },
    updating: {
      description: 'PUT /users/{id} from the edit dialog.',
      tags: ['saving'],
      invoke: {
        src: 'updateUser',
        input: ({ event }) => {
          assertEvent(event, 'users.update')
          return { id: event.id, payload: event.payload }
        },
        onDone: { target: 'loading', actions: [assign({ dialog: null, dialogError: null }), emit(notify('success', USERS_MESSAGES.updated))] },
        onError: { target: 'ready', actions: { type: 'failInDialog', params: serverMessageOr(USERS_MESSAGES.updateFailure) } },
      },
    },
    deleting: {
      description: 'DELETE /users/{id} after the confirmation.',
      tags: ['saving'],
      invoke: {
        src: 'deleteUser',
        input: ({ event }) => {
          assertEvent(event, 'users.delete')
          return event.id
        },
        onDone: { target: 'loading', actions: [assign({ dialog: null, dialogError: null }), emit(notify('success', USERS_MESSAGES.deleted))] },
        onError: { target: 'ready', actions: { type: 'failInDialog', params: serverMessageOr(USERS_MESSAGES.deleteFailure) } },
      },
    },
  },
})
