import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorySlugs } from './categories';
import { pictureForProductName, productPictureNames } from './product-pictures';

describe('pictureForProductName', () => {
  it.each([
    ['Garlic', 'vegetables', 'garlic'],
    ['Music hardneck garlic', 'vegetables', 'garlic'],
    ['Heirloom Tomatoes', 'vegetables', 'tomato'],
    ['Sweet corn, a dozen ears', 'vegetables', 'ear-of-corn'],
    ['Granny Smith apples', 'fruit', 'green-apple'],
    ['Honeycrisp Apples', 'fruit', 'red-apple'],
    ['Aged goat cheese', 'eggs-dairy', 'cheese-wedge'],
    ['Aged Goat Tomme, lot 388', 'eggs-dairy', 'cheese-wedge'],
    ['Fresh mozzarella', 'eggs-dairy', 'cheese-wedge'],
    ['Pasture-raised eggs', 'eggs-dairy', 'egg'],
    ['Grass-fed ribeye steak', 'meat-poultry', 'cut-of-meat'],
    ['Country sourdough loaf', 'bakery', 'bread'],
    ['Wildflower honey', 'honey-preserves', 'honey-pot'],
    ['Jalapeño peppers', 'vegetables', 'hot-pepper'],
  ] as const)('finds what "%s" (%s) is', (name, category, picture) => {
    expect(pictureForProductName(name, category)).toBe(picture);
  });

  it("prefers a word of the product's own category", () => {
    expect(pictureForProductName('Strawberry jam', 'honey-preserves')).toBe('jar');
    expect(pictureForProductName('Strawberry jam', 'fruit')).toBe('strawberry');
    expect(pictureForProductName('Tomato seedlings', 'flowers-plants')).toBe('seedling');
    expect(pictureForProductName('Honey oat bread', 'bakery')).toBe('bread');
    // Nothing of the pantry in the name: another category's word still tells.
    expect(pictureForProductName('Garlic powder', 'pantry')).toBe('garlic');
  });

  it('matches whole words only, and says nothing when the name does not tell', () => {
    expect(pictureForProductName('Pearl barley', 'pantry')).toBeNull();
    expect(pictureForProductName('Mixed box', 'vegetables')).toBeNull();
    expect(pictureForProductName('Peacock feathers', 'flowers-plants')).toBeNull();
  });

  it('answers null or one of the pictures the web app ships, whatever the name', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...categorySlugs), (name, category) => {
        const picture = pictureForProductName(name, category);
        expect(picture === null || productPictureNames.includes(picture)).toBe(true);
      }),
    );
  });
});
