#!/usr/bin/env node
// Where a V8 CPU profile's time went (node --cpu-prof, see BENCH_CPU_PROF in api.mjs): the
// functions with the most self time, and the same summed by package or file.
// Usage: node tools/bench/profile-summary.mjs <file.cpuprofile> [count]
import { readFileSync } from 'node:fs';

const [file, count = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.mjs <file.cpuprofile> [count]');
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map();
const byPlace = new Map();
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
for (const [id, us] of self) {
  const { callFrame } = byId.get(id);
  const url = callFrame.url.replace(/^file:\/\//, '');
  const where = url ? `${url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}` : '(native)';
  add(byFunction, `${callFrame.functionName || '(anonymous)'} ${where}`, us);
  const place = url.includes('node_modules/')
    ? url
        .split('node_modules/')
        .at(-1)
        .split('/')
        .slice(0, url.includes('node_modules/@') ? 2 : 1)
        .join('/')
    : url.startsWith('node:')
      ? url
      : url
        ? url.split('/').slice(-3).join('/')
        : callFrame.functionName || '(native)';
  add(byPlace, place, us);
}
const show = (title, map) => {
  console.log(`\n${title} (of ${(total / 1e6).toFixed(2)} s sampled)`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(count)))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1e3).toFixed(0).padStart(7)} ms  ${key}`);
};
show('self time by function', byFunction);
show('self time by package or file', byPlace);
