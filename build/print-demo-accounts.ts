import type { Plugin } from 'vite'
import { DEMO_ACCOUNTS } from '../shared/demo-accounts.ts'

/**
 * In mock mode, print the demo accounts under Vite's URL banner (dev server and preview), so
 * whoever runs `npm start` can sign in without opening the README.
 */
export function printDemoAccounts(): Plugin {
  const print = () => {
    const lines = DEMO_ACCOUNTS.map((a) => `    ${a.label.padEnd(18)} ${a.email.padEnd(24)} ${a.password}`)
    console.log(`\n  Mock backend on. Demo accounts:\n${lines.join('\n')}\n  M-Pesa test numbers: see README.md\n`)
  }
  // Vite prints its own banner once the server listens: print just after it, not inside it.
  return {
    name: 'print-demo-accounts',
    configureServer(server) {
      server.httpServer?.once('listening', () => setTimeout(print, 50))
    },
    configurePreviewServer(server) {
      server.httpServer?.once('listening', () => setTimeout(print, 50))
    },
  }
}
