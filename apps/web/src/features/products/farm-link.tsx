import type { Product } from '@furrow/domain/api/products';
import { generatePath, Link } from 'react-router';
import { paths } from '../../lib/paths';

/** The name of the farm that sells a product, linked to the farm's page. */
export function FarmLink({ farm }: { farm: Pick<Product['farm'], 'id' | 'name'> }) {
  return (
    <Link
      to={generatePath(paths.farm, { id: farm.id })}
      className="font-medium text-leaf-ink underline-offset-4 hover:underline"
    >
      {farm.name}
    </Link>
  );
}
