// The figures, twice: an aligned table to read in the terminal and a Markdown table to paste into
// docs/benchmarks.md.

const fixed = (n, digits) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const percent = (share) => `${(share * 100).toFixed(1)} %`;

/** One row per scenario, the floor first; `target` is a function of the row, or absent. */
export function figureRows({ floor, scenarios }) {
  const tpcb = floor.tpcb.tps;
  const select = floor.selectOnly.tps;
  const rows = [
    {
      name: `pgbench TPC-B (${floor.tpcb.command})`,
      perSecond: tpcb,
      p50: floor.tpcb.p50,
      p99: floor.tpcb.p99,
      toTpcb: 1,
    },
    {
      name: `pgbench select-only (${floor.selectOnly.command})`,
      perSecond: select,
      p50: floor.selectOnly.p50,
      p99: floor.selectOnly.p99,
      toTpcb: select / tpcb,
    },
  ];
  for (const s of scenarios) {
    const perSecond = s.result['2xx'] / s.result.duration;
    const row = {
      name: s.name,
      perSecond,
      p50: s.result.latency.p50,
      p99: s.result.latency.p99,
      toTpcb: perSecond / tpcb,
      toSelect: perSecond / select,
      // The API process's CPU time per answered request (user + system), when measured.
      cpuMs: s.cpuMsPerRequest,
    };
    if (s.target) {
      row.target = s.target.text;
      row.met = s.target.met(row);
    }
    rows.push(row);
  }
  return rows;
}

function cellsOf(r) {
  return [
    r.name,
    fixed(r.perSecond, 0),
    fixed(r.p50, 1),
    fixed(r.p99, 1),
    fixed(r.toTpcb, 2),
    r.toSelect === undefined ? '' : fixed(r.toSelect, 3),
    r.cpuMs === undefined ? '' : fixed(r.cpuMs, 2),
    r.target ?? '',
    r.met === undefined ? '' : r.met ? 'yes' : 'NO',
  ];
}

const HEADER = [
  '',
  'per s',
  'p50 ms',
  'p99 ms',
  '× TPC-B',
  '× select',
  'API CPU ms/req',
  'target',
  'met',
];

export function printTable(rows) {
  const lines = rows.map(cellsOf);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells
      .map((c, i) => (i === 0 || i >= 7 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(format(HEADER));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

export function printMarkdown(rows, runLine) {
  const header = [
    'Scenario',
    'per s',
    'p50 ms',
    'p99 ms',
    '× TPC-B',
    '× select-only',
    'API CPU ms/req',
    'Target',
    'Met',
  ];
  console.log(runLine);
  console.log('');
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map((_, i) => (i === 0 || i >= 7 ? '---' : '---:')).join(' | ')} |`);
  for (const cells of rows.map(cellsOf)) {
    console.log(`| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`);
  }
}

export function printWaits(name, waits) {
  console.log(
    `\n${name}: ${waits.connections.toFixed(1)} API connections on average ` +
      `(${waits.samples} samples of pg_stat_activity, every 100 ms); ` +
      `≈ ${fixed(waits.transactionsPerRequest, 2)} database transactions per answered request; ` +
      `the bench process itself (load, signing) used ${fixed(waits.benchCores, 2)} cores` +
      (waits.apiSplitMs
        ? `; the API's CPU per request ${fixed(waits.apiSplitMs[0], 2)} ms user + ` +
          `${fixed(waits.apiSplitMs[1], 2)} ms system (kernel)`
        : ''),
  );
  for (const w of waits.top.slice(0, 6)) {
    console.log(
      `  ${percent(w.share).padStart(7)}  ${w.connections.toFixed(1).padStart(5)} conn  ${w.label}`,
    );
  }
}

export function printCpuProfile(name, summary) {
  if (!summary) {
    console.log(`\n${name}: no CPU profile was written`);
    return;
  }
  console.log(
    `\n${name}: API CPU profile after boot, ${fixed(summary.busyMs / 1000, 1)} s busy, ` +
      `${fixed(summary.idleMs / 1000, 1)} s idle. Self time by area:`,
  );
  for (const a of summary.areas) console.log(`  ${percent(a.share).padStart(7)}  ${a.area}`);
  console.log('  top functions by self time:');
  for (const f of summary.functions) {
    console.log(`  ${percent(f.share).padStart(7)}  ${f.name}  ${f.where}`.trimEnd());
    // Native and Node.js work is named after the nearest caller of ours, when it is a big item.
    if (f.share < 0.02) continue;
    for (const c of f.callers) {
      console.log(`  ${''.padStart(7)}    ${percent(c.share).padStart(7)} of it from ${c.caller}`);
    }
  }
}
