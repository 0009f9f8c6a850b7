import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductPhoto } from './product-photo';

const drawnPicture = (container: HTMLElement) =>
  container.querySelector('svg image')?.getAttribute('href') ?? null;

describe('ProductPhoto', () => {
  it('draws what the name says a product without a photo is', () => {
    const { container } = render(
      <ProductPhoto product={{ name: 'Music garlic', categorySlug: 'vegetables', images: [] }} />,
    );
    expect(drawnPicture(container)).toBe('/product-pictures/garlic.svg');
  });

  it("falls back to the category's drawing when the name does not tell", () => {
    const { container } = render(
      <ProductPhoto product={{ name: 'Mixed box', categorySlug: 'vegetables', images: [] }} />,
    );
    expect(container.querySelector('svg')).toBeInTheDocument();
    expect(drawnPicture(container)).toBeNull();
  });

  it('shows the photo, and the drawing only once the photo fails to load', () => {
    const product = {
      name: 'Heirloom tomatoes',
      categorySlug: 'vegetables' as const,
      images: ['/uploads/tomatoes.webp'],
    };
    const { container } = render(<ProductPhoto product={product} />);
    const photo = container.querySelector('img');
    expect(photo).toBeInTheDocument();
    expect(drawnPicture(container)).toBeNull();
    fireEvent.error(photo as HTMLImageElement);
    expect(drawnPicture(container)).toBe('/product-pictures/tomato.svg');
  });
});
