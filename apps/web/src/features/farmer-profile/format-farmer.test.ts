import { describe, expect, it } from 'vitest';
import { farmerPlace, initials } from './format-farmer';

describe('farmerPlace', () => {
  it('leaves the country out at home and names it abroad', () => {
    expect(farmerPlace({ country: 'US', region: 'OR', city: 'Portland' })).toBe('Portland, OR');
    expect(farmerPlace({ country: 'FR', region: '', city: 'Lyon' })).toBe('Lyon, France');
  });

  it('is null when nothing is known', () => {
    expect(farmerPlace({ country: 'US', region: '', city: '' })).toBeNull();
  });
});

describe('initials', () => {
  it('takes the first and the last name', () => {
    expect(initials('Maya Lindqvist')).toBe('ML');
    expect(initials(' ana  de la rosa ')).toBe('AR');
    expect(initials('Cher')).toBe('C');
    expect(initials('')).toBe('');
  });
});
