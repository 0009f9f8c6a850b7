import { useCallback, useState } from 'react';
import type { ShopperLocation } from './locations';
import { readStoredLocation, storeLocation } from './stored-location';

/** The location products are searched around, remembered across visits. */
export function useChosenLocation() {
  const [location, setLocation] = useState(readStoredLocation);
  const chooseLocation = useCallback((next: ShopperLocation) => {
    storeLocation(next);
    setLocation(next);
  }, []);
  return [location, chooseLocation] as const;
}
