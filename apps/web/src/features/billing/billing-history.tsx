import { formatLongDate } from '@furrow/domain/dates';
import { dollarsToCents, formatUsd } from '@furrow/domain/money';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { type BillingRecord, useBillingHistory } from './billing-api';

const usd = (dollars: number) => formatUsd(dollarsToCents(dollars));

/** Every charge of the plan, newest first, and what it has cost so far (trials are free). */
export function BillingHistory({ subscriptionId }: { subscriptionId: string }) {
  const history = useBillingHistory(subscriptionId);
  return (
    <Card role="region" className="grid gap-4 p-6" aria-labelledby="billing-history-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="billing-history-heading" className="font-semibold text-ink text-xl">
          Billing history
        </h2>
        {history.data && (
          <p className="text-ink">
            Total spent: <span className="font-semibold">{usd(history.data.totalSpent)}</span>
          </p>
        )}
      </div>
      {history.isPending ? (
        <Skeleton className="h-24" />
      ) : history.isError ? (
        <LoadError onRetry={() => void history.refetch()}>
          Your billing history could not be loaded: {history.error.message}
        </LoadError>
      ) : history.data.records.length === 0 ? (
        <p className="text-ink-muted">
          No charges yet. The trial is free; the first charge falls the day after it ends.
        </p>
      ) : (
        <>
          {/* A phone gets the charges as a list; the table's five columns do not fit it. */}
          <ul className="grid gap-2 sm:hidden">
            {history.data.records.map((record) => (
              <li key={record.id} className="grid gap-1 border-line border-b pb-2 last:border-0">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-medium text-ink">{formatLongDate(record.date)}</span>
                  <span className="tabular-nums">{usd(record.amount)}</span>
                </div>
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="text-ink-muted">{record.description}</span>
                  <RecordStatus record={record} />
                </div>
                {record.invoiceUrl && <InvoiceLink record={record} />}
              </li>
            ))}
          </ul>
          <Table className="hidden sm:table">
            <TableHeader>
              <TableHead className="py-2 pr-4">Date</TableHead>
              <TableHead className="py-2 pr-4">Description</TableHead>
              <TableHead className="py-2 pr-4 text-right">Amount</TableHead>
              <TableHead className="py-2 pr-4">Status</TableHead>
              <TableHead className="py-2">
                <span className="sr-only">Invoice</span>
              </TableHead>
            </TableHeader>
            <tbody>
              {history.data.records.map((record) => (
                <TableRow key={record.id}>
                  <td className="whitespace-nowrap py-2 pr-4">{formatLongDate(record.date)}</td>
                  <td className="py-2 pr-4">{record.description}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{usd(record.amount)}</td>
                  <td className="py-2 pr-4">
                    <RecordStatus record={record} />
                  </td>
                  <td className="py-2">{record.invoiceUrl && <InvoiceLink record={record} />}</td>
                </TableRow>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </Card>
  );
}

function RecordStatus({ record }: { record: BillingRecord }) {
  return (
    <Badge tone={record.status === 'paid' ? 'leaf' : 'danger'}>
      {record.status === 'paid' ? 'Paid' : 'Failed'}
    </Badge>
  );
}

function InvoiceLink({ record }: { record: BillingRecord }) {
  if (!record.invoiceUrl) return null;
  return (
    <a
      href={record.invoiceUrl}
      className="w-fit font-medium text-leaf-ink text-sm underline"
      target="_blank"
      rel="noreferrer"
    >
      Invoice
      <span className="sr-only"> of {formatLongDate(record.date)}</span>
    </a>
  );
}
