/** Words of the Messages screen (client and morgue). */
export const MESSAGES_TEXT = {
  title: 'Messages',
  clientSubtitle: 'Write to the funeral home team.',
  morgueSubtitle: 'Notes for the funeral home team.',
  welcome: 'Welcome to Amani Funeral Home messages. We are here to help you at every step.',
  noticeTitle: 'Messages are not sent yet.',
  notice: 'What you write here stays on this page and does not reach the funeral home. For anything urgent, please call us on',
  systemName: 'Amani Funeral Home',
  you: 'You',
  logLabel: 'Conversation',
  inputLabel: 'Your message',
  hint: 'Enter sends; Shift+Enter starts a new line.',
  send: 'Send',
} as const
