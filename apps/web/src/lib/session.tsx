import type { User } from '@furrow/domain/api/users';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { ApiError, api, TOKEN_STORAGE_KEY } from './api-client';
import { storedUser } from './stored-user';

/** Where the session keeps the signed-in user's record (token and user in local storage). */
export const USER_STORAGE_KEY = 'furrow.user';
/** The page a guest was sent away from to sign in, to come back to afterwards; sign-out clears it. */
export const REDIRECT_STORAGE_KEY = 'furrow.redirect';

export interface SessionValue {
  user: User | null;
  token: string | null;
  /** True until the stored session has been checked with the server on load. */
  loading: boolean;
  isAdmin: boolean;
  isFarmer: boolean;
  signIn(token: string, user: User): void;
  /** Forgets the token, the user and the stored redirect URL; the caller goes to `/`. */
  signOut(): void;
  /** Replaces the stored user after a change of names or profile. */
  setUser(user: User): void;
}

const SessionContext = createContext<SessionValue | null>(null);

interface Stored {
  token: string | null;
  user: User | null;
}

/**
 * The signed-in user. On load the stored user sets the role flags at once, and the session
 * stays `loading` until the server has confirmed the token: a token revoked by a password change or
 * expired is dropped then, and the stored user is refreshed. A network failure keeps the stored
 * session, so the app still works offline-ish and the next call tells.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<Stored>(readStored);
  const [loading, setLoading] = useState(() => stored.token !== null);

  const signIn = useCallback((token: string, user: User) => {
    write(TOKEN_STORAGE_KEY, token);
    write(USER_STORAGE_KEY, JSON.stringify(user));
    setStored({ token, user });
    setLoading(false);
  }, []);

  const signOut = useCallback(() => {
    remove(TOKEN_STORAGE_KEY);
    remove(USER_STORAGE_KEY);
    remove(REDIRECT_STORAGE_KEY);
    setStored({ token: null, user: null });
    setLoading(false);
  }, []);

  const setUser = useCallback((user: User) => {
    write(USER_STORAGE_KEY, JSON.stringify(user));
    setStored((current) => ({ ...current, user }));
  }, []);

  // The check on load, against the token found in storage.
  const [initialToken] = useState(() => stored.token);
  useEffect(() => {
    if (!initialToken) return;
    const controller = new AbortController();
    api
      .get<unknown>('/api/me', { signal: controller.signal })
      // The answer's schema, and Zod with it, loads here rather than before the first screen.
      .then(async (answer) => {
        const { meAnswer } = await import('@furrow/domain/api/users');
        if (controller.signal.aborted) return;
        const parsed = meAnswer.safeParse(answer);
        if (!parsed.success) return;
        write(USER_STORAGE_KEY, JSON.stringify(parsed.data.user));
        setStored((current) =>
          current.token === initialToken ? { ...current, user: parsed.data.user } : current,
        );
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const ended = error instanceof ApiError && error.status === 401;
        if (ended && readString(TOKEN_STORAGE_KEY) === initialToken) {
          remove(TOKEN_STORAGE_KEY);
          remove(USER_STORAGE_KEY);
          setStored({ token: null, user: null });
        }
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [initialToken]);

  // Signing in or out in another tab does the same here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY || event.key === null) {
        setStored(readStored());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<SessionValue>(() => {
    const role = stored.user?.role;
    return {
      user: stored.user,
      token: stored.token,
      loading,
      isAdmin: role === 'admin',
      isFarmer: role === 'farmer',
      signIn,
      signOut,
      setUser,
    };
  }, [stored, loading, signIn, signOut, setUser]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used within a SessionProvider');
  return session;
}

/** Remembers where a guest was going, to come back after signing in. Only paths of this app. */
export function rememberRedirect(path: string): void {
  if (isSafeRedirect(path)) write(REDIRECT_STORAGE_KEY, path);
}

/** The remembered page, once: reading it forgets it. */
export function takeRedirect(): string | null {
  const path = readString(REDIRECT_STORAGE_KEY);
  remove(REDIRECT_STORAGE_KEY);
  return path && isSafeRedirect(path) ? path : null;
}

// A path on this site only: never another origin ("//evil.test" or "https://...").
function isSafeRedirect(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

function readStored(): Stored {
  const token = readString(TOKEN_STORAGE_KEY);
  let user: User | null = null;
  try {
    user = storedUser(JSON.parse(readString(USER_STORAGE_KEY) ?? 'null'));
  } catch {
    user = null;
  }
  // Half a session is no session.
  return token && user ? { token, user } : { token: null, user: null };
}

// Storage can be disabled or full; the session then lives in memory for this page only.
function readString(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Kept in memory only.
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored to remove.
  }
}
