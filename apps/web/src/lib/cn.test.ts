import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

// Every class the app's sources name: the words of each string literal that reads like a class list.
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./cn.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const looksLikeClass = /^!?(?:[a-z0-9@*[\]&=_.:/()%#,'-]+:)?-?[a-z[][a-z0-9[\]&=_.:/()%#,!-]*$/;
const classes = new Set<string>();
for (const source of Object.values(sources)) {
  for (const [, , text = ''] of source.matchAll(/(['"`])((?:(?!\1)[^\\\n])*)\1/g)) {
    const words = text.split(/\s+/).filter(Boolean);
    if (words.length === 0 || !words.every((word) => looksLikeClass.test(word))) continue;
    if (!words.some((word) => word.includes('-') || word.includes(':'))) continue;
    for (const word of words) classes.add(word);
  }
}

// The same class twice is the same style either way.
const distinct = (list: string) => [...new Set(list.split(' ').filter(Boolean))].join(' ');

describe('cn', () => {
  it("lets a component's className replace the defaults it overrides", () => {
    // A ghost button in red (`text-danger` over `text-ink`), and a dialog made wider.
    expect(cn('text-sm text-ink hover:bg-sunken', 'text-danger')).toBe(
      'text-sm hover:bg-sunken text-danger',
    );
    expect(cn('w-full max-w-lg', false, undefined, ['max-w-2xl'])).toBe('w-full max-w-2xl');
    expect(cn('farm-card', 'farm-card-wide')).toBe('farm-card farm-card-wide');
  });

  it("merges every pair of the sources' classes as tailwind-merge's full table does", () => {
    const all = [...classes];
    expect(all.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const first of all) {
      for (const second of all) {
        const joined = `${first} ${second}`;
        if (distinct(cn(joined)) !== distinct(twMerge(joined))) differences.push(joined);
      }
    }
    expect(differences).toEqual([]);
  });
});
