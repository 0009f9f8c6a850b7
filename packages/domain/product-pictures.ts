import type { CategorySlug } from './categories';

/**
 * Words in a product's name that say what it is, each with the picture (a Fluent Emoji flat
 * drawing, MIT licensed by Microsoft; see `apps/web/scripts/product-pictures.ts`) shown for it when the
 * farmer saved the product without a photo.
 */
const pictureWords: { category: CategorySlug; picture: string; words: string[] }[] = [
  { category: 'vegetables', picture: 'garlic', words: ['garlic'] },
  {
    category: 'vegetables',
    picture: 'onion',
    words: ['onion', 'onions', 'shallot', 'shallots', 'leek', 'leeks'],
  },
  { category: 'vegetables', picture: 'tomato', words: ['tomato', 'tomatoes'] },
  { category: 'vegetables', picture: 'carrot', words: ['carrot', 'carrots'] },
  { category: 'vegetables', picture: 'potato', words: ['potato', 'potatoes'] },
  { category: 'vegetables', picture: 'ear-of-corn', words: ['corn'] },
  {
    category: 'vegetables',
    picture: 'hot-pepper',
    words: ['chili', 'chilies', 'chile', 'chiles', 'jalapeno', 'jalapenos'],
  },
  { category: 'vegetables', picture: 'bell-pepper', words: ['pepper', 'peppers'] },
  {
    category: 'vegetables',
    picture: 'cucumber',
    words: ['cucumber', 'cucumbers', 'zucchini', 'courgette', 'courgettes'],
  },
  { category: 'vegetables', picture: 'broccoli', words: ['broccoli', 'cauliflower'] },
  { category: 'vegetables', picture: 'eggplant', words: ['eggplant', 'eggplants', 'aubergine'] },
  {
    category: 'vegetables',
    picture: 'mushroom',
    words: ['mushroom', 'mushrooms', 'chanterelles', 'morels'],
  },
  { category: 'vegetables', picture: 'pea-pod', words: ['pea', 'peas'] },
  { category: 'vegetables', picture: 'beans', words: ['bean', 'beans'] },
  {
    category: 'vegetables',
    picture: 'leafy-green',
    words: ['lettuce', 'kale', 'chard', 'spinach', 'greens', 'cabbage', 'salad', 'arugula'],
  },
  {
    category: 'fruit',
    picture: 'green-apple',
    words: ['green apple', 'green apples', 'granny smith'],
  },
  { category: 'fruit', picture: 'red-apple', words: ['apple', 'apples'] },
  { category: 'fruit', picture: 'pear', words: ['pear', 'pears'] },
  {
    category: 'fruit',
    picture: 'peach',
    words: ['peach', 'peaches', 'nectarine', 'nectarines', 'apricot', 'apricots'],
  },
  { category: 'fruit', picture: 'cherries', words: ['cherry', 'cherries'] },
  { category: 'fruit', picture: 'strawberry', words: ['strawberry', 'strawberries'] },
  { category: 'fruit', picture: 'blueberries', words: ['blueberry', 'blueberries', 'berries'] },
  { category: 'fruit', picture: 'grapes', words: ['grape', 'grapes'] },
  { category: 'fruit', picture: 'watermelon', words: ['watermelon', 'watermelons'] },
  { category: 'fruit', picture: 'melon', words: ['melon', 'melons', 'cantaloupe'] },
  { category: 'fruit', picture: 'lemon', words: ['lemon', 'lemons'] },
  {
    category: 'fruit',
    picture: 'tangerine',
    words: ['orange', 'oranges', 'tangerine', 'tangerines', 'mandarin', 'mandarins'],
  },
  { category: 'fruit', picture: 'avocado', words: ['avocado', 'avocados'] },
  {
    category: 'herbs',
    picture: 'herb',
    words: [
      'basil',
      'parsley',
      'mint',
      'thyme',
      'rosemary',
      'oregano',
      'sage',
      'dill',
      'cilantro',
      'herbs',
    ],
  },
  { category: 'eggs-dairy', picture: 'egg', words: ['egg', 'eggs'] },
  {
    category: 'eggs-dairy',
    picture: 'cheese-wedge',
    words: [
      'cheese',
      'cheddar',
      'gouda',
      'feta',
      'chevre',
      'brie',
      'tomme',
      'camembert',
      'mozzarella',
      'ricotta',
      'parmesan',
      'gruyere',
      'halloumi',
      'manchego',
      'paneer',
    ],
  },
  { category: 'eggs-dairy', picture: 'butter', words: ['butter'] },
  {
    category: 'eggs-dairy',
    picture: 'glass-of-milk',
    words: ['milk', 'cream', 'yogurt', 'yoghurt', 'kefir'],
  },
  {
    category: 'meat-poultry',
    picture: 'poultry-leg',
    words: ['chicken', 'turkey', 'duck', 'poultry'],
  },
  { category: 'meat-poultry', picture: 'bacon', words: ['bacon'] },
  { category: 'meat-poultry', picture: 'meat-on-bone', words: ['ribs', 'shank', 'lamb', 'pork'] },
  {
    category: 'meat-poultry',
    picture: 'cut-of-meat',
    words: ['beef', 'steak', 'ribeye', 'brisket', 'roast', 'sausage', 'sausages'],
  },
  { category: 'bakery', picture: 'baguette-bread', words: ['baguette', 'baguettes'] },
  {
    category: 'bakery',
    picture: 'croissant',
    words: ['croissant', 'croissants', 'pastry', 'pastries'],
  },
  { category: 'bakery', picture: 'pie', words: ['pie', 'pies', 'tart', 'tarts'] },
  { category: 'bakery', picture: 'cookie', words: ['cookie', 'cookies', 'biscuits'] },
  { category: 'bakery', picture: 'bread', words: ['bread', 'loaf', 'sourdough', 'rye'] },
  { category: 'honey-preserves', picture: 'honey-pot', words: ['honey', 'honeycomb'] },
  {
    category: 'honey-preserves',
    picture: 'jar',
    words: ['jam', 'jelly', 'preserves', 'marmalade', 'chutney', 'pickles', 'salsa', 'sauce'],
  },
  {
    category: 'pantry',
    picture: 'chestnut',
    words: [
      'chestnut',
      'chestnuts',
      'hazelnut',
      'hazelnuts',
      'walnut',
      'walnuts',
      'pecan',
      'pecans',
      'nuts',
    ],
  },
  { category: 'pantry', picture: 'olive', words: ['olive', 'olives'] },
  { category: 'flowers-plants', picture: 'tulip', words: ['tulip', 'tulips'] },
  { category: 'flowers-plants', picture: 'sunflower', words: ['sunflower', 'sunflowers'] },
  { category: 'flowers-plants', picture: 'rose', words: ['rose', 'roses'] },
  {
    category: 'flowers-plants',
    picture: 'bouquet',
    words: ['bouquet', 'bouquets', 'flowers', 'dahlias', 'peonies'],
  },
  {
    category: 'flowers-plants',
    picture: 'seedling',
    words: ['seedling', 'seedlings', 'starts', 'transplants'],
  },
  {
    category: 'flowers-plants',
    picture: 'potted-plant',
    words: ['plant', 'plants', 'succulent', 'succulents'],
  },
];

/** Every picture a product's name can call for: the files the web app ships. */
export const productPictureNames = [...new Set(pictureWords.map((rule) => rule.picture))];

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function namesWord(name: string, word: string): boolean {
  return ` ${name.replace(/[^a-z]+/g, ' ')} `.includes(` ${word} `);
}

/**
 * The picture a product's name calls for, or null when the name does not tell. Words of the
 * product's own category win, in the order above, so "strawberry jam" in honey and preserves is a
 * jar and "tomato seedlings" in plants a seedling; a name with no word of its own category may
 * still tell by another's ("garlic powder" in the pantry).
 */
export function pictureForProductName(name: string, category: CategorySlug): string | null {
  const text = folded(name);
  const match = (rules: typeof pictureWords) =>
    rules.find((rule) => rule.words.some((word) => namesWord(text, word)))?.picture;
  return (
    match(pictureWords.filter((rule) => rule.category === category)) ??
    match(pictureWords.filter((rule) => rule.category !== category)) ??
    null
  );
}
