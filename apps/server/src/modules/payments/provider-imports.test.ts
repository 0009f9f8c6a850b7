import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../', import.meta.url));
const payments = fileURLToPath(new URL('./', import.meta.url));

/** Every module a file names: static and dynamic imports, re-exports and lazy requires. */
function specifiers(text: string): string[] {
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\b(?:import|require|lazyRequire(?:<[^>]*>)?)\(\s*['"]([^'"]+)['"]/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/**
 * A provider's own objects and types stay inside the payments module: everything else speaks to
 * a provider through the module's door (`modules/payments/index.ts`), in Furrow's words.
 */
function reachesAProvider(specifier: string): boolean {
  return (
    specifier === 'stripe' ||
    specifier.startsWith('stripe/') ||
    // Its tables are another matter: the boundary check governs who reads them.
    /(^|\/)payments\/(?!payments\.schema$)./.test(specifier) ||
    specifier.includes('adapters/payments')
  );
}

describe('payment providers', () => {
  it('are imported by the payments module alone', async () => {
    const files = (await readdir(src, { recursive: true }))
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join(src, file))
      .filter((file) => !file.startsWith(payments));
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const file of files) {
      for (const specifier of specifiers(await readFile(file, 'utf8'))) {
        if (reachesAProvider(specifier)) {
          offenders.push(`${relative(src, file).split(sep).join('/')} imports ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('would notice a file that did', () => {
    // Paths spelled in parts, as another module would write them from outside this folder.
    const from = (...parts: string[]) => `import { x } from '${parts.join('/')}';`;
    const noticed = (line: string) => specifiers(line).some(reachesAProvider);
    expect(noticed("import type Stripe from 'stripe';")).toBe(true);
    expect(noticed("lazyRequire<typeof S>('stripe')")).toBe(true);
    expect(noticed(from('..', 'payments', 'stripe', 'stripe-provider'))).toBe(true);
    expect(noticed(from('.', 'modules', 'payments', 'sandbox', 'sandbox-store'))).toBe(true);
    expect(noticed(from('..', 'payments'))).toBe(false);
    expect(noticed(from('..', 'payments', 'payments.schema'))).toBe(false);
  });
});
