import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/ui/use-toast';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';

/** Sign-out clears the stored redirect URL (the session does) and goes to `/`. */
export function useSignOut(): () => void {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  return () => {
    session.signOut();
    // Nothing fetched for this account stays on screen for the next person at this browser.
    queryClient.clear();
    navigate(paths.home);
    toast({ title: 'You are signed out', description: 'See you at the market.' });
  };
}
