import type { Farmer } from '@furrow/domain/api/farmers';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { FarmerIntro } from './farmer-intro';

const farmer: Farmer = {
  id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Maya Lindqvist',
  email: null,
  farmName: 'Sauvie Island Greens',
  bio: 'I started with one greenhouse and a borrowed tractor.',
  featured: true,
  location: { country: 'US', region: 'OR', city: 'Portland' },
  logo: null,
  profileImage: '/uploads/farmers/9b8a/maya-1200.webp',
  storageUsedBytes: null,
  farmCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('FarmerIntro', () => {
  it('introduces the farmer with their photo and bio', () => {
    renderWithProviders(<FarmerIntro farmer={farmer} farmStory="Vegetables since 1998." />);
    expect(screen.getByRole('heading', { name: 'Maya Lindqvist' })).toBeVisible();
    expect(screen.getByText('Meet the farmer')).toBeVisible();
    expect(screen.getByText('Featured farmer')).toBeVisible();
    expect(screen.getByText(farmer.bio)).toBeVisible();
    expect(document.querySelector('img')).toHaveAttribute(
      'src',
      '/uploads/farmers/9b8a/maya-400.webp',
    );
  });

  it('does not repeat a bio that is the farm story itself', () => {
    renderWithProviders(<FarmerIntro farmer={farmer} farmStory={`${farmer.bio}\n`} />);
    expect(screen.getByRole('heading', { name: 'Maya Lindqvist' })).toBeVisible();
    expect(screen.queryByText(farmer.bio)).not.toBeInTheDocument();
  });
});
