// rot.js's cellular caves, as its manual makes them: a random fill, the automaton's steps
// (born 5678, survive 45678: the 4-5 rule), then connect() joining every open region.
// Usage: (cd bench && npm install) once, then node bench/rotjs_caves.mjs WIDTH HEIGHT STEPS
// SEED; prints the open tiles. Compare with mazegen caves --width W --height H --min-size 0.
import * as ROT from "rot-js";

const [width, height, steps, seed] = process.argv.slice(2).map(Number);
ROT.RNG.setSeed(seed);
const map = new ROT.Map.Cellular(width, height);
map.randomize(0.45);
for (let i = 0; i < steps; i++) map.create();
let open = 0;
map.connect((x, y, value) => { if (value === 0) open++; }, 0);
console.log(open);
