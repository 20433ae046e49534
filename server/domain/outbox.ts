/** The SMS and e-mails the server has queued, sent or given up on, as the admin's "Messages sent" lists them. */
export { listMails, listSms } from '../repo/outbox'
