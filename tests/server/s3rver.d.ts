// s3rver ships no types; this is the part the storage tests start it with.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'
  export default class S3rver {
    constructor(options: { address?: string; port?: number; directory: string; silent?: boolean; resetOnClose?: boolean; configureBuckets?: Array<{ name: string }> })
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
