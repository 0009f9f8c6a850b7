import { Page } from '../../components/layout/page';
import { AdminOverview } from '../../features/admin/admin-overview';
import { AuditLog } from '../../features/admin/audit-log';
import { FarmTable } from '../../features/admin/farm-table';
import { RequireRole } from '../require-role';

export function AdminScreen() {
  return (
    <RequireRole roles={['admin']}>
      <AdminPage />
    </RequireRole>
  );
}

function AdminPage() {
  return (
    <Page
      title="Farm management"
      description="Every farm on Furrow, with the tools to review and look after them."
    >
      <div className="grid gap-12">
        <section aria-labelledby="admin-overview" className="grid gap-4">
          <h2 id="admin-overview" className="font-semibold text-2xl text-ink">
            Overview
          </h2>
          <AdminOverview />
        </section>
        <section aria-labelledby="admin-farms" className="grid gap-4">
          <h2 id="admin-farms" className="font-semibold text-2xl text-ink">
            Farms
          </h2>
          <FarmTable />
        </section>
        <section aria-labelledby="admin-audit" className="grid gap-4">
          <h2 id="admin-audit" className="font-semibold text-2xl text-ink">
            Audit log
          </h2>
          <AuditLog />
        </section>
      </div>
    </Page>
  );
}
