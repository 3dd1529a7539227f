import { Link } from "react-router";
import { Alert, Anchor, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { PendingCount } from "@adesua/domain";
import { useAuth } from "@/lib/auth";
import { api } from "@/lib/api";
import { Greeting } from "@/components/greeting";

/** "N teachers are waiting for approval" on the admin home; under the "users" key so decisions refresh it. */
function PendingTeachers() {
  const pending = useQuery({ queryKey: ["users", "pending-count"], queryFn: ({ signal }) => api<PendingCount>("/users/pending-count", { signal }) });
  const n = pending.data?.pending ?? 0;
  if (n === 0) return null;
  return (
    <Alert color="yellow" title="Teachers waiting for approval">
      {n === 1 ? "1 teacher is" : `${n} teachers are`} waiting for your approval.{" "}
      <Anchor component={Link} to="/admin/dashboard/users">
        Review them in Users
      </Anchor>
    </Alert>
  );
}

export function AdminHomePage() {
  const { user } = useAuth();
  return (
    <Stack>
      <Greeting name={user?.name ?? ""} subtitle="Welcome to the school administration dashboard." />
      {user?.role === "admin" && <PendingTeachers />}
    </Stack>
  );
}
