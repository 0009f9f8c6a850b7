import { SellPage } from '../../features/selling/sell-page';
import { paths } from '../../lib/paths';

export function SellScreen() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <title>Furrow · Sell on Furrow</title>
      <SellPage signUpTo={`${paths.register}?role=farmer`} />
    </div>
  );
}
