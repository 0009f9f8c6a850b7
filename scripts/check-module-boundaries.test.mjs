import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findViolations, importsOf, judge } from './check-module-boundaries.mjs';

let root;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A source tree from { 'relative/path.ts': 'text' }. */
function tree(files) {
  root = mkdtempSync(path.join(tmpdir(), 'module-boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const clean = {
  'app.ts': "import { farmsRoutes } from './modules/farms';\n",
  'modules/farms/index.ts': "export { farmsRoutes } from './farms.routes';\n",
  'modules/farms/farms.routes.ts':
    "import { farms } from './farms.schema';\nimport { listProducts } from '../products';\n",
  'modules/farms/farms.schema.ts': "export const farms = 'farms';\n",
  'modules/products/index.ts': "export { listProducts } from './products.service';\n",
  'modules/products/products.service.ts': 'export const listProducts = () => [];\n',
  'modules/products/products.schema.ts': "import { farms } from '../farms/farms.schema';\n",
  'modules/products/products.test.ts': "import { farmsRoutes } from '../farms';\n",
};

describe('the module boundary check', () => {
  it('passes a tree whose modules meet only through their index files', () => {
    expect(findViolations(tree(clean))).toEqual([]);
  });

  it('fails a deep import into another module, naming the file, line and the door to use', () => {
    const violations = findViolations(
      tree({
        ...clean,
        'app.ts': "// the app\nimport { farmsRoutes } from './modules/farms/farms.routes';\n",
      }),
    );
    expect(violations).toMatchObject([
      {
        rule: 'deep-import',
        file: 'app.ts',
        line: 2,
        from: 'app.ts',
        to: 'modules/farms',
        message:
          "imports modules/farms/farms.routes: import 'modules/farms' (its index.ts) instead",
      },
    ]);
  });

  it("fails a module's tables imported from outside it, except by another schema file", () => {
    const violations = findViolations(
      tree({
        ...clean,
        'modules/events/events.service.ts': "import { farms } from '../farms/farms.schema';\n",
      }),
    );
    expect(violations).toMatchObject([
      { rule: 'schema-import', file: 'modules/events/events.service.ts', to: 'modules/farms' },
    ]);
  });

  it('fails a cycle between modules, naming each step, and leaves tests out of the graph', () => {
    const violations = findViolations(
      tree({
        ...clean,
        'modules/products/products.service.ts': "import { farmsRoutes } from '../farms';\n",
      }),
    );
    expect(violations).toMatchObject([
      {
        rule: 'cycle',
        modules: ['farms', 'products'],
        message:
          'modules import each other: farms -> products (modules/farms/farms.routes.ts:2), products -> farms (modules/products/products.service.ts:1)',
      },
    ]);
  });

  it('names every module of a tangle, so that tolerating one ring does not hide another', () => {
    const violations = findViolations(
      tree({
        ...clean,
        'modules/products/products.service.ts': "import { farmsRoutes } from '../farms';\n",
        'modules/orders/index.ts': "export const orders = 'orders';\n",
        'modules/orders/orders.service.ts': "import { listProducts } from '../products';\n",
        'modules/products/products.routes.ts': "import { orders } from '../orders';\n",
      }),
    );
    expect(violations).toMatchObject([{ rule: 'cycle', modules: ['farms', 'orders', 'products'] }]);
    const oneRing = { rule: 'cycle', modules: ['farms', 'products'], reason: 'being split' };
    expect(judge(violations, [oneRing]).failing).toHaveLength(1);
  });

  it('fails db/ importing a module', () => {
    const violations = findViolations(
      tree({ ...clean, 'db/seed.ts': "import { listProducts } from '../modules/products';\n" }),
    );
    expect(violations).toMatchObject([{ rule: 'layer', file: 'db/seed.ts' }]);
  });

  it('tolerates listed violations and fails on a listed one that no longer occurs', () => {
    const violation = { rule: 'deep-import', from: 'app.ts', to: 'modules/farms' };
    const listed = { ...violation, reason: 'farms has no index.ts yet' };
    const cycle = { rule: 'cycle', modules: ['orders', 'products'], reason: 'being split' };
    expect(judge([violation], [listed])).toEqual({ failing: [], stale: [], toleratedCount: 1 });
    expect(judge([], [listed, cycle])).toEqual({
      failing: [],
      stale: [listed, cycle],
      toleratedCount: 0,
    });
    expect(judge([violation], []).failing).toEqual([violation]);
  });
});

describe('importsOf', () => {
  it('finds static, type-only, multi-line, re-exported, side-effect and dynamic imports', () => {
    const text = [
      "import a from './a';",
      "import type { B } from '../b';",
      'import {',
      '  c,',
      "} from './c';",
      "export { d } from './d';",
      "import './e';",
      "const f = await import('./f');",
      "vi.mock('./g');",
      "import { h } from 'drizzle-orm';",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { spec: './a', line: 1 },
      { spec: '../b', line: 2 },
      { spec: './c', line: 5 },
      { spec: './d', line: 6 },
      { spec: './e', line: 7 },
      { spec: './f', line: 8 },
      { spec: './g', line: 9 },
    ]);
  });
});
