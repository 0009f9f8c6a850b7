import { Page } from '../../components/layout/page';

export function FarmScreen() {
  return (
    <Page
      title="Farm profile"
      description="The farm's story, what it grows, its market days and where to pick up orders."
    />
  );
}
