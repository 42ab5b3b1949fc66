// Every figure is recorded as a check: its value, the baseline it is a ratio of, its target
// and whether the target is met. Printed as Markdown tables, saved to bench/results/latest.json.

export class Report {
  constructor() {
    this.sections = {};
    this.checks = [];
    this.notes = [];
  }

  /** Raw measurements of one benchmark, kept in the JSON. */
  section(name, data) {
    this.sections[name] = data;
  }

  /**
   * @param {{ item: number, figure: string, value: number, unit?: string, target?: string, met?: boolean | null, baseline?: string }} check
   *   met: null when there is no target (informational)
   */
  check(check) {
    this.checks.push({ unit: '', target: '–', met: null, ...check });
  }

  note(text) {
    this.notes.push(text);
    console.info(`  note: ${text}`);
  }

  printSummary() {
    console.info('\n## Summary (every figure, its target, met or not)\n');
    console.info('| # | figure | value | target | met |');
    console.info('|---|---|---:|---|:--:|');
    for (const c of this.checks) {
      console.info(`| ${c.item} | ${c.figure} | ${fmt(c.value)}${c.unit ? ` ${c.unit}` : ''} | ${c.target} | ${c.met === null ? '–' : c.met ? 'met' : 'NOT met'} |`);
    }
    const missed = this.checks.filter((c) => c.met === false);
    console.info(`\n${this.checks.filter((c) => c.met === true).length} targets met, ${missed.length} NOT met${missed.length ? `: ${missed.map((c) => c.figure).join('; ')}` : ''}.`);
  }
}

export function fmt(n) {
  if (typeof n !== 'number' || Number.isInteger(n)) return String(n);
  if (!Number.isFinite(n)) return String(n);
  return Math.abs(n) < 10 ? n.toFixed(2) : Math.abs(n) < 1000 ? n.toFixed(1) : String(Math.round(n));
}

export function table(headers, rows) {
  console.info(`| ${headers.join(' | ')} |`);
  console.info(`|${headers.map(() => '---').join('|')}|`);
  for (const row of rows) console.info(`| ${row.map((c) => (typeof c === 'number' ? fmt(c) : c)).join(' | ')} |`);
}

export const verdict = (met) => (met ? 'met' : 'NOT met');
