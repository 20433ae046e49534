import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

/**
 * The app's words in English (SPEC.md's exact text, the source) and Kiswahili. One catalogue per
 * part of the app that loads on its own, so a page downloads only its own words, in one language:
 * the public frame on every first load, the home page with its own, the sign-in screens with theirs, each
 * portal with its own. src/lib/i18n.ts loads them; `npm run i18n:extract` refreshes them from the
 * code and a test fails on any word without its Kiswahili.
 */
const catalog = (name: string, include: string[], exclude: string[] = []) => ({
  path: `<rootDir>/src/locales/{locale}/${name}`,
  include: include.map((p) => `<rootDir>/${p}`),
  exclude: exclude.map((p) => `<rootDir>/${p}`),
})

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sw'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  catalogs: [
    catalog('site', ['src/app/public-layout.tsx', 'src/app/page-loading.tsx', 'src/app/language-switch.tsx', 'src/lib'], ['src/lib/mpesa-reason-words.ts']),
    catalog('home', ['src/features/public/landing']),
    catalog('auth', ['src/features/public/login', 'src/features/public/register', 'src/features/public/forgot-password', 'src/features/public/reset-password', 'src/components/auth-card.tsx', 'src/components/form-fields.tsx', 'src/components/form-fields-more.tsx', 'src/components/password-words.ts']),
    catalog('pages', ['src/features/public/about', 'src/features/public/resources']),
    catalog('contribute', ['src/features/public/contribute', 'src/lib/mpesa-reason-words.ts', 'machines/payment/mpesa-payment.machine.ts']),
    catalog('portal', ['src/app', 'src/components', 'machines', 'src/features/custody', 'src/features/messages', 'src/features/calendar', 'src/dev', 'src/lib/mpesa-reason-words.ts'], ['src/app/public-layout.tsx', 'src/app/page-loading.tsx', 'src/app/language-switch.tsx', 'src/components/auth-card.tsx', 'src/components/form-fields.tsx', 'src/components/form-fields-more.tsx']),
    catalog('client', ['src/features/client', 'src/features/account', 'src/features/documents']),
    catalog('morgue', ['src/features/morgue']),
    catalog('admin', ['src/features/admin']),
  ],
})
