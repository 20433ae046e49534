import { request } from './client'
import { ContactResponse, type ContactRequest } from '../../shared/contracts/contact'

// Anyone may write to the home: no token, and a 401 would not mean an expired session.
export const sendContactMessage = (body: ContactRequest) =>
  request((w) => w.url('/contact').post(body).json(), ContactResponse, { authenticated: false })
