import type { AuditAction, AuditEntry, AuditQuery } from '@furrow/domain/api/audit';
import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { auditLog } from './audit.schema';

export interface AuditRecord {
  // No id when the actor is the account being deleted: its e-mail is what stays.
  actor: { id: string | null; email: string };
  action: AuditAction;
  subject: { type: 'farm' | 'farmer'; id: string; name: string };
  reason?: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes one entry in the caller's transaction, so that it exists exactly when the change does. */
export async function recordAudit(tx: Executor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    action: record.action,
    subjectType: record.subject.type,
    subjectId: record.subject.id,
    subjectName: record.subject.name,
    reason: record.reason ?? null,
    before: record.before,
    after: record.after,
  });
}

/** `GET /api/admin/audit`: newest first, filtered by action, actor, subject and time. */
export async function listAudit(
  db: Executor,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
    query.subjectId ? eq(auditLog.subjectId, query.subjectId) : undefined,
    query.from ? gte(auditLog.at, new Date(query.from)) : undefined,
    query.to ? lte(auditLog.at, new Date(query.to)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    total: counted?.total ?? 0,
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { id: row.actorId, email: row.actorEmail },
      action: row.action,
      subject: { type: row.subjectType, id: row.subjectId, name: row.subjectName },
      reason: row.reason,
      before: row.before,
      after: row.after,
    })),
  };
}
