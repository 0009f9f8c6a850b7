import { z } from 'zod';

/** Every kind of entry the audit log keeps. */
export const auditActions = [
  'farm.suspend',
  'farm.reinstate',
  'farm.feature',
  'farm.unfeature',
  'farmer.feature',
  'farmer.unfeature',
  'farmer.delete',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  'farm.suspend': 'Suspended a farm',
  'farm.reinstate': 'Reinstated a farm',
  'farm.feature': 'Featured a farm',
  'farm.unfeature': 'Unfeatured a farm',
  'farmer.feature': 'Featured a farmer',
  'farmer.unfeature': 'Unfeatured a farmer',
  'farmer.delete': 'Deleted a farmer account',
};

export const auditQuery = z.object({
  action: z.enum(auditActions).optional(),
  actorId: z.uuid().optional(),
  subjectId: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditQuery = z.output<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.uuid(),
  at: z.string(),
  /** Who did it; the e-mail stays when the account is gone. */
  actor: z.object({ id: z.uuid().nullable(), email: z.string() }),
  action: z.enum(auditActions),
  subject: z.object({ type: z.enum(['farm', 'farmer']), id: z.uuid(), name: z.string() }),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditAnswer = z.object({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
