import { Page } from '../../components/layout/page';
import { PreorderList } from '../../features/preorders/preorder-list';
import { RequireRole } from '../require-role';

export function PreordersScreen() {
  return (
    <RequireRole roles={['customer']}>
      <Page
        title="Your pre-orders"
        description="What you reserved from farms that are sold out or still growing. Each becomes an order when the farm has it."
      >
        <PreorderList />
      </Page>
    </RequireRole>
  );
}
