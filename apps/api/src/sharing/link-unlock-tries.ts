import type { RateLimitCounter } from '../platform/rate-limits/rate-limit-counter';

/** Tries at any link's gate one client address may make per UNLOCK_WINDOW_MS, right or wrong. */
export const MAX_UNLOCKS_PER_ADDRESS = 10;
/**
 * Wrong passwords one link takes from everywhere per UNLOCK_WINDOW_MS before it is "under attack":
 * from then on each address gets one checked guess on it per window, not MAX_UNLOCKS_PER_ADDRESS.
 */
export const MAX_WRONG_PER_LINK = 50;
export const UNLOCK_WINDOW_MS = 15 * 60_000;

/** Why a try at a gate is not even checked. */
export type UnlockRefusal = 'address' | 'link';

/**
 * How tries at a link's password are bounded, so that nobody can lock a link for everyone.
 *
 * A per-link counter that refuses every try once it is full (what this replaced) lets one person
 * with 51 wrong guesses shut every real viewer out. So:
 * - each address is charged first, for every try, and an address over its own limit is refused
 *   without touching the link's count (nor the 30 ms of scrypt): one address cannot use up a link;
 * - only wrong passwords count against the link, and the password is checked before the link's
 *   count can refuse anything: a viewer with the right password from an address that has not
 *   guessed wrong here always gets in;
 * - past MAX_WRONG_PER_LINK wrong guesses the link answers only an address's first guess per
 *   window. Guessers spread over many addresses (each allowed 10 tries) then get one checked guess
 *   per address instead of ten: 1,000 tries from 100 addresses test ~150 passwords, not 1,000.
 *   The cost falls on whoever guessed wrong here during such a burst: they wait out the window.
 * What stops a guesser with thousands of addresses is the password itself: a few random words
 * take far more guesses than any number of addresses buys at one per address per 15 minutes.
 */
export class LinkUnlockTries {
  constructor(private readonly counter: RateLimitCounter) {}

  /**
   * Counts a try from `address` at `link` and says whether it may be checked. `guessing` is false
   * for a gate with nothing secret (an email gate alone): only the address's limit applies there.
   */
  async take(link: string, address: string | undefined, guessing: boolean): Promise<UnlockRefusal | undefined> {
    if (!address) return undefined;
    const { hits } = await this.counter.hit(`link-unlock-address:${address}`, UNLOCK_WINDOW_MS);
    if (hits > MAX_UNLOCKS_PER_ADDRESS) return 'address';
    if (!guessing) return undefined;
    const [wrongHere, wrongOnLink] = await Promise.all([
      this.counter.peek(`link-unlock-wrong:${link}:${address}`),
      this.counter.peek(`link-unlock-link:${link}`),
    ]);
    return wrongHere && wrongOnLink && wrongOnLink.hits >= MAX_WRONG_PER_LINK ? 'link' : undefined;
  }

  /** Counts a wrong password from `address` at `link`. */
  async wrong(link: string, address: string | undefined): Promise<void> {
    await Promise.all([
      this.counter.hit(`link-unlock-link:${link}`, UNLOCK_WINDOW_MS),
      address && this.counter.hit(`link-unlock-wrong:${link}:${address}`, UNLOCK_WINDOW_MS),
    ]);
  }
}
