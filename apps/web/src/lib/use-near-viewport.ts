import { useCallback, useRef, useState } from 'react';

/**
 * Whether an element has come within one screen height of the window, as a ref callback and a flag
 * that, once true, stays true. For a part of a page that costs much to draw and sits far down it:
 * drawn as the shopper scrolls towards it rather than while the page starts. Where the browser has
 * no `IntersectionObserver` (tests' DOM), the part counts as near at once.
 */
export function useNearViewport<T extends Element>(): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.current?.disconnect();
        setNear(true);
      },
      // One screen height below the window: drawn before the shopper gets there.
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.current.observe(element);
  }, []);
  return [ref, near];
}
