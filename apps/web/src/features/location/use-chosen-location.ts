import { useCallback, useState } from 'react';
import type { ShopperLocation } from './locations';
import { hasStoredLocation, readStoredLocation, storeLocation } from './stored-location';

/** The location products are searched around, remembered across visits. */
export function useChosenLocation() {
  const [location, setLocation] = useState(readStoredLocation);
  const chooseLocation = useCallback((next: ShopperLocation) => {
    storeLocation(next);
    setLocation(next);
  }, []);
  return [location, chooseLocation] as const;
}

/** Read once per page: choosing a place now does not pull the welcome away under the shopper. */
export function useReturningShopper(): boolean {
  const [returning] = useState(hasStoredLocation);
  return returning;
}
