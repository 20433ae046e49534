import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import type { PricingTable, ServiceRequest, ServiceWithPricingKey } from '../../shared/contracts/services'
import { notify, type NotifyEvent } from '../shared/notify'
import { recordFailure, serverMessageOr } from '../shared/failure'

/** SPEC.md section 8 (Services). */
export const SERVICE_MESSAGES = {
  loadFailed: 'Failed to fetch services',
  created: 'Service created successfully',
  createFailed: 'Failed to create service',
  updated: 'Service updated successfully',
  updateFailed: 'Failed to update service',
  deleted: 'Service deleted successfully',
  deleteFailed: 'Failed to delete service',
  pricesUpdated: 'Service prices updated successfully',
  pricesFailed: 'Failed to update service prices',
} as const

export type Editor = { mode: 'create' } | { mode: 'edit'; id: string } | { mode: 'delete'; id: string } | { mode: 'pricing' }

export interface ServiceCatalogueContext {
  services: ServiceWithPricingKey[]
  editor: Editor | null
  /** The last failure of the open dialog, shown inside it (the toast says it too). */
  error: string | null
}

export type ServiceCatalogueEvent =
  | { type: 'services.reload' }
  | { type: 'editor.open'; editor: Editor }
  | { type: 'editor.close' }
  | { type: 'service.save'; payload: ServiceRequest }
  | { type: 'service.delete' }
  | { type: 'pricing.save'; prices: Partial<PricingTable> }

const notProvided = (name: string) => async () => {
  throw new Error(`${name} actor not provided`)
}

/**
 * The Service catalogue tab: list services, create / edit / delete one in a dialog, and change the
 * price table (PUT /services/pricing). After every change the list is fetched again, so what the
 * admin sees is what families' wizards get.
 */
export const serviceCatalogueMachine = setup({
  types: {
    context: {} as ServiceCatalogueContext,
    events: {} as ServiceCatalogueEvent,
    emitted: {} as NotifyEvent,
  },
  actors: {
    fetchServices: fromPromise<ServiceWithPricingKey[], void>(notProvided('fetchServices')),
    createService: fromPromise<unknown, ServiceRequest>(notProvided('createService')),
    updateService: fromPromise<unknown, { id: string; payload: ServiceRequest }>(notProvided('updateService')),
    deleteService: fromPromise<unknown, { id: string }>(notProvided('deleteService')),
    updatePricing: fromPromise<unknown, Partial<PricingTable>>(notProvided('updatePricing')),
  },
  guards: {
    editing: ({ context }) => context.editor?.mode === 'edit',
    creating: ({ context }) => context.editor?.mode === 'create',
    deleting: ({ context }) => context.editor?.mode === 'delete',
    pricing: ({ context }) => context.editor?.mode === 'pricing',
  },
  actions: {
    /** A dialog's failure: shown inside it and as a toast. */
    fail: recordFailure<ServiceCatalogueContext, ServiceCatalogueEvent>('error'),
    /** A toast only (the list's own slot says the rest). */
    notifyFailure: recordFailure<ServiceCatalogueContext, ServiceCatalogueEvent>(null),
  },
}).createMachine({
  id: 'serviceCatalogue',
  description: 'The services families can book, and the price table.',
  context: { services: [], editor: null, error: null },
  initial: 'loading',
  // A dialog can open while the list is (re)loading; saving waits for a ready list.
  on: {
    'editor.open': { actions: assign({ editor: ({ event }) => event.editor, error: null }) },
    'editor.close': { actions: assign({ editor: null, error: null }) },
  },
  states: {
    loading: {
      description: 'Fetching the services.',
      tags: ['loading'],
      invoke: {
        src: 'fetchServices',
        onDone: { target: 'ready', actions: assign({ services: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'notifyFailure', params: { message: SERVICE_MESSAGES.loadFailed } } },
      },
    },
    failed: {
      description: 'The list could not be loaded; the user can try again.',
      on: { 'services.reload': 'loading' },
    },
    ready: {
      description: 'Services shown; a dialog may be open.',
      on: {
        'services.reload': 'loading',
        'service.save': [
          { guard: 'creating', target: 'creating' },
          { guard: 'editing', target: 'updating' },
        ],
        'service.delete': { guard: 'deleting', target: 'deleting' },
        'pricing.save': { guard: 'pricing', target: 'savingPrices' },
      },
    },
    creating: {
      description: 'POST /services.',
      tags: ['saving'],
      invoke: {
        src: 'createService',
        input: ({ event }) => {
          assertEvent(event, 'service.save')
          return event.payload
        },
        onDone: { target: 'loading', actions: [assign({ editor: null, error: null }), emit(notify('success', SERVICE_MESSAGES.created))] },
        onError: { target: 'ready', actions: { type: 'fail', params: serverMessageOr(SERVICE_MESSAGES.createFailed) } },
      },
    },
    updating: {
      description: 'PUT /services/{id}.',
      tags: ['saving'],
      invoke: {
        src: 'updateService',
        input: ({ context, event }) => {
          assertEvent(event, 'service.save')
          return { id: context.editor?.mode === 'edit' ? context.editor.id : '', payload: event.payload }
        },
        onDone: { target: 'loading', actions: [assign({ editor: null, error: null }), emit(notify('success', SERVICE_MESSAGES.updated))] },
        onError: { target: 'ready', actions: { type: 'fail', params: serverMessageOr(SERVICE_MESSAGES.updateFailed) } },
      },
    },
    deleting: {
      description: 'DELETE /services/{id}; the server refuses a service that bookings or the price table use.',
      tags: ['saving'],
      invoke: {
        src: 'deleteService',
        input: ({ context }) => ({ id: context.editor?.mode === 'delete' ? context.editor.id : '' }),
        onDone: { target: 'loading', actions: [assign({ editor: null, error: null }), emit(notify('success', SERVICE_MESSAGES.deleted))] },
        onError: { target: 'ready', actions: { type: 'fail', params: serverMessageOr(SERVICE_MESSAGES.deleteFailed) } },
      },
    },
    savingPrices: {
      description: 'PUT /services/pricing.',
      tags: ['saving'],
      invoke: {
        src: 'updatePricing',
        input: ({ event }) => {
          assertEvent(event, 'pricing.save')
          return event.prices
        },
        onDone: { target: 'loading', actions: [assign({ editor: null, error: null }), emit(notify('success', SERVICE_MESSAGES.pricesUpdated))] },
        onError: { target: 'ready', actions: { type: 'fail', params: serverMessageOr(SERVICE_MESSAGES.pricesFailed) } },
      },
    },
  },
})
