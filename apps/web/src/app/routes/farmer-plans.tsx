import { Page } from '../../components/layout/page';
import { useMyFarms } from '../../features/farms/farms-api';
import { PlanChooser } from '../../features/plans/plan-chooser';
import { RequireRole } from '../require-role';

export function FarmerPlansScreen() {
  return (
    <RequireRole roles={['farmer']}>
      <FarmerPlans />
    </RequireRole>
  );
}

function FarmerPlans() {
  const farms = useMyFarms();
  return (
    <Page
      title="Choose your plan"
      description="Every plan starts with a 14-day free trial. Prices in US dollars."
    >
      {/* Card payment is billed to a farm, so it is offered once the farmer has one. */}
      <PlanChooser farmId={farms.data?.[0]?.id} />
    </Page>
  );
}
