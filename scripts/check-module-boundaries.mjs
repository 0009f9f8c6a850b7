// Fails the lint on imports that cross a server module's boundary:
//   deep-import    a file outside modules/<x>/ imports one of its files other than index.ts;
//   schema-import  a file outside modules/<x>/ imports its <x>.schema.ts (the module's tables are
//                  its own), except another module's schema file declaring a foreign key to them;
//   layer          db/ or adapters/ import a module (modules build on them, not the reverse);
//   cycle          modules import each other in a ring. The graph has an edge x -> y when a file
//                  of modules/x, other than a test or a schema file, imports modules/y. Tests are
//                  left out: a test may set up its world through other modules without making its
//                  module depend on them at run time. Schema files are left out: a foreign key
//                  points at the table it needs, which says nothing about who calls whom.
// Violations in the tolerated list pass; an entry of that list that matches nothing fails, so the
// list only shrinks.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const IMPORT_PATTERNS = [
  // import x from '...', import { a } from '...', export { a } from '...', export * from '...'
  /\b(?:import|export)\b[^;'"`]*?\bfrom\s*(['"])(?<spec>[^'"]+)\1/g,
  // import '...'
  /\bimport\s*(['"])(?<spec>[^'"]+)\1/g,
  // import('...') and vi.mock('...')
  /\b(?:import|vi\.mock)\s*\(\s*(['"])(?<spec>[^'"]+)\1/g,
];

const LAYERS_WITHOUT_MODULES = ['db/', 'adapters/'];

/** Every .ts file under `dir`, as paths relative to `root` with forward slashes. */
function sourceFiles(root, dir = root) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(root, full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path.relative(root, full).split(path.sep).join('/')]
      : [];
  });
}

/** The relative imports of one file's text: the specifier and its line. */
export function importsOf(text) {
  const found = new Map();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const spec = match.groups.spec;
      if (!spec.startsWith('.')) continue;
      const at = match.index + match[0].lastIndexOf(spec);
      found.set(at, { spec, line: text.slice(0, at).split('\n').length });
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/** `modules/<name>/<rest>` -> { name, rest }, where rest has no extension ('' for the folder). */
function moduleOf(relativePath) {
  const match = /^modules\/([^/]+)(?:\/(.*))?$/.exec(relativePath);
  if (!match) return null;
  return { name: match[1], rest: (match[2] ?? '').replace(/\.(ts|tsx|mts|js|mjs)$/, '') };
}

const isTest = (file) => /\.test\.tsx?$/.test(file);
const isSchema = (file) => /\.schema\.ts$/.test(file);
const isDoor = (rest) => rest === '' || rest === 'index';

/**
 * Every violation under `srcRoot`, each { rule, file, line, from, to, message }: `from` and `to`
 * are what a tolerated entry names (a module `modules/<x>` or a file, relative to srcRoot).
 */
export function findViolations(srcRoot) {
  const violations = [];
  const edges = new Map(); // module -> Map(module -> first { file, line })

  for (const file of sourceFiles(srcRoot)) {
    const source = moduleOf(file);
    const text = readFileSync(path.join(srcRoot, file), 'utf8');
    for (const { spec, line } of importsOf(text)) {
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const target = moduleOf(resolved);
      if (!target || target.name === source?.name) continue;
      const from = source ? `modules/${source.name}` : file;
      const to = `modules/${target.name}`;

      const layer = LAYERS_WITHOUT_MODULES.find((prefix) => file.startsWith(prefix));
      if (layer) {
        violations.push({
          rule: 'layer',
          file,
          line,
          from,
          to,
          message: `${layer} builds no module: move this code out of ${layer} or pass what it needs in`,
        });
      }

      if (target.rest === `${target.name}.schema`) {
        if (!(source && isSchema(file))) {
          violations.push({
            rule: 'schema-import',
            file,
            line,
            from,
            to,
            message: `${resolved} holds ${to}'s tables: ask ${to} (its index.ts) for what you need`,
          });
        }
      } else if (!isDoor(target.rest)) {
        violations.push({
          rule: 'deep-import',
          file,
          line,
          from,
          to,
          message: `imports ${resolved}: import '${path.posix.relative(path.posix.dirname(file), to)}' (its index.ts) instead`,
        });
      }

      if (source && !isTest(file) && !isSchema(file)) {
        const targets = edges.get(source.name) ?? new Map();
        if (!targets.has(target.name)) targets.set(target.name, { file, line });
        edges.set(source.name, targets);
      }
    }
  }

  for (const { members, ring } of cycles(edges)) {
    const steps = ring.map((name, i) => {
      const next = ring[(i + 1) % ring.length];
      const { file, line } = edges.get(name).get(next);
      return `${name} -> ${next} (${file}:${line})`;
    });
    violations.push({
      rule: 'cycle',
      file: edges.get(ring[0]).get(ring[1]).file,
      line: edges.get(ring[0]).get(ring[1]).line,
      from: `modules/${ring[0]}`,
      to: `modules/${ring[1]}`,
      // Every module of the tangle, so that tolerating one ring never hides another in it.
      modules: members,
      message: `modules import each other: ${steps.join(', ')}${
        members.length > ring.length ? ` (tangled together: ${members.join(', ')})` : ''
      }`,
    });
  }
  return violations;
}

/**
 * Per strongly connected group of two or more modules (Tarjan's algorithm): its members, sorted,
 * and one ring through them to show.
 */
function cycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => ({
    members: [...group].sort(),
    ring: ringWithin(new Set(group), edges),
  }));
}

/** A shortest ring through the group's first member, by breadth-first search inside the group. */
function ringWithin(group, edges) {
  const start = [...group].sort()[0];
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const ring = [];
        for (let at = node; at !== null; at = cameFrom.get(at)) ring.unshift(at);
        return ring;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** A tolerated entry matches a violation of its rule between the same `from` and `to`. */
function matches(entry, violation) {
  if (entry.rule !== violation.rule) return false;
  if (violation.rule === 'cycle') {
    return [...entry.modules].sort().join(',') === violation.modules.join(',');
  }
  return entry.from === violation.from && entry.to === violation.to;
}

/** Splits the violations into those the list tolerates and the rest, and finds stale entries. */
export function judge(violations, tolerated) {
  const failing = violations.filter((v) => !tolerated.some((entry) => matches(entry, v)));
  const stale = tolerated.filter((entry) => !violations.some((v) => matches(entry, v)));
  return { failing, stale, toleratedCount: violations.length - failing.length };
}

function describeEntry(entry) {
  return entry.rule === 'cycle'
    ? `cycle ${entry.modules.join(' <-> ')}`
    : `${entry.rule} ${entry.from} -> ${entry.to}`;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const srcRoot = path.join(root, 'apps/server/src');
  const toleratedFile = path.join(root, 'scripts/module-boundaries-tolerated.json');
  const tolerated = JSON.parse(readFileSync(toleratedFile, 'utf8')).tolerated;
  const { failing, stale, toleratedCount } = judge(findViolations(srcRoot), tolerated);

  for (const v of failing) {
    console.error(`apps/server/src/${v.file}:${v.line}  ${v.rule}  ${v.message}`);
  }
  for (const entry of stale) {
    console.error(
      `${path.relative(root, toleratedFile)}  stale  "${describeEntry(entry)}" no longer occurs: remove it from the list`,
    );
  }
  const summary = `module boundaries: ${failing.length} violation(s), ${stale.length} stale tolerated entr(ies), ${toleratedCount} tolerated by ${tolerated.length} listed entr(ies)`;
  if (failing.length > 0 || stale.length > 0) {
    console.error(summary);
    process.exit(1);
  }
  console.log(summary);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
