import { z } from 'zod/mini'
import { request } from './client'
import { MessageResponse } from '../../shared/contracts/auth'
import { CatalogueList, PricingTable, ServiceList, ServiceResponse, type ServiceRequest } from '../../shared/contracts/services'

/** GET /services: every service a family can book, with its price in KSH. */
export const listServices = () => request((w) => w.url('/services').get().json(), ServiceList)

export const getService = (id: string) => request((w) => w.url(`/services/${encodeURIComponent(id)}`).get().json(), ServiceResponse)

export const createService = (body: ServiceRequest) => request((w) => w.url('/services').post(body).json(), ServiceResponse)

export const updateService = (id: string, body: Partial<ServiceRequest>) =>
  request((w) => w.url(`/services/${encodeURIComponent(id)}`).put(body).json(), ServiceResponse)

export const deleteService = (id: string) => request((w) => w.url(`/services/${encodeURIComponent(id)}`).delete().json(), MessageResponse)

export const updatePricing = (body: Partial<PricingTable>) =>
  request((w) => w.url('/services/pricing').put(body).json(), z.extend(MessageResponse, { pricing: z.optional(PricingTable) }))

/** GET /services with each service's place in the price table (bookings area: the admin catalogue). */
export const listCatalogue = () => request((w) => w.url('/services').get().json(), CatalogueList)
