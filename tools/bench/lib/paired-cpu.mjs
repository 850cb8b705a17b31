// CPU per GiB of several contenders measured round by round beside one reference (nginx), and the
// ratio to it as the median of each round's ratio: how bench:api pairs throughput too. This VM
// slows everything by up to 2x for minutes at a time; summed over all rounds, a slow stretch that
// fell on one contender's turns moved its ratio by half, where a median of paired rounds drops it.
import { runSecondsOf } from './cpu.mjs';

const GiB = 1024 ** 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export class PairedCpu {
  /** name → one { seconds, bytes } per round. */
  #rounds = new Map();

  /** Records `seconds` of CPU spent on `bytes` by `name` in the next round. */
  add(name, seconds, bytes) {
    if (!this.#rounds.has(name)) this.#rounds.set(name, []);
    this.#rounds.get(name).push({ seconds, bytes });
  }

  /**
   * Runs `step` (resolving with `{ bytes }`), and records for `name` the CPU seconds the processes
   * `pids` ran meanwhile (their threads' schedstat: nanoseconds, not 10 ms ticks). Resolves with what `step` did.
   */
  async measure(name, pids, step) {
    const before = await Promise.all(pids.map(runSecondsOf));
    const result = await step();
    const after = await Promise.all(pids.map(runSecondsOf));
    this.add(
      name,
      after.reduce((sum, value, i) => sum + value - before[i], 0),
      result.bytes,
    );
    return result;
  }

  /** CPU seconds per GiB of `name` over all its rounds together. */
  perGiB(name) {
    const rounds = this.#of(name);
    return rounds.reduce((sum, r) => sum + r.seconds, 0) / (rounds.reduce((sum, r) => sum + r.bytes, 0) / GiB);
  }

  /** Each round's CPU per GiB of `name` over `reference`'s in the same round. */
  ratios(name, reference) {
    const ours = this.#of(name);
    const theirs = this.#of(reference);
    if (ours.length !== theirs.length)
      throw new Error(`${name} has ${ours.length} rounds, ${reference} ${theirs.length}`);
    return ours.map((r, i) => r.seconds / r.bytes / (theirs[i].seconds / theirs[i].bytes));
  }

  /** The median of `ratios(name, reference)`. */
  ratio(name, reference) {
    return median(this.ratios(name, reference));
  }

  #of(name) {
    const rounds = this.#rounds.get(name);
    if (!rounds?.length) throw new Error(`no rounds of ${name}`);
    return rounds;
  }
}
