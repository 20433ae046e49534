/// <reference types="vitest/config" />
import { defineConfig, loadEnv } from 'vite'
import react from '@vitejs/plugin-react'

// Mock mode (MSW in the browser) is on for `--mode mock` unless a real API host is given.
// `__MOCK__` is a compile-time constant, so `npm run build` drops every byte of mock code.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  const mock = mode === 'mock' && !env.VITE_API_URL
  return {
    plugins: [react()],
    define: {
      __MOCK__: JSON.stringify(mock),
    },
    server: { port: Number(process.env.PORT ?? 5173), strictPort: false },
    preview: { port: Number(process.env.PORT ?? 4173) },
    build: { sourcemap: false, chunkSizeWarningLimit: 1500 },
    test: {
      environment: 'happy-dom',
      environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
      include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}', 'tests/mock/**/*.test.{ts,tsx}'],
      setupFiles: ['tests/setup.ts'],
      env: { VITE_API_URL: 'http://localhost:3000/api' },
      testTimeout: 15000,
      pool: 'threads',
    },
  }
})
