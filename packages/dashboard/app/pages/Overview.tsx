import { DayChart } from "../components/DayChart.js";
import { ErrorNotice } from "../components/ErrorNotice.js";
import { StatCard, type StatKind } from "../components/StatCard.js";
import { Loading } from "../components/Status.js";
import { can, useDashboard } from "../context.js";
import { formatDateTime } from "../format.js";
import type { Overview as OverviewData } from "../types.js";
import { useResource } from "../use-resource.js";

/** Totals and the last 30 days of sign-ups, sign-ins and refused sign-ins. */
export function Overview() {
  const { api, me } = useDashboard();
  const overview = useResource((signal) => api.dashboard.get<OverviewData>("overview", { days: 30 }, signal), [api]);
  const data = overview.data;
  const users = can(me, "user", "list") ? "#/users" : undefined;
  const kind = (name: OverviewData["totalsEstimated"][number]): StatKind =>
    data?.totalsEstimated.includes(name) ? "estimated" : data?.totalsAtLeast.includes(name) ? "atLeast" : "exact";
  return (
    <section aria-labelledby="overview-title">
      <div className="page-head">
        <h1 id="overview-title">Overview</h1>
      </div>
      {overview.error && <ErrorNotice error={overview.error} />}
      {!data && !overview.error && <Loading />}
      {data && (
        <>
          <ul className="cards" aria-label="Totals">
            <StatCard label="Users" value={data.totals.users} href={users} kind={kind("users")} />
            <StatCard
              label="Banned users"
              value={data.totals.bannedUsers}
              href={users && `${users}?filter=banned`}
              kind={kind("bannedUsers")}
            />
            <StatCard label="Active sessions" value={data.totals.activeSessions} kind={kind("activeSessions")} />
            {data.totals.organizations !== null && (
              <StatCard
                label="Organizations"
                value={data.totals.organizations}
                kind={kind("organizations")}
                href={can(me, "organization", "list") ? "#/organizations" : undefined}
              />
            )}
            {data.totals.apiKeys !== null && (
              <StatCard
                label="API keys"
                value={data.totals.apiKeys}
                kind={kind("apiKeys")}
                href={can(me, "apiKey", "list") ? "#/api-keys" : undefined}
              />
            )}
          </ul>
          <p className="muted">
            Totals as of {formatDateTime(data.totalsCountedAt)} (counted at most once a minute
            {data.totalsEstimated.length > 0 && "; ≈ marks the database's estimate, shown past 100,000 rows"}
            {data.totalsAtLeast.length > 0 && "; past 100,000 a total is counted no further"}).
          </p>
          <h2 className="section-title">Last {data.days.length} days (UTC)</h2>
          {!me.features.auditLog && (
            <p className="notice info">Install the audit-log plugin to see sign-ups and sign-ins per day.</p>
          )}
          <div className="charts">
            <DayChart title="Sign-ups" days={data.days} metric="signUps" tone="blue" />
            <DayChart title="Sign-ins" days={data.days} metric="signIns" tone="green" />
            <DayChart title="Failed sign-ins" days={data.days} metric="failedSignIns" tone="red" />
          </div>
        </>
      )}
    </section>
  );
}
