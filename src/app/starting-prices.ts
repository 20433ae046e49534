import { listCatalogue } from '../api/services'

export type PricingKey = 'basicFuneral' | 'premiumFuneral' | 'cremation' | 'burial'
export type StartingPrices = Partial<Record<PricingKey, number>>

/**
 * The packages' prices as the catalogue has them today. Loaded with the session's chunk (which has the API client already, so no new chunk joins the sign-in pages' first load) after the landing
 * page is taken over, so the page's first load carries no API client; a failure keeps the
 * seed catalogue's prices the page was built with.
 */
export async function loadStartingPrices(): Promise<StartingPrices> {
  const services = await listCatalogue()
  const prices: StartingPrices = {}
  for (const s of services) {
    const key = s.pricing_key
    if (key === 'basicFuneral' || key === 'premiumFuneral' || key === 'cremation' || key === 'burial') prices[key] = s.price
  }
  return prices
}
