// Times crates/bots/examples/wasm_moves.rs built for wasm32-unknown-unknown (a module with
// no imports) under Node: its `main` plays a few hands of each rollout game with the hard
// bot in seat 0. Prints the wall and CPU milliseconds of each run (best of --reps).
//   node tools/wasm-moves.mjs target/wasm32-unknown-unknown/release/examples/wasm_moves.wasm [reps]
import { readFileSync } from "node:fs";

const [file, repsArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node tools/wasm-moves.mjs WASM [reps]");
  process.exit(2);
}
const module = new WebAssembly.Module(readFileSync(file));
const runs = [];
for (let rep = 0; rep < Number(repsArg || 3); rep++) {
  const { exports } = new WebAssembly.Instance(module, {});
  const t = performance.now();
  const c = process.cpuUsage();
  exports.main(0, 0);
  const cpu = process.cpuUsage(c);
  runs.push({ wall_ms: Math.round(performance.now() - t), cpu_ms: Math.round((cpu.user + cpu.system) / 1000) });
}
console.log(JSON.stringify({ file, runs }));
