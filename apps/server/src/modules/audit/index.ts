export { listAudit, recordAudit } from './audit.service';
