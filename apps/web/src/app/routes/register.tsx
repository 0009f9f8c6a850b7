import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { paths } from '../paths';

export function RegisterScreen() {
  return (
    <Page
      width="narrow"
      title="Create your account"
      description="Join as a shopper or as a farmer. We'll e-mail you a code to confirm your address."
    >
      <Link to={paths.login} className="text-leaf-ink text-sm underline underline-offset-4">
        Already have an account? Sign in
      </Link>
    </Page>
  );
}
