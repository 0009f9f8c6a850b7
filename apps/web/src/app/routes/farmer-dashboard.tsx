import { Page } from '../../components/layout/page';

export function FarmerDashboardScreen() {
  return (
    <Page
      title="Your farm dashboard"
      description="Your farms, products, stock, orders and plan, all in one place."
    />
  );
}
