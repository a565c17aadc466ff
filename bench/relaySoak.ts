// npm run soak:relay — the relay through failures for a minute (three instances, one Redis or one
// Postgres, a fault proxy; connections cut twice, the store restarted, an instance killed): prints what
// happened to every request and answer, and the invariants. Exits 1 when one broke.
//
//   npm run soak:relay -- [--seconds 60] [--people 20] [--rate 4] [--store redis|postgres]
import { runRelaySoak } from "../test/server/faults/relaySoak";

const args = Object.fromEntries(process.argv.slice(2).map((arg, i, all) => [arg.replace(/^--/, ""), all[i + 1]]));
const report = await runRelaySoak({
  seconds: Number(args.seconds ?? 60),
  people: Number(args.people ?? 20),
  rate: Number(args.rate ?? 4),
  store: args.store === "postgres" ? "postgres" : "redis",
  log: (line) => console.log(`- ${line}`),
});
console.log("\n| what | count |\n|---|--:|");
for (const [what, count] of Object.entries(report.counts)) console.log(`| ${what} | ${count} |`);
console.log(report.violations.length === 0 ? "\nEvery invariant held." : `\n${report.violations.length} broken:\n${report.violations.map((v) => `- ${v}`).join("\n")}`);
process.exit(report.violations.length === 0 ? 0 : 1);
