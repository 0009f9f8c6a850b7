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
  it('lets a later class of a kind win, under the same variants only', () => {
    expect(cn('size-10', 'size-9')).toBe('size-9');
    expect(cn('px-3 py-2', 'p-4')).toBe('p-4');
    expect(cn('p-4', 'px-3')).toBe('p-4 px-3');
    expect(cn('text-sm text-ink', 'text-lg')).toBe('text-ink text-lg');
    expect(cn('border border-line', 'border-leaf')).toBe('border border-leaf');
    expect(cn('hover:bg-sunken bg-surface', 'bg-leaf')).toBe('hover:bg-sunken bg-leaf');
    expect(cn('flex', false, undefined, ['grid', { hidden: true }])).toBe('hidden');
    expect(cn('farm-card', 'farm-card-wide')).toBe('farm-card farm-card-wide');
  });

  it('merges every pair of the classes the app uses as tailwind-merge does', () => {
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
