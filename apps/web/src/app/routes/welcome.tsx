import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';

export function WelcomeScreen() {
  return (
    <Page
      title="Welcome to Furrow"
      description="Your orders, your favourite farms and what's fresh this week will gather here."
    >
      <Button asChild>
        <Link to={paths.home}>Browse food near you</Link>
      </Button>
    </Page>
  );
}
