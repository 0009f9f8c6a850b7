import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';

export function NotFoundScreen() {
  return (
    <Page
      width="narrow"
      title="Page not found"
      description="We couldn't find that page. The link may be mistyped, or the page has moved."
    >
      <Button asChild>
        <Link to={paths.home}>Back to the market</Link>
      </Button>
    </Page>
  );
}
