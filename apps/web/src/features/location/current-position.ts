export interface Coordinates {
  lat: number;
  lng: number;
}

const failureMessages = {
  unsupported: "Your browser can't share its location. Pick a city instead.",
  denied:
    'Location access is turned off for Furrow. Pick a city, or allow location in your browser settings.',
  unavailable: "Your location isn't available right now. Try again, or pick a city.",
} as const;

/**
 * The device's position from the browser. Rejects with an Error whose message can be shown as is.
 * City-level accuracy is plenty for a 50 km search, and it answers faster and drains less battery.
 */
export function currentPosition(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(failureMessages.unsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) =>
        reject(
          new Error(
            error.code === error.PERMISSION_DENIED
              ? failureMessages.denied
              : failureMessages.unavailable,
          ),
        ),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  });
}
