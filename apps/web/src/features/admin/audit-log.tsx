import { type AuditAction, auditActionLabels, auditActions } from '@furrow/domain/api/audit';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Pager } from '../../components/ui/pager';
import { Skeleton } from '../../components/ui/skeleton';
import { type AuditAnswer, useAuditLog } from './admin-api';

const PAGE_SIZE = 10;

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
});

/** Who did what and when, newest first, filtered by the kind of action. */
export function AuditLog() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const [page, setPage] = useState(1);
  const log = useAuditLog({ action: action || undefined, page, pageSize: PAGE_SIZE });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="grid gap-4">
      <SelectField
        label="Show"
        className="max-w-xs"
        value={action}
        onChange={(event) => {
          setAction(event.target.value as AuditAction | '');
          setPage(1);
        }}
      >
        <option value="">Every action</option>
        {auditActions.map((value) => (
          <option key={value} value={value}>
            {auditActionLabels[value]}
          </option>
        ))}
      </SelectField>
      {log.isPending ? (
        <Skeleton className="h-32" />
      ) : log.isError ? (
        <LoadError onRetry={() => void log.refetch()}>
          The audit log could not be loaded: {log.error.message}
        </LoadError>
      ) : log.data.entries.length === 0 ? (
        <Card className="flex items-center gap-3 p-6 text-ink-muted">
          <History aria-hidden className="size-5" />
          Nothing recorded yet. Suspensions, features and account deletions appear here.
        </Card>
      ) : (
        <Card className="divide-y divide-line">
          <ol className="divide-y divide-line">
            {log.data.entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
        </Card>
      )}
      {log.data && log.data.total > PAGE_SIZE && (
        <Pager
          label="Audit log pages"
          page={page}
          pages={pages}
          onPage={setPage}
          previous="Newer"
          next="Older"
        />
      )}
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditAnswer['entries'][number] }) {
  return (
    <li className="grid gap-1 p-4 text-sm">
      <p className="text-ink">
        <span className="font-medium">{auditActionLabels[entry.action]}</span>: {entry.subject.name}
      </p>
      <p className="text-ink-muted">
        {entry.actor.email} · <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
      </p>
      {entry.reason && <p className="text-ink">Reason: {entry.reason}</p>}
      {changes(entry).map((change) => (
        <p key={change} className="break-words text-ink-muted text-xs">
          {change}
        </p>
      ))}
    </li>
  );
}

const fieldLabels: Record<string, string> = { status: 'Status', featured: 'Featured' };

/** The record before and after, as an admin reads it: "Status: active → suspended". */
function changes(entry: AuditAnswer['entries'][number]): string[] {
  const { before, after } = entry;
  if (entry.action === 'farmer.delete' && before) {
    return [
      `Removed ${before.farms ?? 0} farms, ${before.products ?? 0} products and ${before.events ?? 0} events`,
    ];
  }
  if (!before || !after) return [];
  // The reason is shown on its own line above.
  return Object.keys(fieldLabels)
    .filter((key) => key in after && before[key] !== after[key])
    .map((key) => `${fieldLabels[key]}: ${shown(before[key])} → ${shown(after[key])}`);
}

function shown(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return value === null || value === undefined ? 'none' : String(value);
}
