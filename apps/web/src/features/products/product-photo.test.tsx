import { fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProductPhoto } from './product-photo';

const drawnPicture = (container: HTMLElement) =>
  container.querySelector('svg image')?.getAttribute('href') ?? null;

// The drawings load with the first one shown: each test waits for it.
describe('ProductPhoto', () => {
  it('draws what the name says a product without a photo is', async () => {
    const { container } = render(
      <ProductPhoto product={{ name: 'Music garlic', categorySlug: 'vegetables', images: [] }} />,
    );
    await waitFor(() => expect(drawnPicture(container)).toBe('/product-pictures/garlic.svg'));
  });

  it("falls back to the category's drawing when the name does not tell", async () => {
    const { container } = render(
      <ProductPhoto product={{ name: 'Mixed box', categorySlug: 'vegetables', images: [] }} />,
    );
    await waitFor(() => expect(container.querySelector('svg')).toBeInTheDocument());
    expect(drawnPicture(container)).toBeNull();
  });

  it('keeps the drawing’s place while it loads', () => {
    const { container } = render(
      <ProductPhoto product={{ name: 'Mixed box', categorySlug: 'fruit', images: [] }} />,
    );
    expect(container.firstElementChild).toHaveClass('aspect-[4/3]');
  });

  it('says whether the picture its drawing fetches has arrived, for a screenshot to wait on', async () => {
    // The drawing asks an image of its own whether the picture has arrived: keep it to load it.
    const probes: HTMLImageElement[] = [];
    const BrowserImage = window.Image;
    vi.stubGlobal(
      'Image',
      class extends BrowserImage {
        constructor() {
          super();
          probes.push(this);
        }
      },
    );
    try {
      const { container } = render(
        <ProductPhoto product={{ name: 'Music garlic', categorySlug: 'vegetables', images: [] }} />,
      );
      expect(container.firstElementChild).toHaveAttribute('data-drawing', 'loading');
      await waitFor(() => expect(probes).toHaveLength(1));
      const frame = container.querySelector('svg');
      expect(frame).toHaveAttribute('data-drawing', 'loading');
      fireEvent.load(probes[0] as HTMLImageElement);
      expect(frame).toHaveAttribute('data-drawing', 'drawn');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says a drawing with nothing to fetch is drawn', async () => {
    const { container } = render(
      <ProductPhoto product={{ name: 'Mixed box', categorySlug: 'fruit', images: [] }} />,
    );
    await waitFor(() => expect(container.querySelector('svg')).toBeInTheDocument());
    expect(container.querySelector('svg')).toHaveAttribute('data-drawing', 'drawn');
  });

  it('shows the photo, and the drawing only once the photo fails to load', async () => {
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
    await waitFor(() => expect(drawnPicture(container)).toBe('/product-pictures/tomato.svg'));
  });
});
