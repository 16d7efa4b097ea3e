/** A node of a CDP CPU profile (`Profiler.stop`), the fields the profile scripts read. */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** A CDP CPU profile (`Profiler.stop`'s `profile`). */
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A profile node as `function file:line` (1-based line), the name the profile scripts print. */
export function frameName(n: ProfileNode): string {
  const f = n.callFrame;
  const file = f.url.split('/').pop() ?? '';
  return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
}

/** A run of consecutive non-idle samples (a task, roughly): when it began, how long, self times. */
export interface BusyStretch {
  /** Profile clock, µs. */
  start: number;
  ms: number;
  /** Self time in ms by `frameName`. */
  self: Map<string, number>;
}

/** Busy stretches: consecutive non-idle samples, with the self time of each node in them. */
export function busyStretches(p: Profile): BusyStretch[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const out: BusyStretch[] = [];
  let t = p.startTime;
  let cur: BusyStretch | undefined;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    t += (p.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(p.samples[i] ?? -1);
    if (node?.callFrame.functionName === '(idle)') {
      cur = undefined;
      continue;
    }
    if (!cur) {
      cur = { start: t, ms: 0, self: new Map() };
      out.push(cur);
    }
    cur.ms += dt;
    const name = node ? frameName(node) : '?';
    cur.self.set(name, (cur.self.get(name) ?? 0) + dt);
  }
  return out;
}

/**
 * Prints the `stretches` longest busy stretches with their `perStretch` costliest functions,
 * then the `overall` costliest functions over all of them.
 */
export function printBusyStretches(
  all: BusyStretch[],
  { stretches, perStretch, overall }: { stretches: number; perStretch: number; overall: number },
): void {
  const longest = [...all].sort((a, b) => b.ms - a.ms);
  for (const s of longest.slice(0, stretches)) {
    console.log(`\n${s.ms.toFixed(1)} ms:`);
    for (const [name, ms] of [...s.self].sort((a, b) => b[1] - a[1]).slice(0, perStretch))
      console.log(`  ${ms.toFixed(1).padStart(6)} ms  ${name}`);
  }
  const total = new Map<string, number>();
  for (const s of all) for (const [k, v] of s.self) total.set(k, (total.get(k) ?? 0) + v);
  if (all.length) console.log('\nself time over the whole run:');
  for (const [name, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, overall))
    console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
}
