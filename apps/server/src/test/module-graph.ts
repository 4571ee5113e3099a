import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The server's units, as its layering speaks of them: each feature module (`modules/<name>`), each
 * other top-level folder (`http`, `access`, `db`…), the entry files together (`app`), and every
 * other top-level file on its own (`errors`).
 */
const ENTRY_FILES = new Set(['app.ts', 'server.ts', 'worker.ts']);

/** The unit of a file, given by its path under the source root (with `/` separators). */
export function unitOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return ENTRY_FILES.has(file) ? 'app' : file.replace(/\.ts$/, '');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0]!;
}

/** One import that crosses from one unit into another. */
export interface CrossImport {
  /** The importing file, relative to the root. */
  file: string;
  /** What it imports, as written. */
  specifier: string;
}

/** For each unit, the units it imports, each with the imports that do it. */
export type UnitGraph = Map<string, Map<string, CrossImport[]>>;

function sourceFiles(root: string, folder = ''): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(root, relative);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative] : [];
  });
}

/** Reads the relative imports of every non-test .ts file under `root` into the graph of units. */
export function readUnitGraph(root: string): UnitGraph {
  const graph: UnitGraph = new Map();
  for (const file of sourceFiles(root)) {
    const from = unitOf(file);
    const imports = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    for (const { fileName: specifier } of imports.importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const target = path.posix.join(path.posix.dirname(file), specifier);
      if (target.startsWith('..')) continue;
      const to = unitOf(target);
      if (to === from) continue;
      const targets = graph.get(from) ?? new Map<string, CrossImport[]>();
      graph.set(from, targets);
      targets.set(to, [...(targets.get(to) ?? []), { file, specifier }]);
    }
  }
  return graph;
}

/**
 * A group of units that import each other, and one cycle among them: each step's unit imports the
 * next one's, and the last step's imports the first's.
 */
export interface UnitCycle {
  units: string[];
  steps: { from: string; to: string; imports: CrossImport[] }[];
}

/**
 * One cycle for every group of units that import each other (a strongly connected component of
 * the graph), found by Tarjan's algorithm and walked as the shortest cycle through its first unit.
 */
export function findCycles(graph: UnitGraph): UnitCycle[] {
  const next = (unit: string) => [...(graph.get(unit)?.keys() ?? [])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];

  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    for (const target of next(unit)) {
      if (!index.has(target)) {
        visit(target);
        low.set(unit, Math.min(low.get(unit)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(unit, Math.min(low.get(unit)!, index.get(target)!));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const component = stack.splice(stack.indexOf(unit));
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const unit of [...graph.keys()].sort()) if (!index.has(unit)) visit(unit);

  return components.map((component) => {
    const start = component[0]!;
    // Breadth-first within the component, back to the start: the shortest cycle through it.
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const unit = queue.shift()!;
      if (cameFrom.has(start)) break;
      for (const target of next(unit).filter((t) => component.includes(t))) {
        if (cameFrom.has(target)) continue;
        cameFrom.set(target, unit);
        queue.push(target);
      }
    }
    const steps: UnitCycle['steps'] = [];
    let to = start;
    do {
      const from = cameFrom.get(to)!;
      steps.unshift({ from, to, imports: graph.get(from)!.get(to)! });
      to = from;
    } while (to !== start);
    return { units: component, steps };
  });
}

/** The cycles as a failure message: the units in order, then the imports that close each step. */
export function describeCycles(cycles: UnitCycle[]): string {
  return cycles
    .map(({ units, steps }) =>
      [
        `${units.join(', ')} import each other, as in`,
        [...steps.map((step) => step.from), steps[0]!.from].join(' → '),
        ...steps.flatMap((step) => [
          `  ${step.from} → ${step.to}:`,
          ...step.imports.map((found) => `    ${found.file} imports ${found.specifier}`),
        ]),
      ].join('\n'),
    )
    .join('\n\n');
}
