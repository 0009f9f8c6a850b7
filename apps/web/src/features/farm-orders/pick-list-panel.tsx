import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { formatLocalTime, formatSlotDate } from '../../lib/pickup-time';
import { downloadPickListCsv, type PickList, useOwnFarms, usePickList } from './farm-orders-api';

/**
 * What to gather and pack for one farm and one day: on screen, on paper, or as a spreadsheet. It
 * opens on the farm's next day with open orders (the server knows the farm's calendar), and offers
 * the days after it.
 */
export function PickListPanel() {
  const farms = useOwnFarms();
  const [farmId, setFarmId] = useState<string>();
  // Undefined until the farmer picks a day: the next day with orders.
  const [picked, setPicked] = useState<string>();
  const chosen = farmId ?? farms.data?.[0]?.id;
  const pickList = usePickList(chosen, picked);
  const date = picked ?? (pickList.isPlaceholderData ? '' : (pickList.data?.date ?? ''));
  const [downloading, setDownloading] = useState(false);
  const { toast } = useToast();

  async function download() {
    if (!chosen) return;
    setDownloading(true);
    try {
      const file = await downloadPickListCsv(chosen, date);
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = `pick-list-${date}.csv`;
      link.click();
      URL.revokeObjectURL(url);
      toast({ title: 'Pick list downloaded', description: `pick-list-${date}.csv` });
    } catch (error) {
      toast({
        title: 'The pick list was not downloaded',
        description: messageOrFailedTo(error, 'download the pick list'),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }

  if (farms.isPending) return <Skeleton className="h-40" />;
  if (farms.isError) {
    return (
      <LoadError onRetry={() => farms.refetch()}>
        We could not load your farms. {farms.error.message}
      </LoadError>
    );
  }
  if (farms.data.length === 0) return null;

  return (
    <Card className="grid gap-4 p-4 sm:p-6 print:border-0 print:p-0 print:shadow-none">
      <div className="flex flex-wrap items-end gap-4 print:hidden">
        {farms.data.length > 1 && (
          <SelectField
            label="Farm"
            value={chosen}
            onChange={(event) => {
              setFarmId(event.target.value);
              setPicked(undefined);
            }}
            className="min-w-48"
          >
            {farms.data.map((farm) => (
              <option key={farm.id} value={farm.id}>
                {farm.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Pickup date"
          type="date"
          value={date}
          onChange={(event) => setPicked(event.target.value || undefined)}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => window.print()}
            disabled={!pickList.data || pickList.data.orders.length === 0}
          >
            <Printer aria-hidden className="size-4" />
            Print
          </Button>
          <Button
            variant="secondary"
            onClick={download}
            loading={downloading}
            disabled={!pickList.data || pickList.data.orders.length === 0}
          >
            {!downloading && <Download aria-hidden className="size-4" />}
            Download CSV
          </Button>
        </div>
      </div>
      {pickList.data && pickList.data.upcoming.length > 0 && (
        <nav aria-label="Days with orders" className="flex flex-wrap gap-2 print:hidden">
          {pickList.data.upcoming.map((day) => (
            <Button
              key={day.date}
              size="sm"
              variant={day.date === date ? 'primary' : 'secondary'}
              aria-pressed={day.date === date}
              onClick={() => setPicked(day.date)}
            >
              {formatSlotDate(day.date)} · {day.orders === 1 ? '1 order' : `${day.orders} orders`}
            </Button>
          ))}
        </nav>
      )}
      {pickList.isPending || pickList.isPlaceholderData ? (
        <div role="status" aria-label="Loading the pick list">
          <Skeleton className="h-32" />
        </div>
      ) : pickList.isError ? (
        <LoadError onRetry={() => pickList.refetch()}>
          We could not load the pick list. {pickList.error.message}
        </LoadError>
      ) : (
        <PickListView list={pickList.data} />
      )}
    </Card>
  );
}

function PickListView({ list }: { list: PickList }) {
  const day = formatSlotDate(list.date);
  if (list.orders.length === 0) {
    return (
      <p className="text-ink-muted">
        Nothing to pack for {list.farm.name} on {day}.
      </p>
    );
  }
  return (
    <div className="grid gap-6">
      <h3 className="font-semibold text-lg">
        Pick list · {list.farm.name} · {day}
      </h3>
      <Table>
        <caption className="mb-2 text-left font-medium">Gather</caption>
        <TableHeader>
          <TableHead className="py-2 pr-4">Product</TableHead>
          <TableHead className="py-2 pr-4 text-right">Quantity</TableHead>
          <TableHead className="py-2 text-right">Orders</TableHead>
        </TableHeader>
        <tbody>
          {list.products.map((product) => (
            // Not the end of a card: a rule under the last product closes the list.
            <TableRow key={product.productId} className="last:border-b">
              <td className="py-2 pr-4">{product.name}</td>
              <td className="py-2 pr-4 text-right tabular-nums">
                {product.quantity} {product.unit}
              </td>
              <td className="py-2 text-right tabular-nums">{product.orderCount}</td>
            </TableRow>
          ))}
        </tbody>
      </Table>
      <div className="grid gap-3">
        <h4 className="font-medium text-sm">Pack</h4>
        <ol className="grid gap-3 sm:grid-cols-2 print:grid-cols-2">
          {list.orders.map((order) => (
            <li key={order.number} className="rounded-xl border border-line p-3 text-sm">
              <p className="font-semibold">
                {order.number} · {order.customerName}
              </p>
              <p className="text-ink-muted">
                {order.method === 'delivery' ? 'Delivery' : 'Pickup'}
                {order.time && ` · ${formatLocalTime(order.time)}`}
                {order.place && ` · ${order.place}`}
              </p>
              <ul className="mt-1">
                {order.lines.map((line) => (
                  <li key={line.productId}>
                    {line.quantity} × {line.name}
                  </li>
                ))}
              </ul>
              {order.note && <p className="mt-1">Note: “{order.note}”</p>}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
