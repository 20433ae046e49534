import { ensureCatalogs } from '../../lib/i18n'

/**
 * The profile page and the document preview are shown in every portal, but their words are in the
 * family's catalogue ('client'), which the staff portals do not load. A module that imports this
 * one is ready only once that catalogue is there, in the language in use, so a staff member never
 * sees a message id; in the family's portal it is loaded already and this costs nothing.
 */
await ensureCatalogs('client')
