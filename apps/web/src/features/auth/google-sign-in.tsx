import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/ui/use-toast';
import { afterSignIn } from '../../lib/after-sign-in';
import { authFailureMessage } from '../../lib/auth-errors';
import { paths } from '../../lib/paths';
import { authConfigKey } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { authApi } from './auth-api';

// The parts of Google Identity Services' browser API used here.
interface GoogleIdentityServices {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup' | 'redirect';
      }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentityServices;
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';

function loadGoogleScript(): Promise<GoogleIdentityServices> {
  if (window.google) return Promise.resolve(window.google);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('no GIS')));
    script.onerror = () => reject(new Error('Google sign-in could not be loaded'));
    document.head.append(script);
  });
}

/**
 * The Google client id when the server has Google sign-in configured; null when it has not, or
 * until it has said. Screens that mention Google ask this before they do.
 */
export function useGoogleClientId(): string | null {
  const config = useQuery({
    queryKey: authConfigKey,
    queryFn: authApi.config,
    staleTime: Infinity,
  });
  return config.data?.googleEnabled ? config.data.googleClientId : null;
}

/**
 * Google's popup sign-in button, shown only when the server has Google sign-in configured. A first
 * Google sign-in goes on to set up the customer profile; a known account lands as usual.
 */
export function GoogleSignIn() {
  const clientId = useGoogleClientId();
  const container = useRef<HTMLDivElement>(null);
  const [unavailable, setUnavailable] = useState(false);
  const session = useSession();
  const navigate = useNavigate();
  const { toast } = useToast();

  const signIn = useMutation({
    mutationFn: authApi.google,
    onSuccess: ({ token, user, isNewUser, message }) => {
      session.signIn(token, user);
      toast({ title: message });
      navigate(isNewUser ? paths.profileSetup : afterSignIn(user.role), { replace: true });
    },
    onError: (error) => {
      toast({ title: authFailureMessage(error, 'LOGIN_FAILED'), variant: 'destructive' });
    },
  });
  const signInRef = useRef(signIn.mutate);
  signInRef.current = signIn.mutate;

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleScript()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            if (credential) signInRef.current(credential);
          },
        });
        google.accounts.id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          width: 320,
        });
      })
      .catch(() => {
        if (!cancelled) setUnavailable(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (!clientId) return null;
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 text-ink-muted text-sm">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      {unavailable ? (
        <p className="text-center text-ink-muted text-sm">
          Google sign-in could not be loaded. Check your connection, or sign in with your e-mail.
        </p>
      ) : (
        <div
          ref={container}
          className="flex min-h-11 justify-center"
          aria-busy={signIn.isPending}
        />
      )}
    </div>
  );
}
