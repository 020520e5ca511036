// What the two graph checks share (check-module-graph.mjs, check-file-cycles.mjs): walking a
// source tree, and finding the cycles of a directed graph.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` whose name `keep` accepts, depth first. */
export function* sourceFiles(dir, keep) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path, keep);
    else if (keep(entry.name)) yield path;
  }
}

/**
 * The cycles of a graph (`edges`: node → the nodes it points to): Tarjan's strongly connected
 * components of two or more nodes, or of one node pointing to itself. Without recursion, as a
 * long import chain is deep.
 */
export function cyclesOf(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  const enter = (node, work) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    work.push({ node, next: [...(edges.get(node) ?? [])], at: 0 });
  };
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work = [];
    enter(start, work);
    while (work.length > 0) {
      const frame = work.at(-1);
      if (frame.at < frame.next.length) {
        const w = frame.next[frame.at++];
        if (!edges.has(w)) continue;
        if (!index.has(w)) enter(w, work);
        else if (onStack.has(w)) low.set(frame.node, Math.min(low.get(frame.node), index.get(w)));
        continue;
      }
      work.pop();
      const v = frame.node;
      if (work.length > 0) {
        const parent = work.at(-1).node;
        low.set(parent, Math.min(low.get(parent), low.get(v)));
      }
      if (low.get(v) !== index.get(v)) continue;
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || [...edges.get(v)].includes(v)) cycles.push(component);
    }
  }
  return cycles;
}
