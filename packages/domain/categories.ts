/** The fixed list of product categories, in the order the shop shows them. */
export const categories = [
  { slug: 'vegetables', name: 'Vegetables' },
  { slug: 'fruit', name: 'Fruit' },
  { slug: 'herbs', name: 'Herbs' },
  { slug: 'eggs-dairy', name: 'Eggs & Dairy' },
  { slug: 'meat-poultry', name: 'Meat & Poultry' },
  { slug: 'bakery', name: 'Bakery' },
  { slug: 'honey-preserves', name: 'Honey & Preserves' },
  { slug: 'pantry', name: 'Pantry' },
  { slug: 'flowers-plants', name: 'Flowers & Plants' },
] as const;

export type CategorySlug = (typeof categories)[number]['slug'];

export const categorySlugs = categories.map((category) => category.slug) as [
  CategorySlug,
  ...CategorySlug[],
];

export function categoryName(slug: string): string {
  return categories.find((category) => category.slug === slug)?.name ?? slug;
}
