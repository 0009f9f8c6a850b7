import { Page } from '../../components/layout/page';

export function AdminScreen() {
  return (
    <Page
      title="Farm management"
      description="Every farm on Furrow, with the tools to review and look after them."
    />
  );
}
