/** What the demo data and the mock's M-Pesa simulation share: a seeded PRNG and M-Pesa-like receipt numbers. */

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A seeded source of choices: the same seed gives the same demo data on every run. */
export class Rng {
  private readonly next: () => number
  constructor(seed: number) {
    this.next = mulberry32(seed)
  }
  float(): number {
    return this.next()
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error('pick from empty list')
    return item
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  digits(n: number): string {
    let s = ''
    for (let i = 0; i < n; i++) s += String(this.int(0, 9))
    return s
  }
}

/** An M-Pesa-like receipt number (`S` and nine letters or digits). */
const RECEIPT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'
export function receiptNumber(random: () => number): string {
  let s = 'S'
  for (let i = 0; i < 9; i++) s += RECEIPT_ALPHABET[Math.floor(random() * RECEIPT_ALPHABET.length)] ?? 'X'
  return s
}
