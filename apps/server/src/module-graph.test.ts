import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { describeCycles, findCycles, readUnitGraph, unitOf } from './test/module-graph.ts';

const SOURCE_ROOT = path.dirname(fileURLToPath(import.meta.url));

describe('the server units', () => {
  it('import each other one way only: no cycle among modules, http/, access/, db/ and the rest', () => {
    const graph = readUnitGraph(SOURCE_ROOT);
    // The graph is read at all: a broken reader would pass the check below on an empty graph.
    expect(graph.get('modules/projects')?.has('access')).toBe(true);
    const cycles = findCycles(graph);
    expect(cycles, `units that import each other:\n${describeCycles(cycles)}`).toEqual([]);
  });
});

describe('reading the graph of units', () => {
  const roots: string[] = [];

  /** Writes a source tree into a fresh folder: path → the files it imports. */
  function tree(files: Record<string, string[]>): string {
    const root = mkdtempSync(path.join(tmpdir(), 'module-graph-'));
    roots.push(root);
    for (const [file, imports] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      const lines = imports.map((specifier, i) => `import { x${i} } from '${specifier}';`);
      writeFileSync(path.join(root, file), [...lines, 'export const x = 1;', ''].join('\n'));
    }
    return root;
  }

  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('groups files into modules, top-level folders, the entry files and other top-level files', () => {
    expect(unitOf('modules/plot/plot.service.ts')).toBe('modules/plot');
    expect(unitOf('http/access.ts')).toBe('http');
    expect(unitOf('db/schema/movies.ts')).toBe('db');
    expect(unitOf('app.ts')).toBe('app');
    expect(unitOf('worker.ts')).toBe('app');
    expect(unitOf('errors.ts')).toBe('errors');
  });

  it('finds two modules that import each other, naming the files and imports on both sides', () => {
    const graph = readUnitGraph(
      tree({
        'app.ts': ['./modules/a/a.service.ts', './errors.ts'],
        'errors.ts': [],
        'db/database.ts': ['../errors.ts'],
        'modules/a/a.service.ts': ['../b/b.repository.ts', '../../errors.ts'],
        'modules/b/b.repository.ts': ['../../db/database.ts'],
        'modules/b/b.service.ts': ['../a/a.service.ts', 'node:path', '@plotline/core'],
        // Tests may import anything: they are no part of the layering.
        'modules/db-test/loop.test.ts': ['../../app.ts'],
      }),
    );

    const cycles = findCycles(graph);

    expect(cycles).toEqual([
      {
        units: ['modules/a', 'modules/b'],
        steps: [
          {
            from: 'modules/a',
            to: 'modules/b',
            imports: [{ file: 'modules/a/a.service.ts', specifier: '../b/b.repository.ts' }],
          },
          {
            from: 'modules/b',
            to: 'modules/a',
            imports: [{ file: 'modules/b/b.service.ts', specifier: '../a/a.service.ts' }],
          },
        ],
      },
    ]);
    expect(describeCycles(cycles)).toBe(
      [
        'modules/a, modules/b import each other, as in',
        'modules/a → modules/b → modules/a',
        '  modules/a → modules/b:',
        '    modules/a/a.service.ts imports ../b/b.repository.ts',
        '  modules/b → modules/a:',
        '    modules/b/b.service.ts imports ../a/a.service.ts',
      ].join('\n'),
    );
  });

  it('finds a cycle that runs through three units and a top-level folder', () => {
    const cycles = findCycles(
      readUnitGraph(
        tree({
          'http/guard.ts': ['../modules/auth/auth.service.ts'],
          'modules/auth/auth.service.ts': ['../users/users.service.ts'],
          'modules/users/users.service.ts': ['../../http/guard.ts'],
        }),
      ),
    );

    expect(cycles.map((cycle) => cycle.steps.map((step) => step.from))).toEqual([
      ['http', 'modules/auth', 'modules/users'],
    ]);
  });

  it('passes a tree whose units depend one way', () => {
    const graph = readUnitGraph(
      tree({
        'app.ts': ['./modules/a/a.routes.ts', './modules/b/b.service.ts'],
        'errors.ts': [],
        'http/access.ts': ['../errors.ts', '../access/caller.ts'],
        'access/caller.ts': [],
        'modules/a/a.routes.ts': ['../../http/access.ts', './a.service.ts'],
        'modules/a/a.service.ts': ['../b/b.repository.ts', '../../access/caller.ts'],
        'modules/b/b.repository.ts': [],
        'modules/b/b.service.ts': ['./b.repository.ts'],
      }),
    );

    expect(findCycles(graph)).toEqual([]);
    expect([...graph.get('modules/a')!.keys()].sort()).toEqual(['access', 'http', 'modules/b']);
  });
});
