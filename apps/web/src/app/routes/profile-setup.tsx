import { Page } from '../../components/layout/page';

export function ProfileSetupScreen() {
  return (
    <Page
      width="narrow"
      title="Finish your profile"
      description="Tell us your name and where you shop, and we'll show you the farms nearby."
    />
  );
}
