import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION, demoMetros } from './locations';
import { LOCATION_STORAGE_KEY, readStoredLocation, storeLocation } from './stored-location';

describe('stored location', () => {
  it('defaults to Portland, OR', () => {
    expect(readStoredLocation()).toEqual({ label: 'Portland, OR', lat: 45.5152, lng: -122.6784 });
    expect(DEFAULT_LOCATION).toBe(demoMetros[0]);
  });

  it('keeps a chosen location as { lat, lng, label } under furrow.location', () => {
    storeLocation({ lat: 30.2672, lng: -97.7431, label: 'Austin, TX' });
    expect(JSON.parse(localStorage.getItem(LOCATION_STORAGE_KEY) ?? '')).toEqual({
      lat: 30.2672,
      lng: -97.7431,
      label: 'Austin, TX',
    });
    expect(readStoredLocation()).toEqual({ lat: 30.2672, lng: -97.7431, label: 'Austin, TX' });
  });

  it.each([
    ['not JSON', '{lat:'],
    ['a missing label', '{"lat":1,"lng":2}'],
    ['a latitude out of range', '{"lat":91,"lng":2,"label":"Nowhere"}'],
    ['coordinates as text', '{"lat":"45","lng":"-122","label":"Portland"}'],
  ])('falls back to the default on %s', (_, stored) => {
    localStorage.setItem(LOCATION_STORAGE_KEY, stored);
    expect(readStoredLocation()).toBe(DEFAULT_LOCATION);
  });
});
