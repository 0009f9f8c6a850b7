import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { farmer } from '../test-fixtures';
import { storeSession } from '../test-utils';
import { TOKEN_STORAGE_KEY } from './api-client';
import {
  REDIRECT_STORAGE_KEY,
  rememberRedirect,
  SessionProvider,
  takeRedirect,
  USER_STORAGE_KEY,
  useSession,
} from './session';

const wrapper = ({ children }: { children: ReactNode }) => (
  <SessionProvider>{children}</SessionProvider>
);

function stubMe(response: Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('useSession', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useSession())).toThrow(
      'useSession must be used within a SessionProvider',
    );
  });

  it('starts signed out and not loading when nothing is stored', () => {
    const fetchMock = stubMe(Response.json({}));
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current).toMatchObject({
      user: null,
      token: null,
      loading: false,
      isAdmin: false,
      isFarmer: false,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets the role flags from the stored user at once, and loads until the server confirms', async () => {
    storeSession(farmer);
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubMe(new Promise<Response>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current).toMatchObject({
      user: farmer,
      isFarmer: true,
      isAdmin: false,
      loading: true,
    });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer stored.token.value',
    );

    const renamed = { ...farmer, firstName: 'Anna', name: 'Anna Rivera' };
    await act(async () => answer(Response.json({ user: renamed })));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user?.name).toBe('Anna Rivera');
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? '{}').firstName).toBe('Anna');
  });

  it('drops a stored session the server no longer accepts', async () => {
    storeSession(farmer);
    stubMe(
      Response.json(
        { message: 'Your session has expired.', code: 'SESSION_EXPIRED' },
        { status: 401 },
      ),
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    storeSession(farmer);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.user).toEqual(farmer);
  });

  it('signs in and out through local storage; sign-out clears the stored redirect', () => {
    const { result } = renderHook(() => useSession(), { wrapper });
    act(() => result.current.signIn('new.token', { ...farmer, role: 'admin' }));
    expect(result.current).toMatchObject({ token: 'new.token', isAdmin: true, isFarmer: false });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new.token');

    rememberRedirect('/farmers/dashboard?farm=1');
    act(() => result.current.signOut());
    expect(result.current).toMatchObject({ user: null, token: null, isAdmin: false });
    for (const key of [TOKEN_STORAGE_KEY, USER_STORAGE_KEY, REDIRECT_STORAGE_KEY]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('follows a sign-out in another tab', async () => {
    storeSession(farmer);
    stubMe(Response.json({ user: farmer }));
    function Who() {
      const { user } = useSession();
      return <p>{user ? user.name : 'guest'}</p>;
    }
    render(<Who />, { wrapper });
    expect(screen.getByText('Ana Rivera')).toBeInTheDocument();
    localStorage.clear();
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY })));
    expect(await screen.findByText('guest')).toBeInTheDocument();
  });

  it('ignores a half-stored or malformed session', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token.only');
    localStorage.setItem(USER_STORAGE_KEY, '{"not":"a user"');
    stubMe(Response.json({}));
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.user).toBeNull();
  });
});

describe('the stored redirect', () => {
  it('is read once', () => {
    rememberRedirect('/account');
    expect(takeRedirect()).toBe('/account');
    expect(takeRedirect()).toBeNull();
  });

  it('never leads off the site', () => {
    for (const target of [
      'https://evil.test/',
      '//evil.test',
      '/\\evil.test',
      'javascript:alert(1)',
    ]) {
      rememberRedirect(target);
      expect(takeRedirect()).toBeNull();
    }
  });
});
