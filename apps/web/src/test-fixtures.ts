import type { Farm } from '@furrow/domain/api/farms';
import type { Product } from '@furrow/domain/api/products';
import type { User } from '@furrow/domain/api/users';

/** A verified farmer who has never signed in before this session. */
export const farmer: User = {
  id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  email: 'ana@example.com',
  role: 'farmer',
  firstName: 'Ana',
  lastName: 'Rivera',
  name: 'Ana Rivera',
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLogin: null,
  isEmailVerified: true,
};

/** A product of the farmer's farm Green Acres, in stock, a few km away. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: '7d2a1f0e-3b8c-4a51-9d6e-2f4b8c1a9e01',
    farmId: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c',
    farmerId: farmer.id,
    name: 'Heirloom tomatoes',
    description: 'Sweet, juicy and mixed colours.',
    price: 4.5,
    unit: 'lb',
    categorySlug: 'vegetables',
    stock: 12,
    inStock: true,
    images: [],
    availableFrom: null,
    lastStockUpdate: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    updatedBy: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    hiddenByFarmer: false,
    hiddenByPlan: false,
    farmer: { id: farmer.id, name: farmer.name },
    farm: {
      id: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c',
      name: 'Green Acres',
      city: 'Hillsboro',
      region: 'OR',
    },
    distanceKm: 3.21,
    ...overrides,
  };
}

/** A verified customer, as the demo's shopper. */
export const customer: User = {
  ...farmer,
  id: '3f5e7a9c-1b2d-4e6f-8a0b-c2d4e6f8a0b2',
  email: 'casey@example.com',
  role: 'customer',
  firstName: 'Casey',
  lastName: 'Morgan',
  name: 'Casey Morgan',
};

/** A farm as its public page shows it: pickup on, delivery within 25 km for $5 over $20. */
export function aFarm(overrides: Partial<Farm> = {}): Farm {
  return {
    id: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c',
    farmerId: farmer.id,
    name: 'Green Acres',
    description: '',
    address: { line: '', city: 'Hillsboro', region: 'OR', postalCode: '97123' },
    location: { lat: 45.52, lng: -122.99, country: 'US' },
    pickup: { enabled: true, instructions: 'Farm stand by the red barn.' },
    delivery: { enabled: true, radiusKm: 25, fee: 5, minimumOrder: 20 },
    timeZone: 'America/Los_Angeles',
    pickupWindows: [],
    contact: { email: '', phone: '', website: '' },
    logo: null,
    cover: null,
    status: 'active',
    suspendedReason: null,
    featured: false,
    stripeCustomerId: '',
    cardPayments: false,
    payouts: null,
    productCount: 0,
    farmer: { id: farmer.id, name: farmer.name },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
