import { lazy, Suspense } from "react";
import { Link, Navigate } from "react-router";
import { Alert, Anchor, Badge, Button, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { STORAGE_WARNING_PERCENT } from "@adesua/domain/constants";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { useNow } from "@/lib/use-now";
import { Greeting } from "@/components/greeting";
import { ErrorState } from "@/components/error-state";
import { StatCard } from "../components/admin/stat-card";
import { useAdminStats, usePendingTeachers } from "../api/admin-home";
import { ActivityList } from "../components/admin/activity-list";

const UserDistributionChart = lazy(() => import("../components/admin/user-distribution-chart"));
const BASE = "/admin/dashboard";

const QUICK_ACTIONS = [
  { label: "Manage Users", to: `${BASE}/users` },
  { label: "Course Management", to: `${BASE}/courses` },
  { label: "Upload Quiz", to: `${BASE}/quiz/upload` },
  { label: "View Performance", to: `${BASE}/performance` },
  { label: "System Reports", to: `${BASE}/reports` },
];

function PendingTeachers() {
  const pending = usePendingTeachers();
  const n = pending.data?.pending ?? 0;
  if (n === 0) return null;
  return (
    <Alert color="yellow" title="Teachers waiting for approval">
      {n === 1 ? "1 teacher is" : `${n} teachers are`} waiting for your approval.{" "}
      <Anchor component={Link} to={`${BASE}/users`}>
        Review them in Users
      </Anchor>
    </Alert>
  );
}

function Clock() {
  const now = useNow(1000);
  return (
    <Text size="sm" c="dimmed" aria-label="Current time">
      {now.toLocaleString("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" })}
    </Text>
  );
}

/** The admin home (spec 001 "Admin home"): real figures from GET /admin/dashboard/stats. */
export function AdminHomePage() {
  // Logout is the header's (one per page, as on every screen: e2e/layout.e2e.ts).
  const { user } = useAuth();
  const stats = useAdminStats(user?.role === "admin");
  // Teachers may enter the admin area, but the school's figures are the admin's: their home is their own.
  if (user?.role === "teacher") return <Navigate to="/teachers/dashboard" replace />;
  const d = stats.data;

  return (
    <Stack>
      <Greeting
        name={user?.name ?? ""}
        subtitle="Welcome to the school administration dashboard."
        actions={
          <Group gap="xs" wrap="wrap">
            <Clock />
            <Button variant="default" onClick={() => void stats.refetch()} loading={stats.isFetching}>
              Refresh
            </Button>
          </Group>
        }
      />
      <PendingTeachers />
      {stats.isError && (
        <ErrorState
          title="Could not load the school's figures"
          message={errorText(stats.error, "Failed to load dashboard stats")}
          onRetry={() => void stats.refetch()}
        />
      )}

      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} aria-busy={stats.isPending}>
        {d ? (
          <>
            <StatCard label="Total Users" value={d.overview.totalUsers} />
            <StatCard label="Courses" value={d.overview.totalCourses} />
            <StatCard label="Quizzes" value={d.overview.totalQuizzes} />
            <StatCard label="Submissions" value={d.overview.totalSubmissions} />
            <StatCard label="Records" value={d.overview.totalRecords} />
            <StatCard label="Active Users" value={d.overview.activeUsers} hint="signed in within 7 days" />
          </>
        ) : (
          Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={92} radius="md" />)
        )}
      </SimpleGrid>

      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Quick Actions
        </Title>
        <Group gap="xs" wrap="wrap" component="nav" aria-label="Quick actions">
          {QUICK_ACTIONS.map((a) => (
            <Button key={a.to} component={Link} to={a.to} variant="light">
              {a.label}
            </Button>
          ))}
        </Group>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            User Distribution
          </Title>
          {d ? (
            <Stack align="center" gap="sm">
              <Suspense fallback={<Skeleton height={160} circle />}>
                <UserDistributionChart
                  data={[
                    { name: "Admins", value: d.userDistribution.admin, color: "grape.6" },
                    { name: "Teachers", value: d.userDistribution.teacher, color: "blue.6" },
                    { name: "Students", value: d.userDistribution.student, color: "teal.6" },
                  ]}
                />
              </Suspense>
              <Group gap="md" justify="center" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Users by role">
                <li>Admins: {d.userDistribution.admin}</li>
                <li>Teachers: {d.userDistribution.teacher}</li>
                <li>Students: {d.userDistribution.student}</li>
              </Group>
            </Stack>
          ) : (
            <Skeleton height={200} />
          )}
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Recent Activity
            </Title>
            <Anchor component={Link} to={`${BASE}/logs`} size="sm">
              View all logs
            </Anchor>
          </Group>
          {d ? <ActivityList items={d.recentActivity} /> : <Skeleton height={200} />}
        </Paper>

        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            System Status
          </Title>
          {d ? (
            <Stack gap="sm">
              <Group justify="space-between">
                <Text size="sm">Server</Text>
                <Badge color="green" variant="light">
                  {d.systemHealth.server}
                </Badge>
              </Group>
              <Group justify="space-between">
                <Text size="sm">Database ({d.systemHealth.databaseKind === "postgres" ? "PostgreSQL" : "embedded"})</Text>
                <Badge color="green" variant="light">
                  {d.systemHealth.database}
                </Badge>
              </Group>
              <Stack gap={4}>
                <Group justify="space-between">
                  <Text size="sm">Storage</Text>
                  <Text size="sm" fw={600}>
                    {d.systemHealth.storage === null ? "Unknown" : `${d.systemHealth.storage}% used`}
                  </Text>
                </Group>
                {d.systemHealth.storage !== null && (
                  <Progress
                    value={d.systemHealth.storage}
                    color={d.systemHealth.storage >= STORAGE_WARNING_PERCENT ? "red" : "green"}
                    aria-label="Data disk used"
                  />
                )}
              </Stack>
              {d.systemHealth.storage !== null && d.systemHealth.storage >= STORAGE_WARNING_PERCENT && (
                <Alert color="red" role="alert" title="Storage is running low">
                  The data disk is {d.systemHealth.storage}% full. Free space or move old backups to another disk.
                </Alert>
              )}
              <Group justify="space-between">
                <Text size="sm">Response time</Text>
                <Text size="sm" fw={600}>
                  {d.systemHealth.responseTime} ms
                </Text>
              </Group>
            </Stack>
          ) : (
            <Skeleton height={160} />
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
