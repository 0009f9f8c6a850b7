import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';

/**
 * Joins class names; a later Tailwind class wins over an earlier one that sets the same thing
 * (`cn('size-10', 'size-9')` is `size-9`; a later `p-4` also replaces an earlier `px-3`), under the
 * same variants. So a component's `className` replaces the defaults it overrides, instead of leaving
 * two rules to fight by their order in the stylesheet. A class it does not know is kept as it is.
 */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}

// Checks of a utility's value. tailwind-merge's own come as one object, all of them or none.
const isAny = () => true;
const isNumber = (value: string) => value !== '' && !Number.isNaN(Number(value));

/** `{ p: [isAny] }` for each prefix: every value of the utility is one kind. */
const anyValueOf = (prefixes: string) =>
  Object.fromEntries(prefixes.split(' ').map((prefix) => [prefix, [{ [prefix]: [isAny] }]]));

/** The groups of a utility's sides: `sides('p', 'tb')` is `['pt', 'pb']`. */
const sides = (prefix: string, letters: string) => [...letters].map((side) => prefix + side);

/**
 * tailwind-merge with the kinds of utility this app uses, not the whole of Tailwind. The merger
 * comes with every first screen, and its full table (`twMerge`) would take the landing page's
 * JavaScript from 119 to 124 KB gzipped, over its budget of 120. `cn.test.ts` checks that this
 * one merges every class of the sources as the full table does; a class of a kind not listed
 * here makes that test fail, and gets its line.
 */
const merge = createTailwindMerge(() => ({
  // The same class lists come back on every render of every button and card: each merge is kept.
  cacheSize: 500,
  theme: {},
  classGroups: {
    display:
      'block inline-block inline flex inline-flex grid inline-grid hidden contents table table-cell table-row flow-root list-item'.split(
        ' ',
      ),
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    sr: ['sr-only', 'not-sr-only'],
    'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
    'text-decoration': ['underline', 'no-underline', 'line-through', 'overline'],
    'text-transform': ['uppercase', 'lowercase', 'capitalize', 'normal-case'],
    'fvn-spacing': ['tabular-nums', 'proportional-nums'],
    // Widths before colours: `border-2` is a width, `border-line` a colour.
    'border-w': [{ border: ['', isNumber] }],
    ...Object.fromEntries(
      [...'xytrbl'].map((side) => [`border-w-${side}`, [{ [`border-${side}`]: ['', isNumber] }]]),
    ),
    'border-style': [{ border: ['solid', 'dashed', 'dotted', 'double', 'hidden', 'none'] }],
    'border-color': [{ border: [isAny] }],
    'ring-w': [{ ring: ['', isNumber] }],
    'ring-color': [{ ring: [isAny] }],
    'outline-style': ['outline', { outline: ['solid', 'dashed', 'dotted', 'double', 'none'] }],
    'outline-offset': [{ 'outline-offset': [isAny] }],
    'outline-w': [{ outline: [isNumber] }],
    'outline-color': [{ outline: [isAny] }],
    'divide-y': [{ 'divide-y': ['', isNumber] }],
    'divide-color': [{ divide: [isAny] }],
    'font-size': [{ text: ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl'] }],
    'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    'text-wrap': [{ text: ['wrap', 'nowrap', 'balance', 'pretty'] }],
    'text-color': [{ text: [isAny] }],
    'font-weight': [
      { font: ['thin', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'] },
    ],
    'font-family': [{ font: [isAny] }],
    shadow: [{ shadow: ['', 'none', '2xs', 'xs', 'sm', 'md', 'lg', 'xl', '2xl'] }],
    'shadow-color': [{ shadow: [isAny] }],
    'flex-direction': [{ flex: ['row', 'row-reverse', 'col', 'col-reverse'] }],
    'flex-wrap': [{ flex: ['wrap', 'wrap-reverse', 'nowrap'] }],
    flex: [{ flex: [isAny] }],
    shrink: [{ shrink: ['', isNumber] }],
    grow: [{ grow: ['', isNumber] }],
    'snap-align': [{ snap: ['start', 'end', 'center', 'align-none'] }],
    'snap-type': [{ snap: ['none', 'x', 'y', 'both'] }],
    'col-start-end': [{ col: [{ span: [isAny] }] }],
    'row-start-end': [{ row: [{ span: [isAny] }] }],
    'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
    rounded: [{ rounded: ['', isAny] }],
    transition: [{ transition: ['', isAny] }],
    'backdrop-blur': [{ 'backdrop-blur': ['', isAny] }],
    ...anyValueOf(
      'w h size min-w max-w min-h max-h p px py pt pr pb pl ps pe m mx my mt mr mb ml ms me gap gap-x gap-y inset inset-x inset-y top right bottom left start end z grid-cols grid-rows col-start col-end row-start row-end items justify justify-items justify-self content self place-items place-content place-self order basis overflow overflow-x overflow-y object aspect line-clamp whitespace break cursor opacity leading tracking bg animate translate-x translate-y list align underline-offset accent fill stroke appearance',
    ),
  },
  conflictingClassGroups: {
    p: ['px', 'py', ...sides('p', 'setrbl')],
    px: ['ps', 'pe', 'pr', 'pl'],
    py: ['pt', 'pb'],
    m: ['mx', 'my', ...sides('m', 'setrbl')],
    mx: ['ms', 'me', 'mr', 'ml'],
    my: ['mt', 'mb'],
    size: ['w', 'h'],
    inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
    'inset-x': ['start', 'end', 'right', 'left'],
    'inset-y': ['top', 'bottom'],
    gap: ['gap-x', 'gap-y'],
    overflow: ['overflow-x', 'overflow-y'],
    flex: ['basis', 'grow', 'shrink'],
    'font-size': ['leading'],
    'line-clamp': ['display', 'overflow'],
    'border-w': sides('border-w-', 'xytrbl'),
    'border-w-x': ['border-w-r', 'border-w-l'],
    'border-w-y': ['border-w-t', 'border-w-b'],
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: [
    '*',
    '**',
    'after',
    'backdrop',
    'before',
    'file',
    'marker',
    'placeholder',
  ],
}));
