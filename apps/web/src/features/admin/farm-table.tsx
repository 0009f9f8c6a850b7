import type { AdminFarm, AdminFarmSort } from '@furrow/domain/api/admin';
import type { FarmStatus } from '@furrow/domain/api/farms';
import { formatLongDate } from '@furrow/domain/dates';
import { formatUsd } from '@furrow/domain/money';
import { type PlanId, plans } from '@furrow/domain/plans';
import { ArrowDown, ArrowUp, Search, Star } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { generatePath, Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Pager } from '../../components/ui/pager';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../lib/paths';
import { useAdminFarms } from './admin-api';
import { type FarmAction, FarmActionDialog } from './farm-action-dialog';
import { PlanBadge } from './plan-badge';

const PAGE_SIZE = 10;

const columns: { sort: AdminFarmSort; label: string; wide?: true; numeric?: true }[] = [
  { sort: 'name', label: 'Farm' },
  { sort: 'productCount', label: 'Products', wide: true, numeric: true },
  { sort: 'orderCount', label: 'Orders', wide: true, numeric: true },
  { sort: 'revenue', label: 'Revenue', wide: true, numeric: true },
  { sort: 'createdAt', label: 'Joined', wide: true },
];

/** Every farm for the admin: search by farm or owner, filter by status and plan, sort, page, act. */
export function FarmTable() {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [status, setStatus] = useState<FarmStatus | ''>('');
  const [plan, setPlan] = useState<PlanId | 'none' | ''>('');
  const [sort, setSort] = useState<AdminFarmSort>('createdAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<{ farm: AdminFarm; action: FarmAction } | null>(null);
  const farms = useAdminFarms({
    q: q || undefined,
    status: status || undefined,
    plan: plan || undefined,
    sort,
    order,
    page,
    pageSize: PAGE_SIZE,
  });

  function sortBy(column: AdminFarmSort) {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder(column === 'name' ? 'asc' : 'desc');
    }
    setPage(1);
  }

  const pages = farms.data ? Math.max(1, Math.ceil(farms.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_12rem]">
        <TextField
          label="Search farms"
          hint="By farm name, owner name or e-mail."
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as FarmStatus | '');
            setPage(1);
          }}
        >
          <option value="">All farms</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </SelectField>
        <SelectField
          label="Plan"
          value={plan}
          onChange={(event) => {
            setPlan(event.target.value as PlanId | 'none' | '');
            setPage(1);
          }}
        >
          <option value="">All plans</option>
          {plans.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
          <option value="none">No plan</option>
        </SelectField>
      </div>

      {farms.isPending ? (
        <div className="grid gap-2">
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-16" />
          ))}
        </div>
      ) : farms.isError ? (
        <LoadError onRetry={() => void farms.refetch()}>
          The farms could not be loaded: {farms.error.message}
        </LoadError>
      ) : farms.data.farms.length === 0 ? (
        <Card className="flex items-center gap-3 p-6 text-ink-muted">
          <Search aria-hidden className="size-5" />
          No farm matches. Try another name or clear the filters.
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <Table aria-busy={farms.isFetching || undefined}>
            <caption className="sr-only">
              Farms, sorted by {columns.find((c) => c.sort === sort)?.label ?? 'date joined'},{' '}
              {order === 'asc' ? 'ascending' : 'descending'}
            </caption>
            <TableHeader className="bg-sunken">
              {columns.map((column) => (
                <TableHead
                  key={column.sort}
                  aria-sort={
                    sort === column.sort
                      ? order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : undefined
                  }
                  className={`px-3 py-2 ${column.wide ? 'hidden md:table-cell' : ''} ${column.numeric ? 'text-right' : ''}`}
                >
                  <button
                    type="button"
                    onClick={() => sortBy(column.sort)}
                    className="inline-flex items-center gap-1 rounded hover:text-ink"
                  >
                    {column.label}
                    {sort === column.sort &&
                      (order === 'asc' ? (
                        <ArrowUp aria-hidden className="size-3.5" />
                      ) : (
                        <ArrowDown aria-hidden className="size-3.5" />
                      ))}
                  </button>
                </TableHead>
              ))}
              <TableHead className="hidden px-3 py-2 md:table-cell">Plan</TableHead>
              <TableHead className="hidden px-3 py-2 md:table-cell">Status</TableHead>
              <TableHead className="hidden px-3 py-2 text-right md:table-cell">Actions</TableHead>
            </TableHeader>
            <tbody>
              {farms.data.farms.map((farm) => (
                <FarmRow
                  key={farm.id}
                  farm={farm}
                  onAction={(action) => setTarget({ farm, action })}
                />
              ))}
            </tbody>
          </Table>
        </Card>
      )}

      {farms.data && farms.data.total > PAGE_SIZE && (
        <Pager
          label="Farm pages"
          page={page}
          pages={pages}
          onPage={setPage}
          summary={`${farms.data.total} farms`}
        />
      )}

      <FarmActionDialog target={target} onClose={() => setTarget(null)} />
    </div>
  );
}

function FarmRow({ farm, onAction }: { farm: AdminFarm; onAction: (action: FarmAction) => void }) {
  const suspended = farm.status === 'suspended';
  return (
    <TableRow className="align-top">
      <td className="px-3 py-3">
        <Link
          to={generatePath(paths.farm, { id: farm.id })}
          className="font-medium text-ink underline-offset-2 hover:underline"
        >
          {farm.name}
        </Link>
        <p className="text-ink-muted">{farm.owner.name}</p>
        <p className="break-all text-ink-muted text-xs">{farm.owner.email}</p>
        {suspended && farm.suspendedReason && (
          <p className="mt-1 text-danger text-xs">Reason: {farm.suspendedReason}</p>
        )}
        {/* On a phone the status and the actions sit under the farm, not in columns of their own. */}
        <div className="mt-3 grid gap-3 md:hidden">
          <FarmBadges farm={farm} />
          <p className="text-xs">
            <PlanBadge subscription={farm.subscription} />
          </p>
          <p className="text-ink-muted text-xs">
            {farm.productCount} products · {farm.orderCount} orders ·{' '}
            {formatUsd(Math.round(farm.revenue * 100))}
          </p>
          <FarmActions farm={farm} onAction={onAction} />
        </div>
      </td>
      <td className="hidden px-3 py-3 text-right tabular-nums md:table-cell">
        {farm.productCount}
      </td>
      <td className="hidden px-3 py-3 text-right tabular-nums md:table-cell">{farm.orderCount}</td>
      <td className="hidden px-3 py-3 text-right tabular-nums md:table-cell">
        {formatUsd(Math.round(farm.revenue * 100))}
      </td>
      <td className="hidden px-3 py-3 md:table-cell">{formatLongDate(farm.createdAt)}</td>
      <td className="hidden px-3 py-3 md:table-cell">
        <PlanBadge subscription={farm.subscription} />
      </td>
      <td className="hidden px-3 py-3 md:table-cell">
        <FarmBadges farm={farm} />
      </td>
      <td className="hidden px-3 py-3 md:table-cell">
        <FarmActions farm={farm} onAction={onAction} />
      </td>
    </TableRow>
  );
}

function FarmBadges({ farm }: { farm: AdminFarm }) {
  const suspended = farm.status === 'suspended';
  return (
    <div className="flex flex-wrap gap-1">
      <Badge tone={suspended ? 'danger' : 'leaf'}>{suspended ? 'Suspended' : 'Active'}</Badge>
      {farm.featured && (
        <Badge tone="harvest">
          <Star aria-hidden className="size-3" />
          Featured
        </Badge>
      )}
    </div>
  );
}

function FarmActions({
  farm,
  onAction,
}: {
  farm: AdminFarm;
  onAction: (action: FarmAction) => void;
}) {
  const suspended = farm.status === 'suspended';
  return (
    <div className="flex flex-wrap gap-2 md:justify-end">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onAction(suspended ? 'reinstate' : 'suspend')}
      >
        {suspended ? 'Reinstate' : 'Suspend'}
        <span className="sr-only"> {farm.name}</span>
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onAction(farm.featured ? 'unfeature' : 'feature')}
      >
        {farm.featured ? 'Unfeature' : 'Feature'}
        <span className="sr-only"> {farm.name}</span>
      </Button>
    </div>
  );
}
