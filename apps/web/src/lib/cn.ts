import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names; a later Tailwind class wins over an earlier one that sets the same thing
 * (`cn('size-10', 'size-9')` is `size-9`; a later `p-4` also replaces an earlier `px-3`), under the
 * same variants. It does what tailwind-merge does for the utilities this app uses (`cn.test.ts`
 * checks it against tailwind-merge on every class in the sources) at a quarter of its size: every
 * first screen loads it. A class it does not know is kept as it is.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  let merged = mergedOf.get(joined);
  if (merged === undefined) {
    merged = merge(joined);
    mergedOf.set(joined, merged);
  }
  return merged;
}

// Each merge remembered: the same class lists come back on every render of every button, card and
// skeleton, and merging them anew was about a tenth of the script work while the landing page
// starts. The lists are the sources' own (a few hundred at most), so the map stays small.
const mergedOf = new Map<string, string>();

function merge(joined: string): string {
  const classes = joined.split(' ');
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const name = classes[i];
    if (!name) continue;
    const parsed = parse(name);
    if (parsed) {
      const [variants, group] = parsed;
      if (taken.has(variants + group)) continue;
      for (const covered of [group, ...(covers[group] ?? [])]) taken.add(variants + covered);
    }
    kept.push(name);
  }
  return kept.reverse().join(' ');
}

/** The class's variants (in a stable order) and the group of utilities it belongs to, or null. */
function parse(name: string): [string, string] | null {
  const parts = splitVariants(name);
  let base = parts.pop() ?? '';
  const important = base.startsWith('!') || base.endsWith('!');
  base = base.replace(/^!|!$/g, '').replace(/^-/, '');
  const group = groupOf(base);
  if (!group) return null;
  const variants = parts
    .map((part, index) => (part.startsWith('[') ? `${index}${part}` : part))
    .sort()
    .join(':');
  return [`${variants}${important ? '!' : ''}:`, group];
}

/** `hover:[&_x]:p-2` → `hover`, `[&_x]`, `p-2`: colons inside brackets or parentheses stay. */
function splitVariants(name: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const char = name[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      parts.push(name.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(name.slice(start));
  return parts;
}

const sides = (prefix: string, letters: string) => [...letters].map((side) => `${prefix}${side}`);

/** What a group's utility also sets, so that it replaces those too when it comes later. */
const covers: Record<string, string[]> = {
  p: ['px', 'py', ...sides('p', 'tblrse')],
  px: ['pl', 'pr', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', ...sides('m', 'tblrse')],
  mx: ['ml', 'mr', 'ms', 'me'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'bottom', 'left', 'right', 'start', 'end'],
  'inset-x': ['left', 'right'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  overflow: ['overflow-x', 'overflow-y'],
  rounded: ['rounded-t', 'rounded-b', 'rounded-l', 'rounded-r'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-t', 'border-w-b', 'border-w-l', 'border-w-r'],
  'border-w-x': ['border-w-l', 'border-w-r'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'text-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  flex: ['grow', 'shrink', 'basis'],
};

const keywordGroups: Record<string, string> = {};
for (const [group, words] of Object.entries({
  display:
    'block inline-block inline flex inline-flex grid inline-grid hidden contents table table-cell table-row flow-root list-item',
  position: 'static fixed absolute relative sticky',
  visibility: 'visible invisible collapse',
  'sr-only': 'sr-only not-sr-only',
  'text-overflow': 'truncate text-ellipsis text-clip',
  'font-style': 'italic not-italic',
  decoration: 'underline no-underline line-through overline',
  'text-transform': 'uppercase lowercase capitalize normal-case',
  'fvn-spacing': 'tabular-nums proportional-nums',
  'border-collapse': 'border-collapse border-separate',
})) {
  for (const word of words.split(' ')) keywordGroups[word] = group;
}

const textSizes = /^(xs|sm|base|lg|[2-9]?xl)$/;
const textAligns = /^(left|center|right|justify|start|end)$/;
const borderStyles = /^(solid|dashed|dotted|double|hidden|none)$/;
const widths = /^(\d+|\[\d.*px\])?$/;
const shadowSizes = /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)?$/;
const fontWeights = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;

/** The utilities of one kind: later ones of a kind replace earlier ones. */
const prefixes = [
  'min-w',
  'max-w',
  'min-h',
  'max-h',
  'size',
  'w',
  'h',
  'px',
  'py',
  'pt',
  'pb',
  'pl',
  'pr',
  'ps',
  'pe',
  'p',
  'mx',
  'my',
  'mt',
  'mb',
  'ml',
  'mr',
  'ms',
  'me',
  'm',
  'gap-x',
  'gap-y',
  'gap',
  'space-x',
  'space-y',
  'divide-x',
  'divide-y',
  'inset-x',
  'inset-y',
  'inset',
  'top',
  'bottom',
  'left',
  'right',
  'z',
  'grid-cols',
  'grid-rows',
  'col-span',
  'col-start',
  'col-end',
  'row-span',
  'row-start',
  'items',
  'justify-items',
  'justify-self',
  'justify',
  'content',
  'self',
  'place-items',
  'place-content',
  'place-self',
  'order',
  'basis',
  'grow',
  'shrink',
  'overflow-x',
  'overflow-y',
  'overflow',
  'object',
  'aspect',
  'line-clamp',
  'whitespace',
  'break',
  'cursor',
  'pointer-events',
  'select',
  'opacity',
  'leading',
  'tracking',
  'rounded-t',
  'rounded-b',
  'rounded-l',
  'rounded-r',
  'rounded',
  'transition',
  'duration',
  'ease',
  'delay',
  'animate',
  'translate-x',
  'translate-y',
  'scale',
  'rotate',
  'list',
  'align',
  'underline-offset',
  'accent',
  'backdrop-blur',
  'blur',
  'scroll-m',
  'scroll-p',
  'snap',
  'appearance',
  'resize',
  'fill',
  'stroke',
];

function groupOf(base: string): string | null {
  if (keywordGroups[base]) return keywordGroups[base];
  // An arbitrary property, `[appearance:textfield]`: grouped by the property it sets.
  const arbitrary = /^\[([a-z-]+):.+\]$/.exec(base);
  if (arbitrary) return `[${arbitrary[1]}]`;
  const [, root = base, value = ''] = /^([a-z]+(?:-[a-z]+)*?)(?:-(.+))?$/.exec(base) ?? [];
  switch (root) {
    case 'text':
      if (textSizes.test(value) || /^\[\d/.test(value)) return 'text-size';
      if (textAligns.test(value)) return 'text-align';
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return 'text-wrap';
      return 'text-color';
    case 'font':
      return fontWeights.test(value) ? 'font-weight' : 'font-family';
    case 'shadow':
      return shadowSizes.test(value) ? 'shadow' : 'shadow-color';
    case 'ring':
      return widths.test(value) ? 'ring-w' : 'ring-color';
    case 'outline':
      if (value.startsWith('offset')) return 'outline-offset';
      if (borderStyles.test(value) || value === '') return 'outline-style';
      return widths.test(value) ? 'outline-w' : 'outline-color';
    case 'bg':
      return 'bg-color';
    case 'flex':
      if (/^(row|col)(-reverse)?$/.test(value)) return 'flex-direction';
      if (/^(wrap|nowrap|wrap-reverse)$/.test(value)) return 'flex-wrap';
      return 'flex';
    case 'border': {
      const sided = /^([xytblrse])(?:-(.*))?$/.exec(value);
      const side = sided?.[1] ?? '';
      const rest = sided ? (sided[2] ?? '') : value;
      if (borderStyles.test(rest) && rest !== '') return 'border-style';
      if (widths.test(rest)) return side ? `border-w-${side}` : 'border-w';
      return side ? `border-color-${side}` : 'border-color';
    }
    case 'snap':
      if (/^(x|y|both|none)$/.test(value)) return 'snap-type';
      if (/^(mandatory|proximity)$/.test(value)) return 'snap-strictness';
      return /^(normal|always)$/.test(value) ? 'snap-stop' : 'snap-align';
    case 'divide':
      if (value === 'x' || value === 'y' || /^[xy]-\d+$/.test(value)) return `divide-${value[0]}`;
      return 'divide-color';
  }
  for (const prefix of prefixes) {
    if (base === prefix || base.startsWith(`${prefix}-`)) return prefix;
  }
  return null;
}
